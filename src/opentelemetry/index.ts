/**
 * `chainbill/opentelemetry`: hooks that trace every call as one OpenTelemetry CLIENT span
 * (docs/hooks.md). `@opentelemetry/api` is an optional peer, loaded only by this
 * entry; `chainbill` itself never loads it.
 *
 * @module chainbill/opentelemetry
 */
import { type Attributes, type Span, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { HookInfo, Hooks } from '../core/hooks.js';
import { callToken } from '../internal/hooks.js';
import { VERSION } from '../version.js';

/** Options of {@link openTelemetryHooks}. */
export interface OpenTelemetryOptions {
  /**
   * The tracer to make spans with.
   * @default trace.getTracer('chainbill', VERSION), from the global tracer provider
   */
  tracer?: Tracer;
}

const tokenOf = (info: HookInfo): object | undefined =>
  (info as unknown as Record<symbol, object>)[callToken];

/**
 * Hooks that make one CLIENT span per call, named `{METHOD} {route}` (`PATCH /payouts/{id}`), a
 * child of the context active when the call was made. Attributes from the HTTP semantic
 * conventions: `http.request.method`, `url.template`, `server.address`, `server.port`,
 * `http.response.status_code`, `http.request.resend_count` (retries), `error.type` (the status
 * code, or the error class for a failure without a response); plus `chainbill.request_id` and
 * `chainbill.idempotency_key`. The status is ERROR when the call rejects. Never the key, never a
 * body, never the query (the URL's query may hold filters; `url.template` names the route).
 *
 * @param options - `tracer`: the tracer to use; default the global provider's `chainbill` tracer.
 * @returns Hooks for the client's `hooks` option (or a call's, or `withOptions`).
 * @example
 * ```ts
 * import { Chainbill } from 'chainbill';
 * import { openTelemetryHooks } from 'chainbill/opentelemetry';
 * const chainbill = new Chainbill({ hooks: openTelemetryHooks() });
 * ```
 */
export function openTelemetryHooks(options: OpenTelemetryOptions = {}): Hooks {
  const tracer = options.tracer ?? trace.getTracer('chainbill', VERSION);
  const spans = new WeakMap<object, Span>();
  const spanOf = (info: HookInfo): Span | undefined => {
    const token = tokenOf(info);
    return token === undefined ? undefined : spans.get(token);
  };
  const end = (info: HookInfo, span: Span): void => {
    const token = tokenOf(info);
    if (token === undefined || !spans.has(token)) return;
    spans.delete(token);
    span.setAttribute('http.request.resend_count', info.attempt - 1);
    span.end();
  };
  return {
    beforeRequest: [
      (info) => {
        const token = tokenOf(info);
        if (token === undefined || info.attempt !== 1) return;
        const url = new URL(info.url);
        const attributes: Attributes = {
          'http.request.method': info.method,
          'url.template': info.route,
          'server.address': url.hostname,
          'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
        };
        if (info.idempotencyKey !== null) attributes['chainbill.idempotency_key'] = info.idempotencyKey;
        // startSpan parents the span on the active context: the caller's, since the first attempt
        // starts synchronously inside the call.
        spans.set(
          token,
          tracer.startSpan(`${info.method} ${info.route}`, { kind: SpanKind.CLIENT, attributes }),
        );
      },
    ],
    afterResponse: [
      (info) => {
        const span = spanOf(info);
        if (span === undefined || info.status === undefined) return;
        span.setAttribute('http.response.status_code', info.status);
        if (info.requestId) span.setAttribute('chainbill.request_id', info.requestId);
        // A 2xx ends the call unless its body is refused, which beforeError reports in the same
        // synchronous run: end the span just after it.
        if (info.status < 300) queueMicrotask(() => end(info, span));
      },
    ],
    beforeError: [
      (info) => {
        const span = spanOf(info);
        if (span === undefined) return;
        const type =
          info.status !== undefined && info.status >= 300
            ? String(info.status)
            : (info.error?.name ?? 'Error');
        span.setAttribute('error.type', type);
        span.setStatus({ code: SpanStatusCode.ERROR, message: info.error?.message ?? type });
        end(info, span);
      },
    ],
  };
}
