/**
 * One gate for seeds from every source (`fake.seed.*`, `applySeedFile`, the
 * control API, `chainbill-fake --seed`): a request body's limits (1 MiB, 32 levels), ISO 8601
 * date-times, http(s) webhook URLs, the API's own field limits; and a seed file applies whole or
 * not at all. (`clock.set(null)`: test/fake/clock-bounds.test.ts.)
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthenticationError, Chainbill } from 'chainbill';
import {
  applySeedFile,
  createFakeChainbill,
  FakeApiError,
  type FakeChainbill,
  randomAddress,
  SeedFileError,
} from 'chainbill/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { failure } from '../helpers.js';
import { runCli } from './cli-process.js';

/** A value nested `levels` deep: `{ a: { a: … {} } }`. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

function clientOf(fake: FakeChainbill, apiKey = fake.apiKey): Chainbill {
  return new Chainbill({ apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch, maxRetries: 0, logLevel: 'off' });
}

/** A seed file of one organization with one record in a sandbox collection. */
function seedFile(collection: string, record: Record<string, unknown>, key = 'sk_test_gate_1') {
  return {
    organizations: [{ id: 'org_gate', keys: { sandbox: [key] }, sandbox: { [collection]: [record] } }],
  };
}

/** Values the API would never return, each with the field the refusal names. */
const junk: [
  collection: string,
  seed: 'customer' | 'payout' | 'webhookEndpoint',
  field: string,
  value: unknown,
][] = [
  ['customers', 'customer', 'created_at', 'yesterday-ish'],
  ['payouts', 'payout', 'due_date', 'not a date'],
  ['payouts', 'payout', 'approved_at', '2026-02-30T10:00:00Z'],
  ['webhook_endpoints', 'webhookEndpoint', 'url', 'javascript:alert(1)'],
  ['webhook_endpoints', 'webhookEndpoint', 'url', 'ftp://merchant.example/hooks'],
  ['customers', 'customer', 'name', 'x'.repeat(257)],
  ['customers', 'customer', 'email', 42],
  ['customers', 'customer', 'nickname', 'Ada'],
];

describe('fake.seed.*: the gate', () => {
  it.each(junk)('refuses %s.%s %s = …, naming it, and stores nothing', async (_, seed, field, value) => {
    const fake = createFakeChainbill();
    const run = () => (fake.seed[seed] as (fields: Record<string, unknown>) => unknown)({ [field]: value });
    expect(run).toThrow(FakeApiError);
    expect(run).toThrow(expect.objectContaining({ status: 400, param: field }));
    expect(fake.events).toEqual([]);
    expect((await clientOf(fake).customers.list()).data).toEqual([]);
  });

  it('refuses metadata nested 5 000 levels, or over 1 MiB; the fake keeps answering', async () => {
    const fake = createFakeChainbill();
    expect(() => fake.seed.customer({ metadata: nested(5_000) })).toThrow(
      /fields nests deeper than 32 levels/,
    );
    expect(() => fake.seed.checkout({ metadata: { note: 'x'.repeat(1024 * 1024) } })).toThrow(
      /larger than 1 MiB/,
    );
    fake.seed.customer({ metadata: nested(31) }); // 32 levels with the fields object, as a body
    const { data } = await clientOf(fake).customers.list();
    expect(data).toHaveLength(1);
  });

  it('takes a Date or an ISO 8601 string for a date-time, and stores it as toISOString()', () => {
    const fake = createFakeChainbill();
    const payout = fake.seed.payout({
      due_date: '2026-12-01T09:30:00+02:00',
      recipient_address: randomAddress('tron'),
    });
    expect(payout.due_date).toBe('2026-12-01T07:30:00.000Z');
    const event = fake.seed.revenueEvent({
      occurred_at: new Date('2026-05-01T00:00:00Z') as never,
      amount: 12.5,
    });
    expect(event.occurred_at).toBe('2026-05-01T00:00:00.000Z');
    expect(fake.seed.webhookEndpoint({ url: 'https://merchant.example/hooks' }).url).toBe(
      'https://merchant.example/hooks',
    );
  });
});

describe('applySeedFile and the control API: the same gate, whole or not at all', () => {
  it.each(junk)(
    'a seed file with %s.%s %s = … is refused naming its path; nothing applied',
    async (collection, _, field, value) => {
      const fake = createFakeChainbill();
      const apply = () => applySeedFile(fake, seedFile(collection, { [field]: value }));
      expect(apply).toThrow(SeedFileError);
      expect(apply).toThrow(
        expect.objectContaining({ path: `organizations[0].sandbox.${collection}[0].${field}` }),
      );
      const error = await failure(clientOf(fake, 'sk_test_gate_1').customers.list());
      expect(error).toBeInstanceOf(AuthenticationError); // its key was not issued
    },
  );

  it('a seed file nested deeper than 32 levels, or over 1 MiB, is refused whole', () => {
    const fake = createFakeChainbill();
    expect(() => applySeedFile(fake, seedFile('customers', { metadata: nested(5_000) }))).toThrow(
      /a seed file nests deeper than 32 levels/,
    );
    const big = seedFile('customers', { metadata: { note: 'x'.repeat(1024 * 1024) } });
    expect(() => applySeedFile(fake, big)).toThrow(/a seed file is larger than 1 MiB/);
  });

  it('after createApiKey, a seed file that fails half way issues no key and applies no record', async () => {
    const fake = createFakeChainbill();
    const own = fake.createApiKey({ orgId: 'org_a', key: 'sk_test_org_a_1' });
    const file = {
      organizations: [
        {
          id: 'org_b',
          keys: { sandbox: ['sk_test_first'] },
          sandbox: { customers: [{ email: 'b@example.com' }] },
        },
        { id: 'org_c', keys: { sandbox: [own] } }, // another organization's key: refused
      ],
    };
    expect(() => applySeedFile(fake, file)).toThrow(/organizations\[1\]\.keys\.sandbox\[0\]/);
    const error = await failure(clientOf(fake, 'sk_test_first').customers.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(fake.events).toEqual([]);
    await expect(clientOf(fake, own).customers.list()).resolves.toMatchObject({ data: [] });
  });

  it('POST /_fake/seed refuses the same values with 400 seed_invalid; clock { set: null } is a 400', async () => {
    const fake = createFakeChainbill();
    const server = await fake.listen({ controlToken: 'control-token-12' });
    try {
      const post = async (path: string, body: unknown) => {
        const response = await fetch(server.url.replace(/\/v1$/, `/_fake/${path}`), {
          method: 'POST',
          headers: { authorization: 'Bearer control-token-12', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return {
          status: response.status,
          body: (await response.json()) as { error: Record<string, unknown> },
        };
      };
      for (const [collection, , field, value] of junk) {
        const { status, body } = await post('seed', seedFile(collection, { [field]: value }));
        expect([status, body.error['code'], body.error['param']]).toEqual([
          400,
          'seed_invalid',
          `organizations[0].sandbox.${collection}[0].${field}`,
        ]);
      }
      for (const set of [null, true, 0])
        expect(await post('clock', { set })).toMatchObject({
          status: 400,
          body: { error: { param: 'set' } },
        });
    } finally {
      await server.close();
    }
  });
});

// chainbill-fake as its users run it (test/fake/cli-process.ts), to its end: its exit and stderr.
const scratch = mkdtempSync(join(tmpdir(), 'chainbill-seed-gate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
async function exit(...args: string[]): Promise<{ code: number | null; stderr: string }> {
  const { code, stderr } = await runCli('--port', '0', ...args);
  return { code, stderr };
}

describe('chainbill-fake --seed: the same gate, before anything is served', () => {
  it('refuses a seed file with metadata nested 5 000 levels (exit 2)', async () => {
    const path = join(scratch, 'deep.json');
    // Written as text: JSON.stringify of 5 000 levels overflows the stack of a test worker.
    const metadata = `${'{"a":'.repeat(4_999)}{}${'}'.repeat(4_999)}`;
    writeFileSync(
      path,
      `{"organizations":[{"id":"org_gate","sandbox":{"customers":[{"metadata":${metadata}}]}}]}`,
    );
    expect(await exit('--seed', path)).toEqual({
      code: 2,
      stderr: `chainbill-fake: seed file ${path}: a seed file nests deeper than 32 levels\n`,
    });
  });

  it('refuses a seed date that is not one, naming its path (exit 2)', async () => {
    const path = join(scratch, 'dates.json');
    writeFileSync(path, JSON.stringify(seedFile('payouts', { due_date: 'not a date' })));
    const { code, stderr } = await exit('--seed', path);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /organizations\[0\]\.sandbox\.payouts\[0\]\.due_date: must be an ISO 8601 date-time/,
    );
  });

  it.skipIf(!existsSync('/dev/zero'))(
    'refuses --seed /dev/zero without reading it: a device is not a seed file (exit 2)',
    async () => {
      expect(await exit('--seed', '/dev/zero')).toEqual({
        code: 2,
        stderr: 'chainbill-fake: --seed: cannot read /dev/zero: it is a device, not a regular file\n',
      });
    },
  );
});

describe('simulate.* and seed.* take any argument through one gate, as the control API does', () => {
  /** Whatever a call throws, or `undefined`. */
  function thrown(call: () => unknown): unknown {
    try {
      call();
    } catch (error) {
      return error;
    }
    return undefined;
  }

  it('a null, a number or a string where an options object goes is a 400 FakeApiError, never a TypeError', () => {
    const fake = createFakeChainbill();
    fake.seed.paymentMethod();
    const checkout = fake.seed.checkout();
    const payout = fake.seed.payout({ status: 'approved' });
    const calls: [string, () => unknown][] = [
      ['payCheckout', () => fake.simulate.payCheckout(checkout.checkout_id, null as never)],
      ['payCheckout', () => fake.simulate.payCheckout(checkout.checkout_id, 'x' as never)],
      ['payCheckout', () => fake.simulate.payCheckout(checkout.checkout_id, { amount_atomic: 5 } as never)],
      ['settlePayout', () => fake.simulate.settlePayout(payout.id, null as never)],
      ['settlePayout', () => fake.simulate.settlePayout(payout.id, { confirmations: -1 })],
      ['failPayout', () => fake.simulate.failPayout(payout.id, { reason: 'x' } as never)],
      ['failNextRenewal', () => fake.simulate.failNextRenewal('sub_1', 7 as never)],
      ['failPaymentMethod', () => fake.simulate.failPaymentMethod('pm_1', 'yes' as never)],
      ['advancePayout', () => fake.simulate.advancePayout(null as never)],
      ['seed.payout', () => fake.seed.payout({}, null as never)],
      ['seed.customer', () => fake.seed.customer({}, { apiKey: 5 } as never)],
      ['seed.plan', () => fake.seed.plan({}, { apiKey: 'sk_test_nobody' })],
    ];
    for (const [name, call] of calls) {
      const error = thrown(call);
      expect([name, error instanceof FakeApiError, (error as FakeApiError).status]).toEqual([
        name,
        true,
        400,
      ]);
    }
    // Nothing moved: the payout is still approved, the checkout pending.
    expect(fake.events.filter((e) => e.cause === 'simulate')).toEqual([]);
  });

  it('over the control API the same call is the same 400, naming the same parameter', async () => {
    const fake = createFakeChainbill();
    const checkout = fake.seed.checkout();
    const server = await fake.listen({ controlToken: 'control-token-gate' });
    try {
      const response = await fetch(server.url.replace(/\/v1$/, '/_fake/simulate/payCheckout'), {
        method: 'POST',
        headers: { authorization: 'Bearer control-token-gate', 'content-type': 'application/json' },
        body: JSON.stringify({ args: [checkout.checkout_id, null] }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: 'parameter_invalid', param: 'transfer' },
      });
      const inProcess = thrown(() => fake.simulate.payCheckout(checkout.checkout_id, null as never));
      expect(inProcess).toMatchObject({ status: 400, param: 'transfer' });
    } finally {
      await server.close();
    }
  });
});
