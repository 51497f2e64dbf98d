import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Chainbill, type ClientOptions, RequestValidationError } from 'chainbill';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { handlers } from 'chainbill/testing/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/**
 * Settles a call: its value when it resolves, the error when it rejects. Lets a test read an
 * error's fields without a try/catch.
 */
export function failure(call: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(call).catch((e: unknown) => e);
}

/** A fresh fake and a client on it over `fake.fetch`, without retries unless `options` say. */
export function fakeClient(options: Partial<ClientOptions> = {}): { fake: FakeChainbill; client: Chainbill } {
  const fake = createFakeChainbill();
  const client = new Chainbill({
    apiKey: fake.apiKey,
    baseUrl: fake.baseUrl,
    fetch: fake.fetch,
    maxRetries: 0,
    ...options,
  });
  return { fake, client };
}

/** The modules an app bundles for `import 'chainbill'` (esbuild, from src/), by path. */
export async function libraryInputs(): Promise<string[]> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [new URL('../src/index.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'neutral',
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

/**
 * Starts one msw server for the test file (unhandled requests are errors) and gives each test a
 * fresh fake API and a client on it. Call at the top level of a test file.
 */
export function useFakeApi(): {
  fake: () => FakeChainbill;
  client: (options?: ClientOptions) => Chainbill;
  raw: (method: string, path: string, body?: unknown) => Promise<{ status: number; json: unknown }>;
  refusedBeforeSending: (call: PromiseLike<unknown>, param: string) => Promise<void>;
} {
  const server = setupServer();
  let fake = createFakeChainbill();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    fake = createFakeChainbill();
  });
  afterAll(() => server.close());
  return {
    fake: () => fake,
    client: (options = {}) => {
      server.resetHandlers(...handlers(fake));
      return new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, maxRetries: 0, ...options });
    },
    /** A request straight to the fake, past the SDK's own checks, to test the fake's rules. */
    raw: async (method, path, body) => {
      const response = await fake.fetch(`${fake.baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${fake.apiKey}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: await response.json() };
    },
    /** Asserts the call rejects with RequestValidationError naming `param`, and nothing reached the fake. */
    refusedBeforeSending: async (call, param) => {
      const error = await failure(call);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error).toMatchObject({ param });
      expect(fake.requests).toHaveLength(0);
    },
  };
}

/** Runs a full garbage collection, exposing `gc` to this process first. */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/**
 * The heap in use after garbage collection. undici's Request and AbortSignal.any free their
 * signals through weak references, which a collection only clears once the task that made them
 * has ended: it collects across a few tasks.
 */
export async function settledHeap(): Promise<number> {
  for (let i = 0; i < 5; i++) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return process.memoryUsage().heapUsed;
}
