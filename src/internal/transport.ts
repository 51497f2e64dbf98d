import ky, { isKyError, type KyInstance, NetworkError, type Options } from 'ky';
import type { WithResponse } from '../core/api-promise.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  type ChainbillError,
  ResponseValidationError,
} from '../core/error.js';
import type { Hooks } from '../core/hooks.js';
import type { RequestOptions } from '../core/request-options.js';
import type { Fetch } from '../core/types.js';
import { readBody } from './body.js';
import { callHeaders, checkCallOptions, clientHeaders } from './call-options.js';
import { callToken, mergeHooks, runHooks } from './hooks.js';
import { miss, quickParse } from './in-place.js';
import { toIssues } from './issues.js';
import { type LevelLogger, redactHeaders } from './log.js';
import { withQuery } from './operation.js';
import { keyRedactor, type Redactor } from './redact.js';
import {
  apiErrorFrom,
  badBody,
  connectionMessage,
  isJsonType,
  notJson,
  parseJson,
  requestIdOf,
} from './response.js';
import { backoffMs, isFinal, retryDelayForResponse, sleep } from './retry.js';
import type { RequestSpec } from './types.js';

/** The transport's settings, fixed by the client's constructor. */
export interface TransportConfig {
  baseUrl: string;
  apiKey: string;
  timeout: number;
  maxRetries: number;
  fetch: Fetch | undefined;
  /** The client's `defaultHeaders`, checked and copied by the constructor. */
  defaultHeaders: Headers;
  log: LevelLogger;
  validateResponses: boolean;
  /** The largest response body accepted, in bytes after decompression. */
  maxResponseBytes: number;
  /** The client's hooks, observers of every attempt. */
  hooks?: Hooks | undefined;
}

type Attempt = { response: Response; text: string } | { error: ChainbillError };
/** The option ky does not know, which it hands the transport's fetch in its init. */
type AttemptInit = { attemptSignal?: AbortSignal };

/**
 * The one request path of the SDK: headers, idempotency key, per-attempt timeout,
 * retries with backoff and `Retry-After`, body reading, parsing and error mapping, for every call.
 * ky does the HTTP (URL joining, query and JSON encoding); the retry loop is here, because it must
 * also cover a connection that breaks while the body is read, and fail fast on a long `Retry-After`.
 */
export class Transport {
  readonly #config: TransportConfig;
  readonly #ky: KyInstance;
  /** The headers of every call, built once (`clientHeaders`). */
  readonly #headers: Readonly<Record<string, string>>;
  /** The client's key in every form a server may echo it, out of server text. */
  readonly redact: Redactor;

  /** @param config - The client's settings. */
  constructor(config: TransportConfig) {
    this.#config = config;
    this.#headers = clientHeaders(config.apiKey, config.defaultHeaders);
    this.redact = keyRedactor(config.apiKey);
    this.#ky = ky.create({
      prefix: config.baseUrl,
      // Looked up per request, so a fetch patched after the client was built (msw) is used. ky
      // hands the options it does not know (`attemptSignal`, see #attempt) to its fetch.
      fetch: (input, init) => {
        if (config.fetch !== undefined) return config.fetch(input, init);
        const attempt = (init as AttemptInit | undefined)?.attemptSignal;
        return globalThis.fetch(input, attempt === undefined ? init : { signal: attempt });
      },
      // A redirect would carry the request, its body and the key to a URL the caller never
      // configured: every 3xx is answered as an error instead (docs/security.md).
      redirect: 'manual',
      retry: 0,
      timeout: false,
      throwHttpErrors: false,
    });
  }

  /**
   * Sends a call, retrying what is safe to retry, and parses its body.
   *
   * @param spec - Method, path, query, body and schema.
   * @param options - Per-call options.
   * @returns The parsed data with the response.
   * @throws {ChainbillError} one of the SDK's errors, never a ky or fetch error.
   */
  async send<T>(spec: RequestSpec<T>, options: RequestOptions = {}): Promise<WithResponse<T>> {
    checkCallOptions(options);
    const config = this.#config;
    const log = config.log;
    const maxRetries = options.maxRetries ?? config.maxRetries;
    const { headers, idempotencyKey } = callHeaders(spec.method, this.#headers, options);
    const hooks = mergeHooks(config.hooks, options.hooks);
    // What every hook is told; built only when there are hooks, so a call without pays nothing.
    const call = hooks && {
      method: spec.method,
      route: spec.route ?? spec.path,
      // A cursor is server text: one that echoes the key must not carry it to an observer.
      url: this.redact.text(`${config.baseUrl}${withQuery(spec.path, spec.query)}`),
      idempotencyKey,
      [callToken]: {},
    };
    let attempt = 1;
    let status: number | undefined;
    const rejecting = (error: ChainbillError): ChainbillError => {
      if (call)
        runHooks(
          hooks,
          'beforeError',
          { ...call, attempt, error, ...(status === undefined ? {} : { status }) },
          log,
        );
      return error;
    };
    for (let retry = 0; ; retry++, attempt++) {
      if (call) runHooks(hooks, 'beforeRequest', { ...call, attempt }, log);
      const started = call ? performance.now() : 0;
      const outcome = await this.#attempt(spec, headers, options, retry);
      let delay: number | null;
      let reason: ChainbillError;
      if ('error' in outcome) {
        reason = outcome.error;
        delay = isFinal(outcome.error) ? null : backoffMs(retry);
      } else {
        const { response } = outcome;
        status = response.status;
        if (call) {
          const durationMs = performance.now() - started;
          const requestId = requestIdOf(response.headers, this.redact);
          runHooks(hooks, 'afterResponse', { ...call, attempt, status, requestId, durationMs }, log);
        }
        if (response.ok) {
          try {
            return this.#parse(spec, response, outcome.text);
          } catch (error) {
            throw rejecting(error as ChainbillError);
          }
        }
        reason = apiErrorFrom(response, outcome.text, this.redact);
        delay = retryDelayForResponse(response.status, response.headers, retry);
      }
      if (delay === null || retry >= maxRetries) throw rejecting(reason);
      log.info(`retrying ${spec.method} ${spec.path} in ${Math.round(delay)} ms`, {
        attempt: retry + 2,
        of: maxRetries + 1,
        reason: reason.message,
      });
      if (call)
        runHooks(
          hooks,
          'beforeRetry',
          { ...call, attempt: attempt + 1, error: reason, ...(status === undefined ? {} : { status }) },
          log,
        );
      try {
        await sleep(delay, options.signal);
      } catch (cause) {
        throw rejecting(new APIUserAbortError('Request was aborted while waiting to retry.', { cause }));
      }
      status = undefined;
    }
  }

  async #attempt<T>(
    spec: RequestSpec<T>,
    headers: Readonly<Record<string, string>> | Headers,
    options: RequestOptions,
    retry: number,
  ): Promise<Attempt> {
    // A custom fetch may ignore an aborted signal; nothing is sent once the caller has aborted.
    if (options.signal?.aborted) {
      return { error: new APIUserAbortError('Request was aborted.', { cause: options.signal.reason }) };
    }
    const timeout = options.timeout ?? this.#config.timeout;
    // One controller per attempt, aborted by the timer or the caller's signal. The listener on the
    // caller's signal is removed when the attempt settles: a signal shared by many calls must not
    // keep one listener (and its closure) per call it ever served.
    const controller = new AbortController();
    let timedOut = false;
    const handle = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const onCallerAbort = (): void => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const signal = controller.signal;
    const started = Date.now();
    const log = this.#config.log;
    if (log.enabled('debug')) {
      log.debug(`→ ${spec.method} ${spec.path}`, {
        attempt: retry + 1,
        // A copy, redacted: a cursor is server text, and the logger must not reach the query sent.
        query: this.redact.value(spec.query),
        headers: redactHeaders(new Headers(headers)),
      });
    }
    try {
      // The query goes in the path: given as `searchParams`, ky builds the Request twice. Only the
      // options a call has: ky merges its options key by key, copying the object at each.
      const init: Options & AttemptInit = { method: spec.method, headers };
      if (spec.body !== undefined) init.json = spec.body;
      // Given a signal, ky joins it to its own with `AbortSignal.any`, 25 µs or more a request on
      // Node 20 (docs/performance.md). The platform fetch takes the attempt's signal in its init
      // instead, past ky; a custom fetch still finds it on the Request, which a test double or an
      // agent wrapper may read alone.
      if (this.#config.fetch === undefined) init.attemptSignal = signal;
      else init.signal = signal;
      const response = await this.#ky(withQuery(spec.path, spec.query), init);
      const maxBytes = options.maxResponseBytes ?? this.#config.maxResponseBytes;
      let text: string;
      try {
        text = await readBody(response, signal, maxBytes, response.ok);
      } catch (bad) {
        const error = badBody(bad, response, this.redact);
        if (error === undefined) throw bad;
        return { error };
      }
      if (log.enabled('debug')) {
        log.debug(`← ${response.status} ${spec.method} ${spec.path}`, { ms: Date.now() - started });
      }
      return { response, text };
    } catch (raw) {
      // ky's errors carry the Request, and with it the Authorization header: keep only the root cause.
      const cause = raw instanceof NetworkError ? raw.cause : isKyError(raw) ? undefined : raw;
      if (options.signal?.aborted) return { error: new APIUserAbortError('Request was aborted.', { cause }) };
      if (timedOut) {
        return { error: new APIConnectionTimeoutError(`Request timed out after ${timeout} ms.`, { cause }) };
      }
      const message = connectionMessage(this.#config.baseUrl, cause, this.redact);
      return { error: new APIConnectionError(message, { cause }) };
    } finally {
      clearTimeout(handle);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  #parse<T>(spec: RequestSpec<T>, response: Response, text: string): WithResponse<T> {
    const redact = this.redact;
    const requestId = requestIdOf(response.headers, redact);
    const status = response.status;
    const contentType = response.headers.get('content-type') ?? '';
    const fail = (message: string, code: string, body: unknown): ResponseValidationError =>
      new ResponseValidationError(redact.text(message), {
        issues: [{ path: [], code, message: redact.text(message) }],
        body: redact.value(body),
        status,
        requestId,
      });
    let body: unknown;
    if (text !== '' && spec.alwaysParse) {
      body = parseJson(text);
      if (body === notJson) body = text;
    } else if (text !== '') {
      if (!isJsonType(contentType)) {
        throw fail(
          `Expected a JSON response, got content-type \`${contentType || 'none'}\`.`,
          'invalid_content_type',
          text,
        );
      }
      body = parseJson(text);
      if (body === notJson) throw fail('The response body is not valid JSON.', 'invalid_json', text);
    }
    const data = this.#conform(spec, body, status, requestId);
    spec.check?.(data, { status, requestId, body: () => redact.value(body) });
    return { data, response, requestId };
  }

  /** The body as the call's schema takes it, or a `ResponseValidationError` saying what does not fit. */
  #conform<T>(spec: RequestSpec<T>, body: unknown, status: number, requestId: string | null): T {
    const schema = this.#config.validateResponses || spec.alwaysParse ? spec.schema : spec.uncheckedSchema;
    // validateResponses: false is the caller's explicit choice to take the JSON unchecked.
    if (schema === undefined) return body as T;
    // A body that fits is kept as it came, checked in place; zod runs to say what does not fit.
    const quick = quickParse(schema, body);
    if (quick !== miss) return quick as T;
    const result = schema.safeParse(body);
    if (result.success) return result.data;
    const issues = toIssues(result.error.issues);
    const where = issues[0]?.path.join('.') || 'body';
    throw new ResponseValidationError(
      this.redact.text(`The response does not match the API spec at \`${where}\`: ${issues[0]?.message}.`),
      { issues, body: this.redact.value(body), status, requestId },
    );
  }
}
