/**
 * Every operation of the catalog is a `chainbill` command that sends what the SDK's method sends,
 * with help that lists each flag and an example that runs; an operation added to a table is a
 * command with no CLI code. Derived from the catalog, so a new operation is covered too.
 */
import { Chainbill } from 'chainbill';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CatalogEntry, catalog, invoke } from '../../src/catalog/catalog.js';
import { paramsJsonSchema } from '../../src/catalog/json-schema.js';
import { payoutOperations } from '../../src/payouts/operations.js';
import { rows, validId, validParams } from '../property-rows.js';
import { kebab, runCli } from './run-cli.js';

const wordsOf = (entry: CatalogEntry): string[] => [...entry.resource, entry.method].map(kebab);

/** The command line for an input, by the CLI's rules: flags in kebab case, `--no-x` for null. */
function argvOf(entry: CatalogEntry, id: string, params: Record<string, unknown>): string[] {
  const schema = paramsJsonSchema(entry);
  const argv = [...wordsOf(entry), ...(entry.idPrefix === undefined ? [] : [id])];
  for (const [param, value] of Object.entries(params)) {
    const flag = `--${kebab(param)}`;
    const bare = schema.properties[param]?.['type'] === 'boolean';
    if (value === undefined) continue;
    if (value === null || (bare && value === false)) argv.push(`--no-${kebab(param)}`);
    else if (bare) argv.push(flag);
    else if (value instanceof Date) argv.push(flag, value.toISOString());
    else if (typeof value === 'object') argv.push(flag, JSON.stringify(value));
    else if (typeof value === 'number') argv.push(flag, plainDecimal(value));
    else argv.push(flag, String(value));
  }
  return entry.movesMoney ? [...argv, '--yes'] : argv;
}

/** A number as a plain decimal, as a person types it (the CLI refuses exponent forms). */
function plainDecimal(value: number): string {
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = `${whole}${fraction}`;
  const point = whole.length + Number(exponent);
  const text =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? `${digits}${'0'.repeat(point - digits.length)}`
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${text}`;
}

function sdkClient(fake: FakeChainbill): Chainbill {
  return new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch, maxRetries: 0 });
}

/** The requests a fake answered, a payout's id written `{id}` (two fakes make two ids). */
const sent = (fake: FakeChainbill, id: string) =>
  fake.requests.map(({ method, path, query, body }) => ({
    method,
    path: path.replace(id, '{id}'),
    query,
    body,
  }));

/** A draft in a fake, for a money move by id: one that is found, checked and approved. */
const draftIn = (fake: FakeChainbill): string => fake.seed.payout({ status: 'draft', amount: 12.5 }).id;

describe('every catalog entry is a command', () => {
  for (const entry of catalog) {
    const row = rows.find((each) => each.name === entry.name);
    it(`${wordsOf(entry).join(' ')}: sends what ${entry.name} sends`, async () => {
      expect(row, `a property row for ${entry.name}`).toBeDefined();
      if (row === undefined) return;
      await fc.assert(
        fc.asyncProperty(validId(row), validParams(row), async (id, params) => {
          const viaCli = createFakeChainbill();
          const viaSdk = createFakeChainbill();
          // A money move by id looks for its draft first: each fake gets one.
          const drafts = entry.movesMoney && entry.idPrefix !== undefined;
          const cliId = drafts ? draftIn(viaCli) : id;
          const sdkId = drafts ? draftIn(viaSdk) : id;
          viaCli.requests.length = 0;
          viaSdk.requests.length = 0;
          const ran = await runCli(argvOf(entry, cliId, params), { fake: viaCli });
          const input = {
            id: entry.idPrefix === undefined ? undefined : sdkId,
            ...(entry.takesParams ? { params } : {}),
          };
          const answer = await Promise.resolve(invoke(sdkClient(viaSdk), entry, input)).then(
            () => 0,
            () => 1,
          );
          const sdk = sent(viaSdk, sdkId);
          if (sdk.length === 0) {
            // The SDK refused before sending: the CLI does too, as a usage error or a refusal.
            expect(ran.code).toBeOneOf([2, 3]);
            expect(viaCli.requests).toHaveLength(0);
            return;
          }
          expect(ran.stderr.startsWith('chainbill:'), ran.stderr).toBe(false);
          expect(ran.code).toBe(answer);
          const approving = { ...entry.fixed, ...params }['status'] === 'approved';
          const lookup =
            drafts && approving
              ? [
                  {
                    method: 'GET',
                    path: '/payouts',
                    query: { status: 'draft', limit: '100' },
                    body: undefined,
                  },
                ]
              : [];
          expect(sent(viaCli, cliId)).toEqual([...lookup, ...sdk]);
        }),
        { numRuns: 15 },
      );
    });
  }
});

/** The example line of a help text, split as a POSIX shell would split it (single quotes only). */
function exampleOf(help: string): string[] {
  const line =
    help
      .split('\n')
      .at(help.split('\n').indexOf('Example:') + 1)
      ?.trim() ?? '';
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? '').slice(1);
}

describe('help', () => {
  for (const entry of catalog) {
    const words = wordsOf(entry);
    it(`${words.join(' ')} --help lists each flag with its type and limits, and an example that parses`, async () => {
      const ran = await runCli([...words, '--help']);
      expect(ran.code).toBe(0);
      expect(ran.stdout).toContain(`Usage: chainbill ${words.join(' ')}`);
      expect(ran.stdout).toContain(entry.route);
      expect(ran.stdout).toContain('The key comes from CHAINBILL_API_KEY only: there is no --api-key flag');
      const schema = paramsJsonSchema(entry);
      for (const [param, field] of Object.entries(schema.properties)) {
        const at = ran.stdout.indexOf(`  --${kebab(param)}`);
        expect(at, `--${kebab(param)}`).toBeGreaterThan(0);
        const facts = ran.stdout.slice(at).split('\n')[1] ?? '';
        // A required param the CLI defaults (the currency) says its default.
        expect(facts).toMatch(
          schema.required?.includes(param) ? /^\s+(required|default \w+);/ : /^\s+optional;/,
        );
        for (const value of (field['enum'] as string[] | undefined) ?? []) expect(facts).toContain(value);
        if (typeof field['minimum'] === 'number') expect(facts).toContain(String(field['minimum']));
      }
      // The example is a command line the CLI accepts: against a fake it is never a usage error.
      const example = exampleOf(ran.stdout);
      expect(example.slice(0, words.length)).toEqual(words);
      const fake = createFakeChainbill();
      const tried = await runCli(example, { fake });
      expect(tried.code, tried.stderr).not.toBe(2);
      // A money move's example is a dry run: at most the draft it would approve is read.
      if (entry.movesMoney) expect(fake.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    });
  }

  it('each group lists its commands and nested groups; the root its resources, the key and the exit codes', async () => {
    const root = await runCli(['--help']);
    expect(root.code).toBe(0);
    for (const entry of catalog) expect(root.stdout).toContain(`  ${kebab(entry.resource[0] ?? '')} `);
    expect(root.stdout).toMatch(/CHAINBILL_API_KEY.*There is no --api-key flag/s);
    expect(root.stdout).toMatch(/130\s+interrupted/);
    const payouts = await runCli(['payouts', '-h']);
    expect(payouts.stdout).toMatch(/^\s+settlements …/m);
    for (const method of ['create', 'list', 'update', 'approve', 'cancel'])
      expect(payouts.stdout).toMatch(new RegExp(`^\\s+${method}\\s`, 'm'));
    const nested = await runCli(['payouts', 'settlements', 'list', '--help']);
    expect(nested.stdout).toContain('--payout-intent-id <string>');
  });
});

describe('a new operation', () => {
  it('added to a table is a command with its flags, help and request, with no CLI code', async () => {
    const table = payoutOperations as unknown as Record<string, unknown>;
    table['refund'] = { ...payoutOperations.create, path: '/payouts/refunds', movesMoney: undefined };
    try {
      const help = await runCli(['payouts', 'refund', '--help']);
      expect(help.stdout).toContain('Route: POST /payouts/refunds');
      expect(help.stdout).toMatch(/--chain tron\|arbitrum\|base\n\s+required/);
      const fake = createFakeChainbill();
      const ran = await runCli(
        [
          'payouts',
          'refund',
          '--recipient-address',
          'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc',
          '--chain',
          'tron',
        ].concat(['--token', 'USDT', '--amount', '12.5', '--currency', 'USD']),
        { fake },
      );
      expect(ran.code).toBe(1); // the fake has no such route: a 404, after the request went out
      expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/payouts/refunds' });
    } finally {
      delete table['refund'];
    }
  });
});
