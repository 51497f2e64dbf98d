/**
 * The contenders of the benchmark, each set up once against the loopback server:
 *
 * - `raw`: what a caller writes without any library: `fetch(url)`, `JSON.parse(await res.text())`.
 * - `ky`: the floor. ky stays the SDK's HTTP layer, so the SDK's own cost is what it adds above a
 *   bare ky 2 instance set up as src/internal/transport.ts sets it up (`prefix`, `retry: 0`,
 *   `timeout: false`, `throwHttpErrors: false`, `redirect: 'manual'`), plus `JSON.parse`. No
 *   headers, no checks, no timer.
 * - `sdk`: `chainbill` as shipped (`dist/`), validating every response.
 * - `unchecked`: the same with `validateResponses: false`, for information.
 * - `fresh`: `payouts.create` to a recipient not seen before (one of 1 000 in turn), for information.
 * - `openai`: openai-node 6's generic `client.get` / `client.post` (its own transport, retries and
 *   headers; it validates nothing): what another generated SDK pays for the same call.
 *
 * Every client module is loaded by every process (run.mjs, walk.mjs), so the baseline memory of a
 * walk is the same whichever client walks.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ky from 'ky';
import OpenAI from 'openai';
import { createParams, tronAddresses } from './fixtures.mjs';

// The build measured: dist/, or another (`run.mjs --dist DIR`, to compare with an older build).
const distDir = process.env.CHAINBILL_BENCH_DIST ?? new URL('../../dist', import.meta.url).pathname;
const { Chainbill } = await import(pathToFileURL(resolve(distDir, 'index.js')).href);

/**
 * The contenders' calls against one server.
 *
 * @param baseUrl - The server's base URL, ending in `/v1`.
 * @returns `{ name: { list(cursor?), create() } }` for raw, ky, sdk, unchecked, openai; `list`
 *   fetches one page of 100 (after `cursor` when given) and resolves to the parsed envelope.
 */
export function makeClients(baseUrl) {
  const createBody = JSON.stringify(createParams);
  const bare = ky.create({
    prefix: baseUrl,
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
    redirect: 'manual',
  });
  const openai = new OpenAI({ apiKey: 'sk-bench', baseURL: baseUrl });
  const options = { apiKey: 'sk_test_bench', baseUrl, logLevel: 'warn' };
  const chainbill = new Chainbill(options);
  const unchecked = new Chainbill({ ...options, validateResponses: false });
  const query = (cursor) => (cursor === undefined ? 'limit=100' : `limit=100&cursor=${cursor}`);
  // More than the address check remembers (256), taken in turn: each create checks a new one.
  const recipients = tronAddresses(1_000);
  let next = 0;
  const sdkList = (client) => (cursor) =>
    client.payouts.list(cursor === undefined ? { limit: 100 } : { limit: 100, cursor });
  return {
    raw: {
      list: async (cursor) => JSON.parse(await (await fetch(`${baseUrl}/payouts?${query(cursor)}`)).text()),
      create: async () => {
        const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: createBody };
        return JSON.parse(await (await fetch(`${baseUrl}/payouts`, init)).text());
      },
    },
    ky: {
      list: async (cursor) => JSON.parse(await (await bare(`/payouts?${query(cursor)}`)).text()),
      create: async () => JSON.parse(await (await bare.post('/payouts', { json: createParams })).text()),
    },
    sdk: {
      list: sdkList(chainbill),
      create: () => chainbill.payouts.create(createParams),
      client: chainbill,
    },
    unchecked: { list: sdkList(unchecked), create: () => unchecked.payouts.create(createParams) },
    fresh: {
      create: () =>
        chainbill.payouts.create({
          ...createParams,
          recipient_address: recipients[next++ % recipients.length],
        }),
    },
    openai: {
      list: (cursor) =>
        openai.get('/payouts', { query: cursor === undefined ? { limit: 100 } : { limit: 100, cursor } }),
      create: () => openai.post('/payouts', { body: createParams }),
    },
  };
}
