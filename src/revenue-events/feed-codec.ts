/**
 * The pieces of a feed checkpoint's text (docs/feed.md, "How the checkpoint works"): instants and
 * offsets in base 36, ids as they are when they are made of letters, digits, `_` and `-`, else
 * `~` and base64url of their JSON.
 */

/** The first instant a date-time parameter can name: 0000-01-01T00:00:00.000Z. */
export const firstInstant = -62_167_219_200_000;
/** The last instant a date-time parameter can name: 9999-12-31T23:59:59.999Z. */
export const lastInstant = 253_402_300_799_999;

/** Whether a number is an instant of years 0000 to 9999, in whole ms. */
export function isInstant(ms: unknown): ms is number {
  return Number.isSafeInteger(ms) && (ms as number) >= firstInstant && (ms as number) <= lastInstant;
}

// Ids of the API's form (`rev_…`) go as they are; any other id (a `.`, a lone surrogate) as `~` and
// base64url of its JSON, which escapes lone surrogates, so every id survives the trip exactly.
const plainId = /^[\w-]+$/;
const offset = /^[0-9a-z]{1,11}$/;

/** @returns The id as it goes in a checkpoint. */
export function encodeId(id: string): string {
  return plainId.test(id) ? id : `~${toBase64Url(JSON.stringify(id))}`;
}

/** @returns The id, or `undefined` when the text is no encoded id. */
export function decodeId(text: string): string | undefined {
  if (plainId.test(text)) return text;
  if (!text.startsWith('~')) return undefined;
  try {
    const id: unknown = JSON.parse(fromBase64Url(text.slice(1)));
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** @returns A non-negative whole number in base 36. */
export function encodeCount(n: number): string {
  return n.toString(36);
}

/** @returns The number, or `undefined` when the text is no base-36 count. */
export function decodeCount(text: string | undefined): number | undefined {
  if (text === undefined || !offset.test(text)) return undefined;
  const n = Number.parseInt(text, 36);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** @returns base64url of the text's UTF-8, with the platform's btoa (Node and browsers alike). */
export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** @returns The text base64url holds; throws when it is not base64url of UTF-8. */
export function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
