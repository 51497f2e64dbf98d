/**
 * Duplicate keys in JSON text: `JSON.parse` keeps the last of `{"USDT": "100", "USDT": "1e9"}`
 * without a word, and a file that bounds money must not mean one thing to its author and another
 * to the parser. One pass over text already known to be JSON, with an explicit stack (no
 * recursion: 5 000 levels of nesting cost nothing more).
 */

type Frame =
  | { readonly kind: 'object'; readonly keys: Set<string>; key: string | undefined; expectKey: boolean }
  | { readonly kind: 'array'; index: number };

/** A key named twice in one object, and where: `maxAmount.USDT`, `[2].id`. */
export interface DuplicateKey {
  readonly key: string;
  readonly path: string;
}

/**
 * The first key that an object of the text names twice, compared as decoded (`"a"` and
 * `"\u0061"` are one key).
 *
 * @param text - Valid JSON text (parse it first: this reads it without checking it).
 * @returns The key and its path, or `undefined` when every object names each key once.
 */
export function duplicateKey(text: string): DuplicateKey | undefined {
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = stack.at(-1);
      if (top?.kind === 'object' && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) return { key, path: pathOf(stack, key) };
        top.keys.add(key);
        top.key = key;
        top.expectKey = false;
      }
      i = end + 1;
      continue;
    }
    if (char === '{') stack.push({ kind: 'object', keys: new Set(), key: undefined, expectKey: true });
    else if (char === '[') stack.push({ kind: 'array', index: 0 });
    else if (char === '}' || char === ']') stack.pop();
    else if (char === ',') {
      const top = stack.at(-1);
      if (top?.kind === 'object') top.expectKey = true;
      else if (top?.kind === 'array') top.index += 1;
    }
    i += 1;
  }
  return undefined;
}

function pathOf(stack: readonly Frame[], key: string): string {
  let path = '';
  for (const frame of stack.slice(0, -1))
    path += frame.kind === 'array' ? `[${frame.index}]` : `${path === '' ? '' : '.'}${frame.key ?? ''}`;
  return `${path}${path === '' ? '' : '.'}${key}`;
}
