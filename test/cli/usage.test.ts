/**
 * Flags and their values, and the usage errors (exit 2): each names the flag or the command, says
 * what is allowed, and suggests the nearest name; nothing is sent.
 */
import { createFakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('values', () => {
  it('numbers, booleans, enums, date-times, JSON and null reach the API typed', async () => {
    const fake = createFakeChainbill();
    const pm = fake.seed.paymentMethod({ is_default: false });
    const customer = await runCli(
      ['customers', 'create', '--email', 'ada@example.com', '--metadata', '{"tier":"gold","seats":3}'],
      { fake },
    );
    expect(customer.code).toBe(0);
    expect(JSON.parse(customer.stdout)).toMatchObject({
      email: 'ada@example.com',
      metadata: { tier: 'gold', seats: 3 },
    });
    const updated = await runCli(
      [
        'payment-methods',
        'update',
        pm.id,
        '--required-confirmations',
        '12',
        '--is-default',
        '--no-display-name',
      ],
      { fake },
    );
    expect(updated.code, updated.stderr).toBe(0);
    expect(fake.requests.at(-1)?.body).toEqual({
      required_confirmations: 12,
      is_default: true,
      display_name: null,
    });
    await runCli(['payment-methods', 'update', pm.id, '--no-is-default', '--min-amount-usd', '2.5'], {
      fake,
    });
    expect(fake.requests.at(-1)?.body).toEqual({ is_default: false, min_amount_usd: 2.5 });
    await runCli(
      ['payouts', 'list', '--status', 'draft', '--due-date-after', '2026-12-01T00:00:00Z', '--limit', '5'],
      {
        fake,
      },
    );
    expect(fake.requests.at(-1)?.query).toEqual({
      status: 'draft',
      due_date_after: '2026-12-01T00:00:00Z',
      limit: '5',
    });
  });

  it('a value that starts with a dash is the value of the flag before it', async () => {
    const fake = createFakeChainbill();
    const ran = await runCli(['customers', 'create', '--email', 'ada@example.com', '--name', '-Ada-'], {
      fake,
    });
    expect(ran.code).toBe(0);
    expect(fake.requests[0]?.body).toEqual({ email: 'ada@example.com', name: '-Ada-' });
  });
});

describe('usage errors: exit 2, nothing sent', () => {
  const cases: [string, string[], RegExp][] = [
    [
      'an unknown resource',
      ['payots', 'list'],
      /chainbill has no command "payots" \(did you mean payouts\?\)/,
    ],
    [
      'an unknown operation',
      ['payouts', 'lst'],
      /chainbill payouts has no command "lst" \(did you mean list\?\)/,
    ],
    [
      'a group without a command',
      ['payouts', 'settlements'],
      /chainbill payouts settlements needs a command: list/,
    ],
    [
      'an unknown flag',
      ['payouts', 'list', '--staus', 'draft'],
      /unknown flag --staus \(did you mean --status\?\)/,
    ],
    ['a flag of another command', ['payouts', 'list', '--yes'], /unknown flag --yes/],
    [
      'an enum value',
      ['payouts', 'list', '--status', 'aproved'],
      /--status takes one of draft, approved, .*, not "aproved" \(did you mean approved\?\)/,
    ],
    [
      'a number',
      ['payouts', 'list', '--limit', 'ten'],
      /--limit takes a whole number from 1 to 100, not "ten"/,
    ],
    ['a limit, by the SDK', ['payouts', 'list', '--limit', '500'], /--limit: .*100/],
    [
      'a boolean',
      ['entitlements', 'update', 'ent_1', '--value-boolean', 'yes'],
      /--value-boolean takes true or false/,
    ],
    [
      'JSON',
      ['customers', 'create', '--email', 'a@b.co', '--metadata', '{tier:'],
      /--metadata takes a JSON object: .* is not JSON/,
    ],
    [
      'JSON not an object',
      ['customers', 'create', '--email', 'a@b.co', '--metadata', '[1]'],
      /--metadata takes a JSON object/,
    ],
    ['a missing value', ['payouts', 'list', '--status'], /--status needs a value: one of draft/],
    ['a value to a switch', ['payouts', 'list', '--all=yes'], /--all takes no value/],
    ['a flag twice', ['payouts', 'list', '--limit', '5', '--limit', '50'], /--limit is given twice/],
    [
      'a value and its --no-',
      ['payouts', 'update', 'po_1', '--description', 'x', '--no-description', '--yes'],
      /both given/,
    ],
    ['a missing id', ['payouts', 'approve', '--yes'], /payouts approve needs an id: po_…/],
    [
      'an id where none is taken',
      ['payouts', 'list', 'po_1'],
      /payouts list takes no arguments, not also "po_1"/,
    ],
    [
      'an id of another kind',
      ['payouts', 'approve', 'sub_1', '--yes'],
      /the id: must be an id starting with `po_`/,
    ],
    [
      'missing required flags, all named',
      ['payouts', 'create', '--chain', 'tron', '--yes'],
      /needs --recipient-address \(text not empty\), --token \(one of USDT, USDC\), --amount \(a number of at least 0.01\)$/m,
    ],
    [
      'a limit of a money move, by its preview',
      [
        'payouts',
        'create',
        ...['--recipient-address', 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc', '--chain', 'tron'],
        ...['--token', 'USDT', '--amount', '0.001', '--currency', 'USD', '--yes'],
      ],
      /^chainbill: --amount: .*0\.01/,
    ],
    [
      'a date past the largest Date',
      ['payouts', 'list', '--due-date-after', '+275760-09-13T00:00:00.001Z'],
      /--due-date-after: /,
    ],
    [
      'an unknown format',
      ['payouts', 'list', '--format', 'tabel'],
      /--format takes one of json, jsonl, table, not "tabel" \(did you mean table\?\)/,
    ],
    ['a bad --timeout', ['payouts', 'list', '--timeout', '5s'], /--timeout takes a whole number/],
    [
      '--api-key',
      ['payouts', 'list', '--api-key', 'sk_test_pasted'],
      /there is no --api-key flag: .*set CHAINBILL_API_KEY/,
    ],
  ];
  for (const [what, argv, message] of cases) {
    it(what, async () => {
      const fake = createFakeChainbill();
      const ran = await runCli(argv, { fake });
      expect(ran.stderr).toMatch(message);
      expect(ran.stderr).toMatch(/^chainbill: [^\n]+\n$/);
      expect(ran.stderr).not.toContain('sk_test_pasted');
      expect(ran.code).toBe(2);
      expect(ran.stdout).toBe('');
      expect(fake.requests).toHaveLength(0);
    });
  }

  it('hostile values: deep JSON, a lone surrogate, a number past the largest double', async () => {
    const fake = createFakeChainbill();
    const run = (...argv: string[]) => runCli(argv, { fake });
    const deepArray = await run(
      'customers',
      'create',
      '--email',
      'a@b.co',
      '--metadata',
      '['.repeat(5000) + ']'.repeat(5000),
    );
    expect(deepArray).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^chainbill: --metadata takes a JSON object, not "\[{40}…"\n$/),
    });
    const huge = await run('payment-links', 'create', '--amount-usd', '1e400', '--payment-method-id', 'pm_1');
    expect(huge).toMatchObject({ code: 2, stderr: expect.stringContaining('--amount-usd takes a number') });
    expect(fake.requests).toHaveLength(0);
    // Sent as JSON escapes it; what the service makes of it is the service's answer.
    const surrogate = await run('customers', 'create', '--email', 'a@b.co', '--name', 'x\uD800');
    expect(surrogate.code).toBe(0);
    expect(fake.requests[0]?.body).toMatchObject({ name: 'x\uD800' });
    // 5 000 levels of objects: whatever the SDK answers, one line and no stack trace.
    const nested = await run(
      'customers',
      'create',
      '--email',
      'a@b.co',
      '--metadata',
      `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    );
    expect(nested.code).toBeOneOf([0, 1, 2]);
    expect(nested.stderr).toMatch(/^([^\n]*\n)?$/);
  });

  it('without a key or a base URL, says which variable to set', async () => {
    const noKey = await runCli(['payouts', 'list'], { env: { CHAINBILL_BASE_URL: 'http://127.0.0.1:9/v1' } });
    expect(noKey).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/set CHAINBILL_API_KEY .*no --api-key flag/),
    });
    const noUrl = await runCli(['payouts', 'list'], { env: { CHAINBILL_API_KEY: 'sk_test_abc' } });
    expect(noUrl).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/set CHAINBILL_BASE_URL or pass --base-url/),
    });
    const badUrl = await runCli(['payouts', 'list', '--base-url', 'http://api.example.com/v1'], {
      env: { CHAINBILL_API_KEY: 'sk_test_abc' },
    });
    expect(badUrl.code).toBe(2);
  });

  it('no command at all: the root help on stderr, exit 2; --version prints the version', async () => {
    const none = await runCli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/chainbill needs a command: .*payouts/);
    const version = await runCli(['--version']);
    expect(version).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
  });
});

describe('amounts and JSON, as typed', () => {
  it('an amount is a decimal the API gets exactly: exponent forms and digits a number cannot hold are exit 2', async () => {
    const fake = createFakeChainbill();
    const create = (amount: string) =>
      runCli(
        [
          'payouts',
          'create',
          '--recipient-address',
          'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc',
          '--chain',
          'tron',
        ].concat(['--token', 'USDT', '--amount', amount, '--yes']),
        { fake },
      );
    for (const [amount, message] of [
      ['1e3', /--amount takes .* written as a decimal \(12\.5, not 1\.25e1\), not "1e3"/],
      ['100.000000000000001', /--amount: "100\.000000000000001" cannot be sent exactly \(it would be 100\)/],
      ['9007199254740993', /cannot be sent exactly \(it would be 9007199254740992\)/],
    ] as const) {
      const ran = await create(amount);
      expect(ran.code).toBe(2);
      expect(ran.stderr).toMatch(message);
    }
    expect(fake.requests).toEqual([]);
    const exact = await create('12.50');
    expect(exact.code, exact.stderr).toBe(0);
    expect(fake.requests[0]?.body).toMatchObject({ amount: 12.5, currency: 'USD' });
  });

  it('a key named __proto__ in a JSON flag is refused (exit 2), never sent as {}', async () => {
    const fake = createFakeChainbill();
    for (const metadata of ['{"__proto__": {"admin": true}}', '{"a": [{"__proto__": 1}]}']) {
      const ran = await runCli(['customers', 'create', '--email', 'a@b.co', '--metadata', metadata], {
        fake,
      });
      expect(ran).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/^chainbill: --metadata: a key named "__proto__" is refused/),
      });
    }
    expect(fake.requests).toEqual([]);
  });
});
