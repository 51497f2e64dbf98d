/**
 * Server text on its way to a terminal: what a terminal would act on (control characters, escape
 * sequences) or draw misleadingly (bidi overrides, zero-width and other format characters, line
 * and paragraph separators) never reaches it as it is.
 */

// C0 and C1 controls, format characters (bidi controls, zero-width ones), U+2028 and U+2029.
const unsafe = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
// What JSON.stringify leaves raw among them: DEL, the C1 controls and the rest.
const unsafeInJson = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * Text for a terminal: each unsafe character shown as `�`.
 *
 * @param text - Text from the server (a value or a field name).
 * @returns The text, every control, format or separator character replaced.
 */
export function clean(text: string): string {
  return text.replace(unsafe, '\uFFFD');
}

/**
 * JSON that no terminal acts on: `JSON.stringify`, with the characters it leaves raw written as
 * `\u` escapes, so the value read back is the same.
 *
 * @param value - A value, already redacted.
 * @param indent - Spaces of indentation; none for one line.
 * @returns The JSON text.
 */
export function jsonOf(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, null, indent) ?? 'null';
  return text.replace(unsafeInJson, (char) => {
    let escaped = '';
    for (let i = 0; i < char.length; i++) escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return escaped;
  });
}
