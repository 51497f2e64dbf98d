#!/usr/bin/env node
/**
 * Loopback API for the benchmark, run in its own process so that its work never lands on the
 * clients' event loop or heap:
 *
 *   node scripts/bench/server.mjs [--total 100000]   # prints {"port":N} on one line, then serves
 *
 * - `GET /v1/payouts?limit=100[&cursor=N]`: a list envelope `{ data, has_more, next_cursor }` of
 *   100 payout intents (~72 KB). The cursor is the offset into a virtual list of `--total` items;
 *   `has_more` is false on the page that reaches the end.
 * - `POST /v1/payouts`: 201 with one draft payout intent (~700 bytes); the request body is read
 *   and dropped.
 *
 * Every body is serialized at start-up; a request costs two buffer writes, the same for every
 * client. The `limit` query is not read: the clients always ask for 100.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { createdJson, pageDataJson, pageSize } from './fixtures.mjs';

const { values } = parseArgs({ options: { total: { type: 'string', default: '100000' } } });
const total = Number(values.total);
if (!Number.isSafeInteger(total) || total < pageSize) throw new Error('--total must be an integer ≥ 100');

// A few different pages, served in turn: the bytes of a page differ from the next one's.
const variants = 8;
const pageHeads = Array.from({ length: variants }, (_, v) => Buffer.from(`{"data":${pageDataJson(v)}`));
const lastTail = Buffer.from(',"has_more":false,"next_cursor":null}');
const created = Buffer.from(createdJson());
let requests = 0;

/**
 * The closing bytes of the page at `offset`, with the cursor of the next page.
 *
 * @param offset - Items before this page.
 * @returns `,"has_more":…,"next_cursor":…}` as bytes.
 */
function tail(offset) {
  const next = offset + pageSize;
  return next >= total ? lastTail : Buffer.from(`,"has_more":true,"next_cursor":"${next}"}`);
}

/**
 * Sends a pre-serialized JSON body with the headers the API sends.
 *
 * @param res - The response.
 * @param status - HTTP status.
 * @param chunks - The body, in pieces.
 */
function send(res, status, chunks) {
  requests += 1;
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': length,
    'x-request-id': `req_bench_${requests}`,
  });
  for (const chunk of chunks.slice(0, -1)) res.write(chunk);
  res.end(chunks.at(-1));
}

const server = createServer((req, res) => {
  const url = req.url ?? '';
  if (req.method === 'GET' && url.startsWith('/v1/payouts?')) {
    const cursor = /[?&]cursor=(\d+)/.exec(url)?.[1];
    const offset = cursor === undefined ? 0 : Number(cursor);
    send(res, 200, [pageHeads[Math.floor(offset / pageSize) % variants], tail(offset)]);
  } else if (req.method === 'POST' && url === '/v1/payouts') {
    req.resume();
    req.on('end', () => send(res, 201, [created]));
  } else {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":{"type":"not_found_error","message":"No such route."}}');
  }
});
// Longer than any pause between blocks: connections are kept, not re-opened, between rounds.
server.keepAliveTimeout = 60_000;
server.headersTimeout = 65_000;
server.maxRequestsPerSocket = 0;

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port, pageBytes: pageHeads[0].length + lastTail.length })}\n`);
});
// The parent closes stdin (or dies): stop serving.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
process.on('SIGTERM', () => process.exit(0));
