import { ConfigurationError } from '../core/error.js';

/**
 * Checks the base URL: it must be absolute and `https:`, or `http:` to a loopback host
 * (`localhost`, 127.0.0.0/8, `[::1]`), since the API key travels in every request.
 *
 * @param value - The option or `CHAINBILL_BASE_URL`.
 * @returns The URL without a trailing slash.
 * @throws {ConfigurationError} when missing, not a URL, another scheme, or `http:` to a remote host.
 */
export function checkBaseUrl(value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    throw new ConfigurationError('No base URL: pass baseUrl or set CHAINBILL_BASE_URL.');
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigurationError(`baseUrl is not an absolute URL: ${value}`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    throw new ConfigurationError(
      `baseUrl must use https: (http: is allowed only for localhost, 127.0.0.0/8 and [::1]); got ${url.protocol}//${url.host}`,
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigurationError('baseUrl must not hold credentials, a query or a fragment.');
  }
  return url.href.replace(/\/+$/, '');
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}
