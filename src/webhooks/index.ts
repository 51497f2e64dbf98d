/**
 * `chainbill/webhooks`: what a handler that receives events from `chainbill listen` needs. Each
 * event is POSTed as JSON and signed as Standard Webhooks signs (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 of `id.timestamp.body` with a `whsec_`
 * secret), by the `standardwebhooks` library, which this entry inlines: importing `chainbill`
 * loads none of it.
 *
 * @module chainbill/webhooks
 */
import { Webhook } from 'standardwebhooks';
import { ChainbillError, ConfigurationError } from '../core/error.js';
import type { RevenueEvent, RevenueEventType } from '../revenue-events/event.js';

/** What `chainbill listen` POSTs: the Standard Webhooks payload shape around one revenue event. */
export interface WebhookPayload {
  /** The event's type: `checkout_confirmed`, `subscription_charged`, … (spec: Revenue event). */
  readonly type: RevenueEventType;
  /** When the event occurred: its `occurred_at` (ISO 8601). */
  readonly timestamp: string;
  /** The revenue event, as `GET /revenue/events` lists it. */
  readonly data: RevenueEvent;
}

/** Headers as a `Request` has them, or as Node's `IncomingMessage` does. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** A delivery whose signature does not verify: a wrong secret, a changed body, a stale timestamp. */
export class WebhookVerificationError extends ChainbillError {
  static override readonly brand: string = 'WebhookVerificationError';
}

/**
 * Checks a delivery's signature and returns its payload. Pass the body exactly as it arrived (the
 * raw text, not JSON parsed and written again): the signature covers its bytes.
 *
 * @param payload - The request's body: its text, or its bytes (UTF-8).
 * @param headers - The request's headers: `webhook-id`, `webhook-timestamp`, `webhook-signature`.
 * @param secret - The signing secret `chainbill listen` printed or was given: `whsec_` and base64.
 * @returns The payload, parsed: `{ type, timestamp, data }`.
 * @throws {WebhookVerificationError} when a header is missing, the timestamp is more than 5
 *   minutes from now, no signature matches, or the body is not a payload of that shape.
 * @throws {ConfigurationError} for a secret that is not base64 of at least one byte.
 * @example
 * ```ts
 * import { verifyWebhook } from 'chainbill/webhooks';
 * const event = verifyWebhook(await request.text(), request.headers, process.env['WEBHOOK_SECRET'] ?? '');
 * ```
 */
export function verifyWebhook(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
): WebhookPayload {
  const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  const webhook = webhookOf(secret);
  let parsed: unknown;
  try {
    parsed = webhook.verify(text, plainHeaders(headers));
  } catch (error) {
    throw new WebhookVerificationError(
      `The webhook does not verify: ${error instanceof Error ? error.message : String(error)}.`,
      { cause: error },
    );
  }
  if (!isPayload(parsed))
    throw new WebhookVerificationError('The webhook is signed, but its body is not a Chainbill event.');
  return parsed;
}

/**
 * Signs a payload as `chainbill listen` does: the three headers to send with it. For tests of a
 * handler, and for what forwards events itself.
 *
 * @param payload - The body, exactly as it will be sent.
 * @param secret - The signing secret: `whsec_` and base64.
 * @param message - `id` (the same on every retry of one event) and `timestamp` (the attempt's; default now).
 * @returns The `webhook-id`, `webhook-timestamp` and `webhook-signature` headers.
 * @throws {ConfigurationError} for a secret that is not base64 of at least one byte.
 */
export function signWebhook(
  payload: string,
  secret: string,
  message: { readonly id: string; readonly timestamp?: Date },
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = message.timestamp ?? new Date();
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': webhookOf(secret).sign(message.id, timestamp, payload),
  };
}

/**
 * A new signing secret: `whsec_` and 32 random bytes in base64, from the platform's CSPRNG.
 *
 * @returns The secret.
 */
export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

function webhookOf(secret: string): Webhook {
  try {
    return new Webhook(secret);
  } catch (error) {
    throw new ConfigurationError(
      `The webhook secret is not one: whsec_ and base64 of at least one byte (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}

function plainHeaders(headers: WebhookHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers instanceof Headers)
    headers.forEach((value, name) => {
      out[name] = value;
    });
  else
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined) out[name.toLowerCase()] = typeof value === 'string' ? value : value.join(' ');
  return out;
}

function isPayload(value: unknown): value is WebhookPayload {
  if (typeof value !== 'object' || value === null) return false;
  const { type, timestamp, data } = value as Record<string, unknown>;
  return (
    typeof type === 'string' && typeof timestamp === 'string' && typeof data === 'object' && data !== null
  );
}
