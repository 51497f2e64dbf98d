/**
 * `chainbill listen --forward-to <url>`: the revenue feed (the `watch` of `GET /revenue/events`,
 * with `--from` and `--checkpoint-file` as `watch` takes them) delivered to a local handler, as
 * `stripe listen --forward-to` delivers events: each POSTed as JSON and signed as Standard
 * Webhooks signs (`chainbill/webhooks` verifies it), a line per attempt. A failed delivery (no 2xx,
 * no answer) is tried again with backoff; one that still fails ends the command (exit 1) with the
 * checkpoint before it, so the checkpoint never passes an event that was not delivered. With a
 * store (`CHAINBILL_DATABASE_URL`), the feed is `revenueEvents.consume`'s instead: its position and
 * lease live in PostgreSQL under a name of the target, so one listener at a time forwards there.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CatalogEntry } from '../catalog/catalog.js';
import type { Chainbill } from '../client.js';
import { budgetStoreFromEnv } from '../postgres/env.js';
import type { ChainbillStore } from '../store/store.js';
import { VERSION } from '../version.js';
import { newWebhookSecret, signWebhook } from '../webhooks/index.js';
import { clean } from './encode.js';
import { Failure, Interrupted, UsageError } from './errors.js';
import type { GlobalValues } from './global-flags.js';
import type { Io } from './io.js';
import { nodeFetch } from './node-fetch.js';
import type { Printer } from './print.js';
import { feedOf } from './watch.js';

/** What `listen` needs of the command. */
export interface Listen {
  readonly client: Chainbill;
  readonly entry: CatalogEntry;
  readonly filters: Record<string, unknown>;
  readonly flags: GlobalValues;
  readonly printer: Printer;
  readonly io: Io;
}

/** Attempts per event (`--max-attempts`), and the wait before each retry (doubling from the first). */
const defaultAttempts = 5;
const firstBackoffMs = 500;
/** How long a handler has to answer one delivery. */
const deliveryTimeoutMs = 10_000;

/**
 * Forwards the feed until Ctrl+C (exit 130), a poll fails after its retries, or a delivery fails
 * after its attempts (exit 1).
 *
 * @param listen - The command.
 * @returns Never, but for an error.
 * @throws {UsageError} without `--forward-to`, for a URL that is not http(s), a bad secret.
 * @throws {Failure} when a delivery still fails after its attempts: the checkpoint is before it.
 * @throws {Interrupted} on Ctrl+C.
 */
export async function listen(listen: Listen): Promise<void> {
  const { flags, printer, io } = listen;
  const target = targetOf(flags.forwardTo);
  const secret = flags.secret ?? io.env['CHAINBILL_WEBHOOK_SECRET']?.trim() ?? newWebhookSecret();
  if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(secret))
    throw new UsageError(
      '--secret takes a Standard Webhooks secret: whsec_ and base64 (omit it for a new one)',
    );
  const store = io.store ?? budgetStoreFromEnv(io.env).store;
  if (store !== undefined && flags.checkpointFile !== undefined)
    throw new UsageError('--checkpoint-file and CHAINBILL_DATABASE_URL both keep a position: use one');
  printer.err.note(
    `Forwarding ${listen.entry.route} to ${clean(target.href)}; the signing secret is ${secret} (verifyWebhook from chainbill/webhooks; --secret to keep it)${store === undefined ? '' : `; the position in the ${store.kind} store, as "${consumerName(target)}"`}\n`,
  );
  const forward = (event: unknown) => deliver(event as Record<string, unknown>, target, secret, listen);
  if (store !== undefined) await consumed(listen, store, target, forward);
  else {
    const { feed, save } = feedOf({ ...listen, signal: io.signal });
    for await (const event of feed) {
      await forward(event);
      save();
    }
  }
  if (io.signal?.aborted) throw new Interrupted('interrupted');
}

/** The consumer's name in the store: one position and one lease per target. */
const consumerName = (target: URL): string => `chainbill listen ${target.href}`.slice(0, 200);

/**
 * The feed as `revenueEvents.consume` runs it: each event delivered inside its transaction, the
 * position moved only once the handler answered; a delivery that fails stops the consumer there.
 */
async function consumed(
  listen: Listen,
  store: ChainbillStore,
  target: URL,
  forward: (event: unknown) => Promise<void>,
): Promise<void> {
  const { client, filters, flags, io } = listen;
  const from = flags.from === undefined || flags.from === 'now' ? 'now' : new Date(flags.from);
  if (from !== 'now' && Number.isNaN(from.getTime()))
    throw new UsageError(
      '--from takes now or a date-time beside CHAINBILL_DATABASE_URL (the store keeps the position)',
    );
  const consumer = client.revenueEvents.consume({
    ...filters,
    name: consumerName(target),
    store,
    from,
    maxAttempts: 1,
    onError: 'stop',
    handlers: { default: forward },
    ...(flags.pollIntervalMs === undefined ? {} : { pollIntervalMs: flags.pollIntervalMs }),
    ...(flags.lookBackMs === undefined ? {} : { lookBackMs: flags.lookBackMs }),
    ...(io.signal === undefined ? {} : { signal: io.signal }),
  });
  await consumer.done;
}

function targetOf(forwardTo: string | undefined): URL {
  if (forwardTo === undefined)
    throw new UsageError('chainbill listen needs --forward-to <url>: where each event is POSTed');
  let url: URL;
  try {
    url = new URL(forwardTo);
  } catch {
    throw new UsageError(
      `--forward-to takes a URL (http://localhost:3000/webhooks), not ${JSON.stringify(forwardTo)}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--forward-to takes an http: or https: URL, not ${url.protocol}`);
  return url;
}

/** POSTs one event until the handler answers 2xx; a line on stdout per attempt. */
async function deliver(
  event: Record<string, unknown>,
  target: URL,
  secret: string,
  listen: Listen,
): Promise<void> {
  const { printer, io } = listen;
  const body = JSON.stringify({ type: event['event_type'], timestamp: event['occurred_at'], data: event });
  const id = String(event['id']);
  const attempts = Math.max(1, listen.flags.maxAttempts ?? defaultAttempts);
  let outcome = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1)
      await sleep(firstBackoffMs * 2 ** (attempt - 2), undefined, { signal: io.signal }).catch(
        () => undefined,
      );
    if (io.signal?.aborted) throw new Interrupted('interrupted');
    const started = performance.now();
    const status = await post(target, body, signWebhook(body, secret, { id }), io.signal);
    const ms = Math.round(performance.now() - started);
    outcome = typeof status === 'number' ? String(status) : status;
    const line = {
      at: new Date().toISOString(),
      id,
      type: event['event_type'],
      attempt,
      status: typeof status === 'number' ? status : null,
      ...(typeof status === 'number' ? {} : { error: status }),
      ms,
    };
    await printer.out.write(
      printer.format === 'jsonl'
        ? `${printer.out.json(line)}\n`
        : `${line.at}  ${clean(String(line.type))}  ${clean(id)}  → ${clean(outcome)} (${ms} ms${attempt > 1 ? `, attempt ${attempt}` : ''})\n`,
    );
    if (typeof status === 'number' && status >= 200 && status < 300) return;
  }
  throw new Failure(
    `delivering ${clean(id)} to ${clean(target.href)} failed ${attempts} times (last: ${clean(outcome)}); the checkpoint is before it: run again to resume there`,
  );
}

/** The handler's status, or why there was none (`ECONNREFUSED`, `timeout`). */
async function post(
  target: URL,
  body: string,
  signature: Record<string, string>,
  signal: AbortSignal | undefined,
): Promise<number | string> {
  const timeout = AbortSignal.timeout(deliveryTimeoutMs);
  try {
    const response = await nodeFetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': `chainbill-cli/${VERSION}`, ...signature },
      body,
      redirect: 'manual',
      signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  } catch (error) {
    if (signal?.aborted) throw new Interrupted('interrupted');
    if (timeout.aborted) return 'timeout';
    const cause = (error as { cause?: { code?: unknown } }).cause;
    return typeof cause?.code === 'string' ? cause.code : 'no answer';
  }
}
