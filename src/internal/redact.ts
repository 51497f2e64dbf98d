/**
 * Secrets in text that comes from the server (docs/security.md). A server, a proxy or a
 * misconfigured gateway may echo the request's `Authorization` header into an error message or a
 * body; that text must not carry the key into an error message, a log line or `JSON.stringify`.
 */

// The shape of a Chainbill secret key in running text: the prefix and the token characters that
// follow it (not the punctuation that ends a sentence).
const keyShape = /sk_(live|test)_[A-Za-z0-9_-]+/g;

/**
 * Redacts the client's own key and anything shaped like `sk_live_…`/`sk_test_…` in a string.
 *
 * @param text - Server-provided text.
 * @param apiKey - The client's key (any visible ASCII), replaced wherever it appears verbatim.
 * @returns The text with each key replaced by `sk_live_***` or `sk_test_***`.
 */
export function redactText(text: string, apiKey: string): string {
  let out = text;
  if (apiKey !== '' && out.includes(apiKey)) out = out.split(apiKey).join(`${apiKey.slice(0, 8)}***`);
  return out.includes('sk_') ? out.replace(keyShape, 'sk_$1_***') : out;
}

/**
 * Redacts every string in a parsed JSON value (object keys included), or the text itself.
 *
 * @param value - Parsed JSON or text from the server.
 * @param apiKey - The client's key.
 * @returns A copy with every string redacted; the value itself when nothing needed it.
 */
export function redactValue(value: unknown, apiKey: string): unknown {
  if (typeof value === 'string') return redactText(value, apiKey);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, apiKey));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[redactText(key, apiKey)] = redactValue(item, apiKey);
    return out;
  }
  return value;
}

/**
 * Copies response headers with every value redacted.
 *
 * @param headers - The response's headers.
 * @param apiKey - The client's key.
 * @returns New headers, safe to keep on an error.
 */
export function redactResponseHeaders(headers: Headers, apiKey: string): Headers {
  const out = new Headers();
  headers.forEach((value, name) => {
    out.append(name, redactText(value, apiKey));
  });
  return out;
}
