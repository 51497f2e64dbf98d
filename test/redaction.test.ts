/**
 * The client's own key, echoed back by a misbehaving server in any form it plausibly takes (as
 * sent, in another case, percent-encoded, base64 of the key, of `key:` or of the whole header),
 * never survives into what the SDK keeps: the error's message, body, headers and request id, the
 * span's attributes and status. Against a real `node:http` server.
 */
import { inspect } from 'node:util';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { APIError, Chainbill } from 'chainbill';
import { openTelemetryHooks } from 'chainbill/opentelemetry';
import { describe, expect, it } from 'vitest';
import { useLoopback } from './loopback.js';
import { renderings } from './scripted-fetch.js';

// Characters outside [A-Za-z0-9_-] (`+`, `/`, `=`, `~`): a key of visible ASCII may hold them.
const key = 'sk_test_Ab+Cd/Ef=Gh~9xQ2vLmN4';
const b64url = (text: string): string =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const loopback = useLoopback();
const exporter = new InMemorySpanExporter();
const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer(
  't',
);

/** The forms a server, a proxy or a gateway may echo `Authorization: Bearer <key>` in, and what the SDK keeps. */
const forms: [string, (authorization: string) => string, string][] = [
  ['as sent', (auth) => auth, 'Bearer sk_test_***'],
  ['upper case', (auth) => auth.toUpperCase(), 'BEARER sk_test_***'],
  ['lower case', (auth) => auth.toLowerCase(), 'bearer sk_test_***'],
  ['percent-encoded', (auth) => encodeURIComponent(auth), 'Bearer%20sk_test_***'],
  [
    'percent-encoded, lower-case hex',
    (auth) => encodeURIComponent(auth).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    'Bearer%20sk_test_***',
  ],
  [
    'every character percent-encoded',
    (auth) => auth.replace(/./g, (c) => `%${c.charCodeAt(0).toString(16)}`),
    '%42%65%61%72%65%72%20sk_test_***',
  ],
  ['base64 of the key', (auth) => `token ${btoa(auth.slice(7))}`, 'token ***'],
  ['Basic: base64 of `key:`', (auth) => `Basic ${btoa(`${auth.slice(7)}:`)}`, 'Basic ***'],
  ['base64 of the whole header', (auth) => btoa(auth), '***'],
  ['base64url of the key', (auth) => `t=${b64url(auth.slice(7))}.`, 't=***.'],
];

/** A server that answers 401, echoing the request's Authorization header, in one form, everywhere it can. */
async function echoing(form: (authorization: string) => string) {
  return loopback((req, res) => {
    const echo = form(req.headers.authorization ?? '');
    res.writeHead(401, { 'content-type': 'application/json', 'x-request-id': echo, 'x-echo': echo });
    res.end(
      JSON.stringify({
        error: {
          type: 'authentication_error',
          code: 'key_rejected',
          message: `${echo} is refused`,
          param: null,
        },
        seen: { [echo]: [echo] },
      }),
    );
  });
}

describe("the client's key, echoed in any form", () => {
  it.each(forms)(
    '%s: is redacted in the message, body, headers, request id and span',
    async (_, form, kept) => {
      const api = await echoing(form);
      const echoed = form(`Bearer ${key}`);
      exporter.reset();
      const chainbill = new Chainbill({
        apiKey: key,
        baseUrl: api.url,
        logLevel: 'off',
        hooks: openTelemetryHooks({ tracer }),
      });
      const error = (await chainbill.payouts.list().catch((e: unknown) => e)) as APIError;
      expect(error).toBeInstanceOf(APIError);
      expect(error.message).toBe(`${kept} is refused`);
      expect(error.requestId).toBe(kept);
      expect(error.headers.get('x-echo')).toBe(kept);
      expect(error.body).toEqual({
        error: {
          type: 'authentication_error',
          code: 'key_rejected',
          message: `${kept} is refused`,
          param: null,
        },
        seen: { [kept]: [kept] },
      });
      const [span] = exporter.getFinishedSpans();
      expect(span?.attributes['chainbill.request_id']).toBe(kept);
      const everything = [
        ...renderings(error),
        inspect(error.body, { depth: null }),
        JSON.stringify([span?.attributes, span?.status]),
      ];
      // The part of the echo that only the key makes: its last 8 characters, in any case.
      const tail = echoed.slice(-8).toLowerCase();
      for (const text of everything) expect(text.toLowerCase()).not.toContain(tail);
    },
  );

  it('a key-shaped token that is not the client key is redacted in any case too', async () => {
    const api = await echoing(() => 'SK_LIVE_OTHERKEY123 and sk_Test_another_one');
    const chainbill = new Chainbill({ apiKey: key, baseUrl: api.url, logLevel: 'off' });
    const error = (await chainbill.payouts.list().catch((e: unknown) => e)) as APIError;
    expect(error.message).toBe('sk_live_*** and sk_test_*** is refused');
  });

  it('text that only looks like base64 or like a key prefix is kept as it came', async () => {
    const api = await echoing(() => 'Basic dXNlcjpwYXNz and sk_prod_x');
    const chainbill = new Chainbill({ apiKey: key, baseUrl: api.url, logLevel: 'off' });
    const error = (await chainbill.payouts.list().catch((e: unknown) => e)) as APIError;
    expect(error.message).toBe('Basic dXNlcjpwYXNz and sk_prod_x is refused');
  });
});
