/**
 * `chainbill/webhooks`: signatures as Standard Webhooks makes them, checked against the
 * `standardwebhooks` library's own vectors and refusals (its repository's webhook.test.ts).
 */
import { signWebhook, verifyWebhook, WebhookVerificationError } from 'chainbill/webhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The library's test vector: secret, message id, timestamp, payload and the signature it expects.
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: new Date(1614265330 * 1000),
  payload: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

const event = JSON.stringify({
  type: 'checkout_confirmed',
  timestamp: '2021-02-25T15:02:10.000Z',
  data: { id: 'rev_5f0c7b2e9a41d3c86b1e07f4', event_type: 'checkout_confirmed', amount: 25 },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyWebhook and signWebhook', () => {
  it('sign the library’s vector to its signature; a payload signed so verifies, and comes back parsed', () => {
    const headers = signWebhook(vector.payload, vector.secret, {
      id: vector.id,
      timestamp: vector.timestamp,
    });
    expect(headers).toEqual({
      'webhook-id': vector.id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': vector.signature,
    });
    vi.useFakeTimers({ now: vector.timestamp });
    // The vector's signature matches; its body is no Chainbill event, which is said apart.
    expect(() => verifyWebhook(vector.payload, headers, vector.secret)).toThrow(
      /signed, but its body is not a Chainbill event/,
    );
    const signed = signWebhook(event, vector.secret, { id: 'rev_5f0c7b2e9a41d3c86b1e07f4' });
    expect(verifyWebhook(event, new Headers(signed), vector.secret)).toEqual(JSON.parse(event));
    expect(
      verifyWebhook(new TextEncoder().encode(event), signed, vector.secret.slice('whsec_'.length)),
    ).toMatchObject({
      type: 'checkout_confirmed',
    });
    // Several signatures, other versions among them, as a secret rotates.
    const rotated = {
      ...signed,
      'webhook-signature': `v2,${signed['webhook-signature'].slice(3)} v1,AAAA ${signed['webhook-signature']}`,
    };
    expect(verifyWebhook(event, rotated, vector.secret).type).toBe('checkout_confirmed');
  });

  it('refuse what the library refuses: a changed body, another secret, a header missing, a stale or future time', () => {
    vi.useFakeTimers({ now: vector.timestamp });
    const signed = signWebhook(event, vector.secret, { id: 'rev_1' });
    const refusals: [string | Uint8Array, Record<string, string>, string][] = [
      [`${event} `, signed, vector.secret],
      [event, signed, 'whsec_dGhlIG90aGVyIHNlY3JldA=='],
      [event, { ...signed, 'webhook-id': 'rev_2' }, vector.secret],
      [event, { ...signed, 'webhook-signature': 'v1,dawfeoifkpqwoekfpqoekf' }, vector.secret],
      [event, { ...signed, 'webhook-signature': signed['webhook-signature'].slice(0, 8) }, vector.secret],
      [event, { ...signed, 'webhook-timestamp': 'hello' }, vector.secret],
      [event, { 'webhook-id': 'rev_1', 'webhook-signature': signed['webhook-signature'] }, vector.secret],
    ];
    for (const [payload, headers, secret] of refusals)
      expect(() => verifyWebhook(payload, headers, secret)).toThrow(WebhookVerificationError);
    vi.setSystemTime(vector.timestamp.getTime() + 5 * 60_000 + 1_000);
    expect(() => verifyWebhook(event, signed, vector.secret)).toThrow(/timestamp too old/);
    vi.setSystemTime(vector.timestamp.getTime() - 5 * 60_000 - 1_000);
    expect(() => verifyWebhook(event, signed, vector.secret)).toThrow(/timestamp too new/);
  });

  it('a secret that is no secret is a ConfigurationError, not a failed check', () => {
    for (const secret of ['', 'whsec_'])
      expect(() => verifyWebhook(event, {}, secret)).toThrow(
        expect.objectContaining({ name: 'ConfigurationError' }),
      );
  });
});
