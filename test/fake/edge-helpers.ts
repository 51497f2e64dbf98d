import { request } from 'node:http';
import { connect } from 'node:net';
import { Chainbill } from 'chainbill';
import { createFakeChainbill, type FakeChainbill, type FakeServer } from 'chainbill/testing';
import { expect } from 'vitest';

// Helpers of hardening.test.ts: clients that send what the SDK never would.

/** A payout create body the fake accepts. */
export const payout = {
  recipient_address: 'TMW6XfDns1qNo5M7bLaHXzwmGsw2Eah6SK',
  chain: 'tron',
  token: 'USDT',
  amount: 10,
  currency: 'USD',
} as const;
/** One mebibyte, the fake's body bound. */
export const MiB: number = 1024 * 1024;

/** A fresh fake served over HTTP with a control token, and the server's origin (no `/v1`). */
export async function listenWithControl(
  controlToken: string,
): Promise<{ fake: FakeChainbill; server: FakeServer; origin: string }> {
  const fake = createFakeChainbill();
  const server = await fake.listen({ controlToken });
  return { fake, server, origin: new URL(server.url).origin };
}

/** A client on the fake at `baseUrl`, over `fake.fetch` unless `fetch: false` (msw or real HTTP). */
export function clientOf(
  fake: FakeChainbill,
  baseUrl: string,
  options: { fetch?: boolean; apiKey?: string } = {},
): Chainbill {
  return new Chainbill({
    apiKey: options.apiKey ?? fake.apiKey,
    baseUrl,
    maxRetries: 0,
    logLevel: 'off',
    ...(options.fetch === false ? {} : { fetch: fake.fetch }),
  });
}

/** A request straight to `fake.fetch`, past the SDK's own checks. */
export async function send(fake: FakeChainbill, path: string, init: RequestInit = {}): Promise<RawAnswer> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${fake.apiKey}`);
  const response = await fake.fetch(`${fake.baseUrl}${path}`, { ...init, headers });
  return { status: response.status, json: (await response.json()) as unknown };
}

/** The fake's answer for an `invalid_request_error`. */
export function apiError(status: number, code: string, param: string | null = null): RawAnswer {
  return {
    status,
    json: { error: { type: 'invalid_request_error', code, message: expect.any(String), param } },
  };
}

/** What a call rejects with, or `'resolved'`. */
export async function rejection(call: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(call).then(
    () => 'resolved',
    (error: unknown) => error,
  );
}

/** A response read off a socket: the status and the API error body, when there is one. */
export interface RawAnswer {
  status: number;
  json: unknown;
}

/**
 * Sends bytes as they are on a new TCP connection (for requests no HTTP client would send) and
 * reads until the server closes it. Send `Connection: close`.
 */
export function sendRaw(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => {
      received += data;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      const json = received.slice(received.indexOf('{'), received.lastIndexOf('}') + 1);
      resolve({ status, json: json === '' ? undefined : JSON.parse(json) });
    });
  });
}

/**
 * POSTs `bytes` bytes of body, generated as it goes (one 64 KiB chunk reused, so the client
 * holds no body), and stops writing when the answer arrives.
 *
 * @returns The answer, how many bytes were written, and the peak RSS seen while sending.
 */
export function streamBody(
  url: string,
  apiKey: string,
  options: { bytes: number; declareLength: boolean },
): Promise<RawAnswer & { written: number; peakRss: number }> {
  return new Promise((resolve, reject) => {
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 5);
    const headers: Record<string, string> = {
      authorization: `Bearer ${apiKey}`,
      'content-type': 'application/json',
    };
    if (options.declareLength) headers['content-length'] = String(options.bytes);
    const req = request(url, { method: 'POST', headers });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let written = 0;
    let answered = false;
    const pump = (): void => {
      while (!answered && written < options.bytes) {
        written += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (data: string) => {
        text += data;
      });
      res.on('end', () => {
        clearInterval(sampler);
        resolve({ status: res.statusCode ?? 0, json: JSON.parse(text), written, peakRss });
      });
    });
    // Once answered, the server closes the connection under the rest of the body: not an error.
    req.on('error', (error) => {
      if (answered) return;
      clearInterval(sampler);
      reject(error);
    });
    pump();
  });
}

/**
 * POSTs `bytes` bytes of chunked body on a raw TCP connection, `chunkBytes` at a time with
 * `pauseMs` between chunks (0: as fast as the socket takes them), reading while it writes. Once an
 * answer has come it stops writing and ends its side, as an HTTP client does.
 *
 * @returns Everything read, and the code of the socket error met (`EPIPE`, `ECONNRESET`), if any.
 */
export function streamChunked(
  port: number,
  apiKey: string,
  options: { bytes: number; chunkBytes: number; pauseMs: number },
): Promise<{ received: string; error: string | null }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let error: string | null = null;
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => {
      received += data;
    });
    socket.on('error', (caught: NodeJS.ErrnoException) => {
      error = caught.code ?? caught.message;
    });
    socket.on('close', () => resolve({ received, error }));
    const chunk = `${options.chunkBytes.toString(16)}\r\n${' '.repeat(options.chunkBytes)}\r\n`;
    let written = 0;
    const pump = (): void => {
      while (received === '' && error === null && written < options.bytes) {
        written += options.chunkBytes;
        const flowing = socket.write(chunk);
        if (options.pauseMs > 0) return void setTimeout(pump, options.pauseMs);
        if (!flowing) return void socket.once('drain', pump);
      }
      if (error === null) socket.end(received === '' ? '0\r\n\r\n' : '');
    };
    socket.write(
      `POST /v1/payouts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${apiKey}\r\n` +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    pump();
  });
}
