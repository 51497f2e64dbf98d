/**
 * `chainbill trigger <event>`: makes an event happen in a fake (`chainbill fake`, `chainbill-fake`)
 * through its control API, as `stripe trigger` does against test mode: it creates what the event
 * needs in the key's organization and environment (a checkout, a subscription with its customer,
 * plan and payment method, an approved payout), runs the fake's own simulation on it, and prints
 * what it made. The control URL and token come from `CHAINBILL_FAKE_CONTROL_URL` and
 * `CHAINBILL_FAKE_CONTROL_TOKEN`, or from the fake's `--json` line in a file (`--fake-json`).
 */
import { parseArgs } from 'node:util';
import { readFlagJson } from '../catalog/file-flags.js';
import { Chainbill } from '../client.js';
import { UsageError } from './errors.js';
import type { Io } from './io.js';
import { nodeFetch } from './node-fetch.js';
import type { Output } from './output.js';
import { didYouMean } from './suggest.js';
import { type TriggerNeed, triggerEvents } from './trigger-events.js';

/** Where the control API is, and the key whose organization gets the records. */
interface Target {
  readonly controlUrl: string;
  readonly token: string;
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly orgId: string;
  readonly environment: 'sandbox' | 'live';
}

/** A control API answer that is an error: its status and body, as one JSON line on stderr (exit 1). */
export class ControlError extends Error {
  override readonly name = 'ControlError';
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`the fake's control API answered ${status}: ${JSON.stringify(body)}`);
  }
}

function help(): string {
  const width = Math.max(...Object.keys(triggerEvents).map((name) => name.length));
  return [
    'Usage: chainbill trigger <event> [--fake-json <file>] [--format json|jsonl]',
    '',
    "Makes an event happen in a fake through its control API: creates what it needs in the key's",
    "organization and environment, runs the fake's own simulation, and prints what it made.",
    '',
    'Events:',
    ...Object.entries(triggerEvents).map(([name, event]) => `  ${name.padEnd(width)}  ${event.summary}`),
    '',
    'The fake:',
    '  CHAINBILL_FAKE_CONTROL_URL    its control URL (…/_fake/), and CHAINBILL_FAKE_CONTROL_TOKEN its token,',
    '  --fake-json <file>            or the line `chainbill fake --json` printed, saved in a file.',
    '  CHAINBILL_API_KEY             whose organization and environment get the records (default: the',
    "                                fake's own sandbox key).",
    '',
    'Example:',
    '  chainbill fake --port 0 --json > fake.json &',
    '  chainbill trigger checkout.confirmed --fake-json fake.json',
    '',
  ].join('\n');
}

/**
 * Runs `chainbill trigger`.
 *
 * @param args - Its arguments.
 * @param io - Environment, signal.
 * @param streams - stdout and stderr.
 * @returns The exit code.
 * @throws {UsageError} for an unknown event or flag, or no fake to reach.
 * @throws {ControlError} when the control API refuses a call.
 */
export async function trigger(
  args: string[],
  io: Io,
  streams: { out: Output; err: Output },
): Promise<number> {
  const { values, positionals } = readArgs(args);
  if (values.help === true) {
    await streams.out.write(help());
    return 0;
  }
  const [name, ...extra] = positionals;
  const names = Object.keys(triggerEvents);
  if (name === undefined) throw new UsageError(`chainbill trigger needs an event: ${names.join(', ')}`);
  const event = Object.hasOwn(triggerEvents, name) ? triggerEvents[name] : undefined;
  if (event === undefined)
    throw new UsageError(`chainbill trigger has no event ${JSON.stringify(name)}${didYouMean(name, names)}`);
  if (extra.length > 0)
    throw new UsageError(`chainbill trigger takes one event, not also ${JSON.stringify(extra[0])}`);
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'jsonl')
    throw new UsageError(`--format takes json or jsonl, not ${JSON.stringify(format)}`);
  const target = await targetOf(values['fake-json'], io);
  const control = controlOf(target, io.signal);
  const created = await make(event.needs, target, control, io.signal);
  const { result } = (await control('POST', `simulate/${event.simulation}`, { args: [created.id] })) as {
    result: unknown;
  };
  const made = { event: name, created: { [event.needs]: created.id }, result };
  await streams.out.write(`${streams.out.json(made, format === 'json' ? 2 : undefined)}\n`);
  return 0;
}

function readArgs(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        'fake-json': { type: 'string' },
        format: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(
      `chainbill trigger: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  }
}

type Control = (method: string, path: string, body?: unknown) => Promise<unknown>;

function controlOf(target: Target, signal: AbortSignal | undefined): Control {
  return async (method, path, body) => {
    const response = await nodeFetch(new URL(path, target.controlUrl), {
      method,
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal === undefined ? {} : { signal }),
    });
    const text = await response.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {}
    if (!response.ok) throw new ControlError(response.status, json);
    return json;
  };
}

/** The control API and the key, from the environment or the fake's `--json` line. */
async function targetOf(file: string | undefined, io: Io): Promise<Target> {
  const line =
    file === undefined
      ? {}
      : (readFlagJson('--fake-json', file, (message) => new UsageError(message)) as Record<string, unknown>);
  const controlUrl =
    (typeof line['controlUrl'] === 'string' ? line['controlUrl'] : undefined) ??
    io.env['CHAINBILL_FAKE_CONTROL_URL']?.trim();
  const token =
    (typeof line['controlToken'] === 'string' ? line['controlToken'] : undefined) ??
    io.env['CHAINBILL_FAKE_CONTROL_TOKEN']?.trim();
  if (!controlUrl || !token)
    throw new UsageError(
      'chainbill trigger needs a fake: set CHAINBILL_FAKE_CONTROL_URL and CHAINBILL_FAKE_CONTROL_TOKEN, or pass --fake-json <file> (the line `chainbill fake --json` prints)',
    );
  const base = controlUrl.endsWith('/') ? controlUrl : `${controlUrl}/`;
  const info = (await controlOf({ controlUrl: base, token } as Target, io.signal)('GET', './')) as {
    baseUrl: string;
    apiKey: string;
    organizations: { id: string; keys: { sandbox: string[]; live: string[] } }[];
  };
  const apiKey = io.env['CHAINBILL_API_KEY']?.trim() || info.apiKey;
  for (const org of info.organizations)
    for (const environment of ['sandbox', 'live'] as const)
      if (org.keys[environment].includes(apiKey))
        return { controlUrl: base, token, apiKey, baseUrl: info.baseUrl, orgId: org.id, environment };
  throw new UsageError('CHAINBILL_API_KEY is no key of this fake: use one its --json line lists');
}

/** Creates what an event needs; returns its id. */
async function make(
  need: TriggerNeed,
  target: Target,
  control: Control,
  signal: AbortSignal | undefined,
): Promise<{ id: string }> {
  const seed = async (records: Record<string, unknown[]>): Promise<Record<string, string>> => {
    const file = { organizations: [{ id: target.orgId, [target.environment]: records }] };
    return ((await control('POST', 'seed', file)) as { names: Record<string, string> }).names;
  };
  if (need === 'checkout')
    return { id: (await seed({ checkouts: [{ $name: 'checkout' }] }))['checkout'] as string };
  if (need === 'payout')
    return { id: (await seed({ payouts: [{ $name: 'payout', status: 'approved' }] }))['payout'] as string };
  const names = await seed({
    customers: [{ $name: 'customer', email: 'trigger@example.com' }],
    plans: [{ $name: 'plan', name: 'Trigger', amount: 29 }],
    payment_methods: [{ $name: 'method' }],
  });
  // A subscription is made through the API, as an application makes one.
  const client = new Chainbill({
    apiKey: target.apiKey,
    baseUrl: target.baseUrl,
    fetch: nodeFetch,
    maxRetries: 0,
  });
  const subscription = await client.subscriptions.create(
    {
      customer_id: names['customer'] as string,
      plan_id: names['plan'] as string,
      payment_method_id: names['method'] as string,
    },
    signal === undefined ? undefined : { signal },
  );
  return { id: subscription.id };
}
