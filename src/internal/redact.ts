/**
 * Secrets in text that comes from the server (docs/security.md). A server, a proxy or a
 * misconfigured gateway may echo the request's `Authorization` header into an error message, a
 * body, a header or a cursor, as it was sent or transformed; none of it may carry the key on.
 */

// The shape of a Chainbill secret key in running text, in any case: the prefix and the token
// characters that follow it (not the punctuation that ends a sentence).
const keyShape = /sk_(live|test)_[A-Za-z0-9_-]+/gi;
// A value nested deeper than this is kept as a placeholder: every later walk of it (a hook's
// copy, the caller's `JSON.stringify`) stays far from the stack's limit.
const maxDepth = 64;
// What a part of a server value nested deeper than `maxDepth` levels becomes.
const cutPlaceholder = `[nested deeper than ${maxDepth} levels: not kept]`;

/** Redaction with one client's key: its text, values and headers forms. */
export interface Redactor {
  /** The text with each form of the key, and each key-shaped token, replaced. */
  text(text: string): string;
  /** A copy of parsed JSON (or text) with every string and key redacted, cut at `maxDepth` levels. */
  value(value: unknown): unknown;
  /** New headers with every value redacted, safe to keep on an error. */
  headers(headers: Headers): Headers;
}

/**
 * Builds the redaction of one client's key: the key as sent, in any case, with any of its
 * characters percent-encoded (`%2B`, `%2b`), and base64 (standard or URL-safe) of any text
 * holding it (`Basic` of `key:`), plus anything shaped like `sk_live_…`/`sk_test_…`.
 *
 * @param apiKey - The client's key: any text (the constructor checks its form; a bin redacts
 *   with whatever key it was given before that check).
 * @returns The redactor; its patterns are built on first use.
 */
export function keyRedactor(apiKey: string): Redactor {
  let forms: KeyForms | undefined;
  const text = (input: string): string => {
    forms ??= keyForms(apiKey);
    let out = input.replace(forms.plain, forms.replacement);
    for (const core of forms.base64) out = redactRuns(out, core);
    return out.replace(keyShape, (_, kind: string) => `sk_${kind.toLowerCase()}_***`);
  };
  const value = (input: unknown, depth = 0): unknown => {
    if (typeof input === 'string') return text(input);
    if (typeof input !== 'object' || input === null) return input;
    if (depth >= maxDepth) return cutPlaceholder;
    if (Array.isArray(input)) return input.map((item) => value(item, depth + 1));
    // fromEntries defines own properties: a `__proto__` key stays a key, never a prototype.
    return Object.fromEntries(
      Object.entries(input).map(([key, item]) => [text(key), value(item, depth + 1)]),
    );
  };
  return {
    text,
    value: (input) => value(input),
    headers: (headers) => {
      const out = new Headers();
      headers.forEach((item, name) => {
        out.append(name, text(item));
      });
      return out;
    },
  };
}

interface KeyForms {
  /** The key in any case, each character as itself or percent-encoded. */
  plain: RegExp;
  replacement: string;
  /** The base64 characters fixed by the key alone, whatever surrounds it: one per alignment. */
  base64: string[];
}

function keyForms(apiKey: string): KeyForms {
  // Each character as itself or as its UTF-8 bytes percent-encoded (`%E2%80%8B`), in any case.
  const chars = [...apiKey].map((char) => {
    const bytes = [...utf8.encode(char)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`);
    return `(?:${escapeRegExp(char)}|${bytes.join('')})`;
  });
  const bytes = utf8.encode(apiKey);
  const cores = new Set<string>();
  // The key starts at byte 0, 1 or 2 of a 3-byte group; the characters that depend on its bytes
  // alone are the same whatever surrounds it (`Basic ` + base64 of `key:`, of `Bearer key`).
  for (const [shift, skip] of [
    [0, 0],
    [1, 2],
    [2, 3],
  ] as const) {
    // base64 of the UTF-8 bytes, as a server encodes them: `btoa` alone throws past Latin-1.
    const encoded = btoa(String.fromCharCode(...new Uint8Array(shift), ...bytes));
    const core = encoded.slice(skip, 4 * Math.floor((shift + bytes.length) / 3));
    if (core === '') continue;
    cores.add(core);
    cores.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return {
    plain: new RegExp(chars.join(''), 'gi'),
    replacement: `${apiKey.slice(0, 'sk_test_'.length)}***`,
    base64: [...cores],
  };
}

const utf8 = new TextEncoder();

const base64Char = /[A-Za-z0-9+/_-]/;

/** Replaces each whole base64 run that holds `core` by `***`, in one pass (no regex backtracking). */
function redactRuns(text: string, core: string): string {
  let at = text.indexOf(core);
  if (at === -1) return text;
  let out = '';
  let from = 0;
  while (at !== -1) {
    let start = at;
    while (start > from && base64Char.test(text.charAt(start - 1))) start--;
    let end = at + core.length;
    while (end < text.length && base64Char.test(text.charAt(end))) end++;
    while (text.charAt(end) === '=') end++;
    out += `${text.slice(from, start)}***`;
    from = end;
    at = text.indexOf(core, end);
  }
  return out + text.slice(from);
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}
