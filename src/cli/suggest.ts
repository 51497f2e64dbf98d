/**
 * The nearest name to a mistyped one, for usage errors: `--ammount` → "did you mean --amount?".
 */

/**
 * The candidate nearest to `name` by edit distance (a swap of two neighbours counts as one), when
 * it is near enough to be what was meant: at most a third of the name's length, and at least 1.
 *
 * @param name - What was typed.
 * @param candidates - The names allowed there.
 * @returns The suggestion, or `undefined`.
 */
export function nearest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * `" (did you mean X?)"` when a candidate is near, else `""`: the tail of a usage error.
 *
 * @param name - What was typed.
 * @param candidates - The names allowed there.
 * @returns The text to append.
 */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const suggestion = nearest(name, candidates);
  return suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`;
}

/** Optimal string alignment distance; names are short, so the full table is cheap. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(value);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}
