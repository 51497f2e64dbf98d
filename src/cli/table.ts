/**
 * `--format table`: items as rows under a header, sized to the terminal's width. The columns are
 * the items' scalar fields in the API's order (the nested ones are in the JSON), and the widths
 * come from the first page, so a list streamed with `--all` keeps them without holding the rest.
 */

/** The columns of a table and their widths, fixed by its first rows. */
export interface TableLayout {
  /** Field names. */
  readonly columns: readonly string[];
  /** Each column's width, in characters. */
  readonly widths: readonly number[];
}

/** The narrowest a column gets; a column that would be narrower is left out, with those after it. */
const narrowest = 8;
/** The width a column starts at (an id's is its own); longer values are cut with `…`. */
const usual = 16;
/** The widest a column grows to when the terminal has room. */
const widest = 40;
const gap = '  ';

/**
 * Fields every record has with the same value for one key (spec: the organization and the
 * environment are the key's): no use in a column.
 */
const sameForTheKey = new Set(['org_id', 'environment']);

/**
 * The text of one cell: a scalar as it reads, control characters replaced (a server's text must
 * not move the cursor or change the terminal), `null` and nothing as empty.
 *
 * @param value - A field's value.
 * @returns The text.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(/\p{Cc}/gu, '\uFFFD');
}

const length = (text: string): number => [...text].length;

/** The scalar fields that hold a value in some row: `id` and `status` first, then the API's order. */
function columnNames(rows: readonly Record<string, unknown>[]): string[] {
  const names: string[] = [];
  for (const row of rows)
    for (const [name, value] of Object.entries(row))
      if (!names.includes(name) && !sameForTheKey.has(name) && value !== null && typeof value !== 'object')
        names.push(name);
  const first = ['id', 'status'].filter((name) => names.includes(name));
  return [...first, ...names.filter((name) => !first.includes(name))];
}

/**
 * The layout of a table for its first rows and the terminal's width: columns in order, each at
 * its values' width up to {@link usual} (an id whole), while they fit; then the room left goes to
 * the columns that were cut, up to {@link widest}.
 *
 * @param rows - The first page's items.
 * @param width - The terminal's width in characters.
 * @returns The layout.
 */
export function layoutOf(rows: readonly Record<string, unknown>[], width: number): TableLayout {
  const names = columnNames(rows);
  const natural = names.map((name) =>
    Math.min(widest, Math.max(length(name), ...rows.map((row) => length(cellText(row[name]))))),
  );
  const columns: string[] = [];
  const widths: number[] = [];
  let used = 0;
  for (const [index, name] of names.entries()) {
    const room = width - used - (columns.length > 0 ? gap.length : 0);
    const want = Math.min(natural[index] as number, name === 'id' ? widest : usual);
    const least = Math.min(natural[index] as number, narrowest);
    if (room < least) break;
    columns.push(name);
    widths.push(Math.min(want, room));
    used = width - room + Math.min(want, room);
    if (want > room) break;
  }
  for (const [index, name] of columns.entries()) {
    const more = Math.min((natural[names.indexOf(name)] as number) - (widths[index] as number), width - used);
    if (more > 0) {
      widths[index] = (widths[index] as number) + more;
      used += more;
    }
  }
  return { columns, widths };
}

/**
 * One line of the table: each cell cut to its width (`…` marks a cut) and padded.
 *
 * @param layout - The table's layout.
 * @param cells - The cells' texts, in the layout's order.
 * @returns The line, without its newline.
 */
export function lineOf(layout: TableLayout, cells: readonly string[]): string {
  const parts = layout.columns.map((_, index) => {
    const width = layout.widths[index] as number;
    const text = cells[index] ?? '';
    const chars = [...text];
    const cut = chars.length > width ? `${chars.slice(0, width - 1).join('')}…` : text;
    return index === layout.columns.length - 1 ? cut : cut + ' '.repeat(width - length(cut));
  });
  return parts.join(gap);
}

/**
 * The header line and a row's line.
 *
 * @param layout - The table's layout.
 * @returns `header` and `row(item)`.
 */
export function tableLines(layout: TableLayout): {
  header: string;
  row: (item: Record<string, unknown>) => string;
} {
  return {
    header: lineOf(layout, layout.columns),
    row: (item) =>
      lineOf(
        layout,
        layout.columns.map((name) => cellText(item[name])),
      ),
  };
}

/**
 * One object as a two-column table, field and value, cut to the width.
 *
 * @param value - The object.
 * @param width - The terminal's width.
 * @returns The lines.
 */
export function recordLines(value: Record<string, unknown>, width: number): string[] {
  const names = Object.keys(value);
  const left = Math.max(...names.map(length), 5);
  const layout: TableLayout = {
    columns: ['field', 'value'],
    widths: [left, Math.max(narrowest, width - left - gap.length)],
  };
  return [
    lineOf(layout, ['field', 'value']),
    ...names.map((name) => lineOf(layout, [name, cellText(value[name])])),
  ];
}
