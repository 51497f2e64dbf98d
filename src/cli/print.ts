/**
 * What a command prints on stdout: one object or one page as JSON, JSON lines, or a table; every
 * item of a list streamed page by page with `--all` (JSON lines, a table, or with `--format json`
 * one JSON array), with a running count on stderr when stderr is a terminal. Each value is
 * redacted before it is encoded or cut.
 */
import { clean } from './encode.js';
import type { Format } from './global-flags.js';
import type { Output } from './output.js';
import { layoutOf, recordLines, type TableLayout, tableLines } from './table.js';

/** One page of a list, as the API sends it. */
export interface PageLike {
  readonly data: readonly unknown[];
  readonly has_more: boolean;
  readonly next_cursor: string | null;
}

/** Where a command prints, and how. */
export interface Printer {
  readonly out: Output;
  readonly err: Output;
  readonly format: Format;
  /** The width of a table, in characters. */
  readonly width: number;
  /** A table's columns by importance: the resource's (`ResourceSpec.columns`). */
  readonly columns?: readonly string[] | undefined;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : { value };

/**
 * Prints one object (a created record, a delete's confirmation).
 *
 * @param printer - Where and how.
 * @param value - The object.
 */
export async function printObject(printer: Printer, value: unknown): Promise<void> {
  const { out } = printer;
  if (printer.format === 'table')
    await out.write(`${recordLines(asRecord(out.redact(value)), printer.width).join('\n')}\n`);
  else await out.write(`${out.json(value, printer.format === 'jsonl' ? undefined : 2)}\n`);
}

/**
 * Prints one page: as JSON, the envelope (`data`, `has_more`, `next_cursor`); as lines or a
 * table, its items, and on stderr the flag for the next page when there is one.
 *
 * @param printer - Where and how.
 * @param page - The page.
 * @param next - The flag and value of the next page: `--cursor c_…`, `--offset 25`.
 */
export async function printPage(printer: Printer, page: PageLike, next: string | undefined): Promise<void> {
  const { data, has_more, next_cursor } = page;
  if (printer.format === 'json') {
    await printer.out.write(`${printer.out.json({ data, has_more, next_cursor }, 2)}\n`);
    return;
  }
  const rows = new Rows(printer);
  await rows.page(data);
  if (has_more && next !== undefined) printer.err.note(`more: ${clean(next)}\n`);
}

/**
 * Streams every item of every page, one JSON line each (a table's row; with `json`, an element of
 * one array), writing each page before the next is fetched: memory holds one page, however long
 * the list.
 *
 * @param printer - Where and how.
 * @param pages - The list's pages, fetched one at a time.
 * @returns How many items were printed.
 */
export async function streamPages(printer: Printer, pages: AsyncIterable<PageLike>): Promise<number> {
  const rows = new Rows(printer);
  const counting = printer.err.isTTY;
  try {
    for await (const page of pages) {
      await rows.page(page.data);
      if (counting) printer.err.note(`\r${rows.count.toLocaleString('en-US')} items`);
    }
    await rows.end();
  } finally {
    if (counting) printer.err.note('\r\x1b[K');
  }
  return rows.count;
}

/** Items as JSON lines, table rows or an array's elements; a table's layout is fixed by its first page. */
class Rows {
  count = 0;
  readonly #printer: Printer;
  #table: { header: string; row: (item: Record<string, unknown>) => string } | undefined;

  constructor(printer: Printer) {
    this.#printer = printer;
  }

  async page(items: readonly unknown[]): Promise<void> {
    const { out, format, width, columns } = this.#printer;
    let text = '';
    if (format === 'table' && items.length > 0) {
      const records = items.map((item) => asRecord(out.redact(item)));
      if (this.#table === undefined) {
        const layout: TableLayout = layoutOf(records, width, columns);
        this.#table = tableLines(layout);
        text += `${this.#table.header}\n`;
      }
      for (const record of records) text += `${this.#table.row(record)}\n`;
    } else if (format === 'json')
      for (const [index, item] of items.entries())
        text += `${this.count + index === 0 ? '[\n' : ',\n'}${out.json(item)}`;
    else if (format === 'jsonl') for (const item of items) text += `${out.json(item)}\n`;
    this.count += items.length;
    // One write per page: a page is at most 100 items, and the stream's backpressure holds the rest.
    if (text !== '') await out.write(text);
  }

  /** Closes the array of `json`. */
  async end(): Promise<void> {
    if (this.#printer.format === 'json') await this.#printer.out.write(this.count === 0 ? '[]\n' : '\n]\n');
  }
}
