/**
 * `--format table`: items as rows under a header, sized to the terminal's width. The columns are
 * the items' scalar fields by importance, as the resource declares them (`ResourceSpec.columns`:
 * the id, the status, the amount, the counterparty, the dates last), then the others in the API's
 * order (the nested ones are in the JSON). The widths come from the first page, so a list streamed
 * with `--all` keeps them without holding the rest. Every value is redacted before it is cut.
 */
import { clean } from './encode.js';

/** The columns of a table and their widths, fixed by its first rows. */
export interface TableLayout {
  /** Field names. */
  readonly columns: readonly string[];
  /** Each column's width, in characters. */
  readonly widths: readonly number[];
}

/** The narrowest a column gets; a column that would be narrower is left out, with those after it. */
const narrowest = 8;
/** The widest a column of free text grows to; longer values are cut with `…`. */
const widest = 40;
const gap = '  ';

/** Fields a cut would make useless: an id, an address, a hash. They are shown whole or last. */
const whole = /(^|_)(id|address|hash)$/;

/**
 * Fields every record has with the same value for one key (spec: the organization and the
 * environment are the key's): no use in a column.
 */
const sameForTheKey = new Set(['org_id', 'environment']);

/**
 * The text of one cell: a scalar as it reads, with what a terminal would act on or draw
 * misleadingly replaced (clean()), `null` and nothing as empty.
 *
 * @param value - A field's value, already redacted.
 * @returns The text.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return clean(text);
}

const length = (text: string): number => [...text].length;

/** The scalar fields that hold a value in some row: the important ones first, then the API's order. */
function columnNames(rows: readonly Record<string, unknown>[], importance: readonly string[]): string[] {
  const names: string[] = [];
  for (const row of rows)
    for (const [name, value] of Object.entries(row))
      if (!names.includes(name) && !sameForTheKey.has(name) && value !== null && typeof value !== 'object')
        names.push(name);
  const first = importance.filter((name) => names.includes(name));
  return [...first, ...names.filter((name) => !first.includes(name))];
}

/**
 * The layout of a table for its first rows and the terminal's width: columns by importance, each
 * at its values' width (free text up to {@link widest}), while they fit. The first that does not
 * fit is cut to the room left and ends the table, so an id or an address is never cut while a
 * less important column is shown.
 *
 * @param rows - The first page's items, redacted.
 * @param width - The terminal's width in characters.
 * @param importance - The resource's columns, most important first.
 * @returns The layout.
 */
export function layoutOf(
  rows: readonly Record<string, unknown>[],
  width: number,
  importance: readonly string[] = [],
): TableLayout {
  const columns: string[] = [];
  const widths: number[] = [];
  let used = 0;
  for (const name of columnNames(rows, importance)) {
    const natural = Math.max(length(clean(name)), ...rows.map((row) => length(cellText(row[name]))));
    const want = whole.test(name) ? natural : Math.min(natural, widest);
    const room = width - used - (columns.length > 0 ? gap.length : 0);
    if (room < Math.min(want, narrowest)) break;
    columns.push(name);
    widths.push(Math.min(want, room));
    used = width - room + Math.min(want, room);
    if (want > room) break;
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
    header: lineOf(layout, layout.columns.map(clean)),
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
 * @param value - The object, redacted.
 * @param width - The terminal's width.
 * @returns The lines.
 */
export function recordLines(value: Record<string, unknown>, width: number): string[] {
  const names = Object.keys(value);
  const left = Math.max(...names.map((name) => length(clean(name))), 5);
  const layout: TableLayout = {
    columns: ['field', 'value'],
    widths: [left, Math.max(narrowest, width - left - gap.length)],
  };
  return [
    lineOf(layout, ['field', 'value']),
    ...names.map((name) => lineOf(layout, [clean(name), cellText(value[name])])),
  ];
}
