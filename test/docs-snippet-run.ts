/**
 * Runs one module of a guide as a script, as a reader would run it, in a process of its own
 * (test/docs-coverage.test.ts): `node --import tsx test/docs-snippet-run.ts <module.ts>`. The test
 * then requires the process to exit by itself: a server, socket or timer the snippet leaves open
 * keeps it up, as it would keep up the reader's script.
 *
 * The guides' scripts talk to the service, `https://api.chainbill.example/v1`, with the key from
 * `CHAINBILL_API_KEY`. Here a fake answers that host through the global `fetch` (which the client
 * looks up per request); any other URL, a `fake.listen()` server of the snippet's own say, goes
 * to the real `fetch`. The environment holds the fake's key and base URL.
 */
import { pathToFileURL } from 'node:url';
import { createFakeChainbill } from 'chainbill/testing';

const serviceHost = 'api.chainbill.example';
const service = createFakeChainbill({ baseUrl: `https://${serviceHost}/v1` });
const realFetch = globalThis.fetch;
globalThis.fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const url = new URL(input instanceof Request ? input.url : input);
  return url.host === serviceHost ? service.fetch(input, init) : realFetch(input, init);
};
process.env['CHAINBILL_API_KEY'] = service.apiKey;
process.env['CHAINBILL_BASE_URL'] = service.baseUrl;

await import(pathToFileURL(process.argv[2] ?? '').href);

// A diagnostic for the test's failure message, not a limit: what still holds the process.
setTimeout(() => {
  console.error(
    `still running 5 s after the module ended; open: ${process.getActiveResourcesInfo().join(', ')}`,
  );
}, 5_000).unref();
