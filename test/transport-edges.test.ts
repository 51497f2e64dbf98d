/**
 * The transport against servers that misbehave on purpose: bodies that
 * never end or decompress to gigabytes, redirects to other servers, server text that echoes the
 * key, bytes that are not UTF-8. Each server is a real `node:http` server on 127.0.0.1.
 */
import { gzipSync } from 'node:zlib';
import { APIError, Chainbill, type ClientOptions, ResponseValidationError } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { useLoopback } from './loopback.js';
import { payoutFixture } from './scripted-fetch.js';

const key = 'sk_test_edge0123456789';
const loopback = useLoopback();

function client(baseUrl: string, options: ClientOptions = {}): Chainbill {
  return new Chainbill({ apiKey: key, baseUrl, maxRetries: 2, ...options });
}

const failure = (call: PromiseLike<unknown>): Promise<unknown> =>
  Promise.resolve(call).catch((e: unknown) => e);

describe('maxResponseBytes', () => {
  it('counts a gzip bomb after decompression', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, ' '));
    const server = await loopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(bomb);
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = await failure(client(server.url, { maxResponseBytes: 1024 * 1024 }).payouts.list());
    expect((error as ResponseValidationError).issues[0]?.code).toBe('too_large');
    expect(server.hits()).toBe(1);
  });

  it('applies to error bodies, and per call', async () => {
    const server = await loopback((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'x'.repeat(4096) } }));
    });
    const error = await failure(client(server.url).payouts.list({}, { maxResponseBytes: 1024 }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(server.hits()).toBe(1);
  });

  it('accepts a body exactly at the bound', async () => {
    const body = JSON.stringify({ data: [], has_more: false, next_cursor: null });
    const server = await loopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const page = await client(server.url, { maxResponseBytes: Buffer.byteLength(body) }).payouts.list();
    expect(page.data).toEqual([]);
  });

  it('counts the bytes of a custom fetch whose content-length understates its body', async () => {
    const fetch = async (): Promise<Response> => {
      const chunk = new Uint8Array(64 * 1024).fill(0x20);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.length;
          if (sent > 64 * 1024 * 1024) controller.close();
          else controller.enqueue(chunk);
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/json', 'content-length': '10' } });
    };
    const error = await failure(
      client('https://api.chainbill.test/v1', { fetch, maxResponseBytes: 1024 * 1024 }).payouts.list(),
    );
    expect((error as ResponseValidationError).issues[0]?.code).toBe('too_large');
  });

  it('refuses a bound that is not a positive whole number', async () => {
    expect(() => client('http://127.0.0.1:1/v1', { maxResponseBytes: 0 })).toThrow('maxResponseBytes');
    const error = await failure(client('http://127.0.0.1:1/v1').payouts.list({}, { maxResponseBytes: 1.5 }));
    expect(error).toMatchObject({ name: 'RequestValidationError', param: 'maxResponseBytes' });
  });
});

describe('redirects', () => {
  for (const status of [301, 302, 303, 307, 308]) {
    it(`a ${status} is an APIError, never followed, never retried`, async () => {
      const elsewhere = await loopback((_req, res) => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payoutFixture({ id: 'po_attacker' })));
      });
      const server = await loopback((_req, res) => {
        res.writeHead(status, { location: `${elsewhere.url}/payouts` });
        res.end();
      });
      const error = await failure(
        client(server.url).payouts.create({
          recipient_address: 'TMW6XfDns1qNo5M7bLaHXzwmGsw2Eah6SK',
          chain: 'tron',
          token: 'USDT',
          amount: 5,
          currency: 'USD',
        }),
      );
      expect(error).toBeInstanceOf(APIError);
      expect(error).toMatchObject({ status });
      expect((error as APIError).headers.get('location')).toBe(`${elsewhere.url}/payouts`);
      expect((error as APIError).message).toContain('redirects are not followed');
      expect(server.hits()).toBe(1);
      expect(elsewhere.hits()).toBe(0);
    });
  }

  it('a custom fetch is asked not to follow redirects', async () => {
    const modes: string[] = [];
    const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      modes.push(input instanceof Request ? input.redirect : String(init?.redirect));
      return Response.json({ data: [], has_more: false, next_cursor: null });
    };
    await client('https://api.chainbill.test/v1', { fetch }).payouts.list();
    expect(modes).toEqual(['manual']);
  });
});

describe('server text that echoes a key', () => {
  it('never reaches the message, the stack, a log line, inspect, JSON or the body', async () => {
    const echoed = `Bearer ${key} rejected; also saw sk_live_someoneElse99 and sk_test_x.y`;
    const server = await loopback((req, res) => {
      res.writeHead(503, {
        'content-type': 'application/json',
        'x-debug-auth': String(req.headers.authorization),
      });
      res.end(JSON.stringify({ error: { type: 'api_error', code: 'x', message: echoed, param: null } }));
    });
    const lines: unknown[] = [];
    const logger = {
      error: (...a: unknown[]) => lines.push(a),
      warn: (...a: unknown[]) => lines.push(a),
      info: (...a: unknown[]) => lines.push(a),
      debug: (...a: unknown[]) => lines.push(a),
    };
    const error = (await failure(
      client(server.url, { maxRetries: 1, logger, logLevel: 'debug' }).payouts.list({}, { timeout: 5_000 }),
    )) as APIError;
    const { inspect } = await import('node:util');
    const everything = [
      error.message,
      String(error),
      error.stack,
      inspect(error, { depth: 10 }),
      JSON.stringify(error),
      JSON.stringify(error.body),
      JSON.stringify([...error.headers]),
      inspect(lines, { depth: 10 }),
    ].join('\n');
    expect(error.status).toBe(503);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain('sk_live_someoneElse99');
    expect(everything).not.toContain('edge0123456789');
    expect(error.message).toBe('Bearer sk_test_*** rejected; also saw sk_live_*** and sk_test_***.y');
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ status: 503, message: error.message });
  });
});

describe('invalid UTF-8', () => {
  it('in a 2xx body is a ResponseValidationError, not a replacement character', async () => {
    const server = await loopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const good = JSON.stringify({ data: [], has_more: false, next_cursor: null, note: 'XX' });
      const bytes = Buffer.from(good);
      const at = bytes.indexOf('XX');
      bytes[at] = 0xc3; // a lead byte followed by an ASCII byte: not UTF-8
      res.end(bytes);
    });
    const error = await failure(client(server.url).payouts.list());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.code).toBe('invalid_utf8');
    expect(server.hits()).toBe(1);
  });
});
