import { ConfigurationError } from '../core/error.js';

/**
 * Checks the base URL: it must be absolute and `https:`, or `http:` to a loopback host
 * (`localhost`, 127.0.0.0/8, `[::1]`), since the API key travels in every request. The messages
 * never quote the value (nor its host): a key pasted into `baseUrl` by mistake must not reach a log.
 *
 * @param value - The option or `CHAINBILL_BASE_URL`.
 * @returns The URL without a trailing slash.
 * @throws {ConfigurationError} when missing, not a string, not a URL, another scheme, `http:` to a
 *   remote host, or holding credentials, a `?` or a `#` (even an empty one).
 */
export function checkBaseUrl(value: string | undefined): string {
  if (value !== undefined && typeof value !== 'string') {
    throw new ConfigurationError('baseUrl must be a string.');
  }
  if (value === undefined || value.trim() === '') {
    throw new ConfigurationError('No base URL: pass baseUrl or set CHAINBILL_BASE_URL.');
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    const hint = /^\s*sk_(?:live|test)_/.test(value) ? ' It looks like an API key: pass that as apiKey.' : '';
    throw new ConfigurationError(
      `baseUrl is not an absolute URL such as https://api.example.com/v1 (the value is not shown, as it could be a key).${hint}`,
    );
  }
  // A scheme holds no `_`, so it cannot hold a key; the host could, so it is not quoted.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    throw new ConfigurationError(
      `baseUrl must use https: (http: is allowed only for localhost, 127.0.0.0/8 and [::1]); got ${url.protocol} to another host.`,
    );
  }
  // An empty `?` or `#` leaves `search` and `hash` empty, yet every path joined after it would land
  // in the query or fragment (`PATCH /v1?/payouts/po_1` is `PATCH /v1`): check the text itself.
  if (url.username || url.password || /[?#]/.test(value)) {
    throw new ConfigurationError('baseUrl must not hold credentials, a query or a fragment.');
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * Whether a checked base URL's path ends in a version segment (`/v1`, `/v2`, …), as the spec's
 * `{base_url}` does: without one, every route the SDK calls is likely a 404.
 *
 * @param baseUrl - A base URL returned by {@link checkBaseUrl} (no trailing slash).
 * @returns `true` for `https://api.example.com/v1`, `false` for `https://api.example.com`.
 */
export function hasVersionSegment(baseUrl: string): boolean {
  return /\/v\d+$/.test(new URL(baseUrl).pathname.replace(/\/+$/, ''));
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}
