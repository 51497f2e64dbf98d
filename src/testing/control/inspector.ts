import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageHeaders } from '../../internal/page-headers.js';
import type { Incoming } from '../http/body.js';
import { FakeApiError } from '../http/errors.js';

/** Where the inspector is served: the page itself, and its files under it. */
export const inspectorPath = '/_fake/ui';

/**
 * The page's headers: its own script and styles only, requests to its own origin only (the
 * control API), no framing, no referrer, no MIME sniffing, nothing cached.
 */
const inspectorHeaders: Readonly<Record<string, string>> = pageHeaders([
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
]);

const types: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  png: 'image/png',
};

/**
 * Whether a request is for the inspector (`/_fake/ui` and the files under it).
 *
 * @param pathname - The request's path.
 * @returns `true` for the page and its files.
 */
export function isInspectorPath(pathname: string): boolean {
  return pathname === inspectorPath || pathname.startsWith(`${inspectorPath}/`);
}

/**
 * Serves the inspector's static files (docs/fake-server.md: The inspector) from the package's
 * `inspector/` folder: `/_fake/ui` is its page, `/_fake/ui/<name>` a file of that folder whose
 * name is letters, digits and `-` with a known extension. They hold no data and need no token:
 * the page asks the control API, with the token it reads from the URL fragment.
 *
 * @param incoming - The request, under {@link inspectorPath}.
 * @returns The file, 404 for any other name, 405 for a method other than GET or HEAD.
 */
export async function inspectorAnswer(incoming: Incoming): Promise<Response> {
  if (incoming.method !== 'GET' && incoming.method !== 'HEAD')
    return refusal(405, 'method_not_allowed', `${incoming.method} is not allowed here: use GET`, {
      allow: 'GET, HEAD',
    });
  const rest = incoming.url.pathname.slice(inspectorPath.length);
  const name =
    rest === '' || rest === '/' ? 'index.html' : /^\/([a-z][a-z0-9-]*\.(?:css|js|png))$/.exec(rest)?.[1];
  const files = inspectorFolder();
  if (files === undefined)
    return refusal(404, 'resource_missing', "The inspector's files are not beside chainbill's package.json.");
  if (name === undefined)
    return refusal(404, 'resource_missing', `The inspector has no file ${rest.slice(1)}.`);
  let body: Buffer;
  try {
    body = await readFile(join(files, name));
  } catch {
    return refusal(404, 'resource_missing', `The inspector has no file ${name}.`);
  }
  const type = types[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
  const headers = { ...inspectorHeaders, 'content-type': type };
  return new Response(incoming.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

let folder: string | null | undefined;

/**
 * The package's `inspector/` folder: beside the nearest `package.json` above this module, which is
 * the package's root from `src/testing/` and from any file tsup writes under `dist/`.
 */
function inspectorFolder(): string | undefined {
  if (folder === undefined) {
    folder = null;
    for (let dir = dirname(fileURLToPath(import.meta.url)), up = 0; up < 4; dir = dirname(dir), up += 1) {
      if (!existsSync(join(dir, 'package.json'))) continue;
      if (existsSync(join(dir, 'inspector', 'index.html'))) folder = join(dir, 'inspector');
      break;
    }
  }
  return folder ?? undefined;
}

function refusal(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const error = new FakeApiError(status, 'invalid_request_error', code, message);
  return Response.json(error.toBody(), { status, headers: { ...inspectorHeaders, ...headers } });
}
