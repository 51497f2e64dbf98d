/**
 * A command that calls the API: the client, the money-move gate, the call through the catalog's
 * `invoke` (the client's own method, so every check applies), and what it prints. Loaded by the
 * first such command only, with the client and ky.
 */
import { invoke } from '../catalog/catalog.js';
import type { Invocation } from './args.js';
import { clientFor } from './client.js';
import type { Io } from './io.js';
import { moneyGate } from './money.js';
import type { Output } from './output.js';
import { type PageLike, type Printer, printObject, printPage, streamPages } from './print.js';
import { watch } from './watch.js';

/**
 * Runs an operation or a feed.
 *
 * @param invocation - What the command line asks for.
 * @param io - Streams, environment, signal.
 * @param streams - stdout and stderr, redacted.
 * @returns When it is done.
 * @throws {ChainbillError} what the SDK throws; {@link Refusal} when a money move does not go.
 */
export async function call(
  invocation: Invocation & { kind: 'operation' | 'watch' | 'listen' },
  io: Io,
  streams: { out: Output; err: Output },
): Promise<void> {
  const { command, id, params, flags } = invocation;
  const { entry } = command;
  const client = clientFor(flags, io, streams.err);
  const columns = streams.out.columns ?? Number(io.env['COLUMNS']);
  // One object or page is pretty JSON by default; a stream (`--all`, a feed) is JSON lines.
  const format = flags.format ?? (flags.all || invocation.kind === 'watch' ? 'jsonl' : 'json');
  const width = columns > 0 ? columns : 80;
  const printer: Printer = { ...streams, format, width, columns: entry.columns };
  if (invocation.kind === 'watch')
    return watch({ client, entry, filters: params, flags, printer, signal: io.signal });
  if (invocation.kind === 'listen') {
    const { listen } = await import('./listen.js');
    return listen({ client, entry, filters: params, flags, printer, io });
  }
  const input = { id, params: entry.takesParams ? params : undefined };
  if (entry.movesMoney) {
    const move = {
      client,
      entry,
      words: command.words,
      input,
      flags,
      printer,
      stdin: io.stdin,
      signal: io.signal,
    };
    if (!(await moneyGate(move))) return;
  }
  const answer = invoke(client, entry, input, { signal: io.signal });
  if (entry.paging === 'none') return printObject(printer, await answer);
  const pages = answer as unknown as PromiseLike<PageLike> & { pages(): AsyncIterable<PageLike> };
  if (flags.all) {
    await streamPages(printer, pages.pages());
    return;
  }
  const page = await pages;
  const offset = typeof params['offset'] === 'number' ? params['offset'] : 0;
  const next =
    entry.paging === 'offset'
      ? `--offset ${offset + page.data.length}`
      : page.next_cursor === null
        ? undefined
        : `--cursor ${page.next_cursor}`;
  await printPage(printer, page, next);
}
