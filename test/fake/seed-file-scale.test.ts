/**
 * A seed file applies in time linear in its records (docs/fake-server.md: Seed files): four times
 * the records cost about four times the CPU. CPU time of this process, compared
 * between two sizes measured in turn, so a busy machine moves both alike; no bound on wall time.
 */
import { applySeedFile, createFakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';

/** This process's CPU time to apply a seed file of `count` customers to a new fake, µs. */
function cpuToApply(count: number): number {
  const customers = Array.from({ length: count }, () => ({}));
  const file = { organizations: [{ id: 'org_scale', sandbox: { customers } }] };
  const fake = createFakeChainbill();
  const before = process.cpuUsage();
  const { organizations } = applySeedFile(fake, file);
  const { user, system } = process.cpuUsage(before);
  expect(organizations[0]?.created.sandbox['customers']).toHaveLength(count);
  return user + system;
}

describe('seed files at scale', () => {
  it('5 000 → 20 000 customers costs about 4× the CPU (a quadratic applier costs over 25×)', () => {
    cpuToApply(5_000); // warm-up: the first records run before the JIT has compiled the applier
    // The lower of two rounds: a pause elsewhere in the process can only raise a ratio.
    const ratios = [0, 1].map(() => cpuToApply(20_000) / cpuToApply(5_000));
    expect(Math.min(...ratios)).toBeLessThan(10);
  });
});
