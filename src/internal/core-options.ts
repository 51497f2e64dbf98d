import type { CoreOptions } from '../core/core-options.js';
import { AuthenticationError } from '../core/error.js';

// What a core checks of its options before anything else: the key's error, a browser, and which
// options a copy inherits.

/**
 * The core's own options, read once each: what a copy made by `withOptions` inherits.
 *
 * @param options - The options as given.
 * @returns Those of them a core takes.
 */
export function coreOptionsOf(options: CoreOptions): CoreOptions {
  const { apiKey, baseUrl, timeout, maxRetries, fetch, defaultHeaders, logger, logLevel } = options;
  const { validateResponses, maxResponseBytes, hooks, scope, dangerouslyAllowBrowser } = options;
  return {
    apiKey,
    baseUrl,
    timeout,
    maxRetries,
    fetch,
    defaultHeaders,
    logger,
    logLevel,
    validateResponses,
    maxResponseBytes,
    hooks,
    scope,
    dangerouslyAllowBrowser,
  };
}

/**
 * The error of a key that cannot be used: no status, nothing sent.
 *
 * @param message - Why, never quoting the key.
 * @returns An `AuthenticationError` with code `api_key_invalid`.
 */
export function keyError(message: string): AuthenticationError {
  return new AuthenticationError({
    error: { type: 'authentication_error', code: 'api_key_invalid', param: null, message },
  });
}

/** @returns Whether this runs in a browser (a `window` and a `document`): where a key is exposed. */
export function isBrowser(): boolean {
  return 'window' in globalThis && 'document' in globalThis;
}
