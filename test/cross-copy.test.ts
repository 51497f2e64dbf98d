/**
 * Two copies of the package in one process (the ESM build imported, the CJS build required, as
 * happens when a dependency requires chainbill and the app imports it): an error thrown by one copy
 * is `instanceof` the other copy's classes, down to the right subclass and no further.
 * `npm test` builds `dist/` before vitest runs; a `dist/` older than its sources fails here, loudly,
 * rather than testing code that is no longer in `src/`.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

type Build = typeof import('chainbill');

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = join(root, 'dist/');
let esm: Build;
let cjs: Build;

/** The build's inputs: `src/` (docs aside) and the files that configure the build. */
const buildInputs = ['src', 'package.json', 'tsup.config.ts', 'tsconfig.json'];

/** The most recently modified build input, as a path relative to the repository. */
function newestInput(): { path: string; mtimeMs: number } {
  let newest = { path: '', mtimeMs: 0 };
  const visit = (path: string): void => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (!path.endsWith('.md') && stat.mtimeMs > newest.mtimeMs) {
      newest = { path: relative(root, path), mtimeMs: stat.mtimeMs };
    }
  };
  for (const input of buildInputs) visit(join(root, input));
  return newest;
}

beforeAll(async () => {
  const newest = newestInput();
  for (const file of ['index.js', 'index.cjs']) {
    if (!existsSync(`${dist}${file}`)) {
      throw new Error(
        `dist/${file} is missing: run \`npm run build\` first (\`npm test\` runs it before vitest).`,
      );
    }
    // A stale build would test yesterday's code: these tests are only worth their name on a fresh one.
    if (statSync(`${dist}${file}`).mtimeMs < newest.mtimeMs) {
      throw new Error(
        `dist/ is older than src/: dist/${file} was built before ${newest.path} changed. ` +
          'Run `npm run build` (`npm test` runs it before vitest).',
      );
    }
  }
  esm = (await import(pathToFileURL(`${dist}index.js`).href)) as Build;
  cjs = createRequire(import.meta.url)(`${dist}index.cjs`) as Build;
});

/** A client of one build whose every request gets `status` with the spec's error body. */
function clientAnswering(build: Build, status: number, headers: Record<string, string> = {}) {
  const fetch = async (): Promise<Response> =>
    Response.json({ error: { type: 'x', code: 'y', message: 'z', param: null } }, { status, headers });
  return new build.Chainbill({
    apiKey: 'sk_test_abc',
    baseUrl: 'https://api.chainbill.test/v1',
    fetch,
    maxRetries: 0,
  });
}

// Rejections are caught inline, not with test/helpers.ts's failure(): that module loads src/, a
// third copy of the package in this process.
async function thrownBy(build: Build, status: number): Promise<unknown> {
  return clientAnswering(build, status)
    .payouts.approve('po_1')
    .catch((e: unknown) => e);
}

describe('two copies of the package', () => {
  it('are really two copies: their classes differ', () => {
    expect(esm.ChainbillError).not.toBe(cjs.ChainbillError);
    expect(esm.NotFoundError).not.toBe(cjs.NotFoundError);
  });

  it('a NotFoundError from CJS is an ESM NotFoundError, APIError and ChainbillError, not a ConflictError', async () => {
    const error = await thrownBy(cjs, 404);
    expect(error).toBeInstanceOf(cjs.NotFoundError);
    expect(error).toBeInstanceOf(esm.NotFoundError);
    expect(error).toBeInstanceOf(esm.APIError);
    expect(error).toBeInstanceOf(esm.ChainbillError);
    expect(error).not.toBeInstanceOf(esm.ConflictError);
    expect(error).not.toBeInstanceOf(esm.InternalServerError);
    expect(error).not.toBeInstanceOf(esm.APIConnectionError);
  });

  it('a ConflictError from ESM is a CJS ConflictError, APIError and ChainbillError, not a NotFoundError', async () => {
    const error = await thrownBy(esm, 409);
    expect(error).toBeInstanceOf(cjs.ConflictError);
    expect(error).toBeInstanceOf(cjs.APIError);
    expect(error).toBeInstanceOf(cjs.ChainbillError);
    expect(error).not.toBeInstanceOf(cjs.NotFoundError);
    expect(error).not.toBeInstanceOf(cjs.RequestValidationError);
  });

  it.each([
    [429, 'RateLimitError'],
    [500, 'InternalServerError'],
    [401, 'AuthenticationError'],
    [400, 'BadRequestError'],
  ] as const)('a %i is the same class in both builds, whichever threw it', async (status, name) => {
    for (const [from, to] of [
      [esm, cjs],
      [cjs, esm],
    ] as const) {
      const error = await thrownBy(from, status);
      expect(error).toBeInstanceOf(to[name]);
      expect(error).toBeInstanceOf(to.APIError);
      expect((error as Error).name).toBe(name);
    }
  });

  it('an AuthenticationError from the CJS constructor is an ESM AuthenticationError', () => {
    let error: unknown;
    try {
      new cjs.Chainbill({ apiKey: 'pk_test_abc', baseUrl: 'https://api.chainbill.test/v1' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(esm.AuthenticationError);
    expect(error).toBeInstanceOf(esm.APIError);
    expect(error).not.toBeInstanceOf(esm.ConfigurationError);
  });

  it('a RequestValidationError from ESM is a CJS RequestValidationError, not an APIError', async () => {
    const error = await clientAnswering(esm, 200)
      .payouts.approve('po_../x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(cjs.RequestValidationError);
    expect(error).toBeInstanceOf(cjs.ChainbillError);
    expect(error).not.toBeInstanceOf(cjs.APIError);
    expect(error).not.toBeInstanceOf(cjs.ResponseValidationError);
  });

  it('a connection timeout from CJS is an ESM APIConnectionTimeoutError and APIConnectionError; the reverse of base vs subclass does not hold', async () => {
    // ky hands fetch a Request carrying the signal; a real fetch rejects when it aborts.
    const hang = async (input: string | URL | Request): Promise<Response> => {
      const { signal } = input as Request;
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    };
    const slow = (build: Build) =>
      new build.Chainbill({
        apiKey: 'sk_test_abc',
        baseUrl: 'https://api.chainbill.test/v1',
        fetch: hang,
        maxRetries: 0,
        timeout: 10,
      });
    const timeout = await slow(cjs)
      .payouts.list()
      .catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(esm.APIConnectionTimeoutError);
    expect(timeout).toBeInstanceOf(esm.APIConnectionError);

    const refused = await new esm.Chainbill({
      apiKey: 'sk_test_abc',
      baseUrl: 'https://api.chainbill.test/v1',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
      maxRetries: 0,
    }).payouts
      .list()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(cjs.APIConnectionError);
    expect(refused).not.toBeInstanceOf(cjs.APIConnectionTimeoutError);
  });

  it('values that are not chainbill errors match neither build', () => {
    for (const value of [
      new Error('x'),
      new TypeError('x'),
      { name: 'NotFoundError' },
      null,
      undefined,
      'NotFoundError',
      404,
    ]) {
      expect(value instanceof esm.ChainbillError).toBe(false);
      expect(value instanceof cjs.ChainbillError).toBe(false);
      expect(value instanceof cjs.NotFoundError).toBe(false);
    }
  });

  it('a subclass a caller defines still works with instanceof in both builds', () => {
    class PayoutRunError extends esm.ConflictError {}
    const error = new PayoutRunError({ status: 409 });
    expect(error).toBeInstanceOf(PayoutRunError);
    expect(error).toBeInstanceOf(cjs.ConflictError);
    expect(error.name).toBe('PayoutRunError');
    expect(new esm.ConflictError({ status: 409 })).not.toBeInstanceOf(PayoutRunError);
    expect(new cjs.ConflictError({ status: 409 })).not.toBeInstanceOf(PayoutRunError);
  });
});
