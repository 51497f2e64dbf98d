/**
 * The flags that are not a command's params: configuration and output for every command, `--all`
 * for lists, the money-move flags, and the feed's for `watch`. Each says where it applies, so a
 * command's help and its accepted flags come from one list.
 */
import type { CatalogEntry } from '../catalog/catalog.js';
import type { Command } from './commands.js';
import { quoted, UsageError } from './errors.js';
import { didYouMean } from './suggest.js';

/** How results are printed: pretty JSON, one JSON line per item, or a table for people. */
export type Format = 'json' | 'jsonl' | 'table';
const formats: readonly Format[] = ['json', 'jsonl', 'table'];

/** Where a flag applies: every command, lists, money moves, a feed (`watch`, `listen`), or `listen`. */
type Scope = 'every' | 'list' | 'money' | 'watch' | 'listen';

/** A flag that is not a param. */
export interface GlobalFlag {
  /** The name without dashes. */
  readonly name: string;
  /** A value follows it (`--timeout 5000`), or it stands alone (`--all`). */
  readonly takesValue: boolean;
  /** Its value, for the help. */
  readonly value?: string;
  /** What it does, for the help. */
  readonly help: string;
  readonly scope: Scope;
}

const flags: readonly GlobalFlag[] = [
  {
    name: 'base-url',
    takesValue: true,
    value: '<url>',
    help: 'the API, ending in /v1 (default: $CHAINBILL_BASE_URL)',
    scope: 'every',
  },
  {
    name: 'max-retries',
    takesValue: true,
    value: '<n>',
    help: 'retries after the first attempt (default 2)',
    scope: 'every',
  },
  {
    name: 'timeout',
    takesValue: true,
    value: '<ms>',
    help: 'milliseconds allowed for each attempt (default 60000)',
    scope: 'every',
  },
  {
    name: 'format',
    takesValue: true,
    value: formats.join('|'),
    help: 'json: pretty (a stream of every item: one array); jsonl: a line per item (the default of a stream); table: sized to the terminal',
    scope: 'every',
  },
  {
    name: 'all',
    takesValue: false,
    help: 'every item of every page, one JSON line each (--format json: one array), in constant memory',
    scope: 'list',
  },
  {
    name: 'policy',
    takesValue: true,
    value: '<file.json>',
    help: 'a payout policy (docs/money.md), checked before anything is sent',
    scope: 'money',
  },
  {
    name: 'yes',
    takesValue: false,
    help: 'go on without asking (needed when stdin is not a terminal); the preview still goes to stderr',
    scope: 'money',
  },
  {
    name: 'live',
    takesValue: false,
    help: 'needed with a live key (sk_live_…): this moves real money',
    scope: 'money',
  },
  { name: 'dry-run', takesValue: false, help: 'print the preview and send nothing', scope: 'money' },
  {
    name: 'forward-to',
    takesValue: true,
    value: '<url>',
    help: 'where each event is POSTed, signed as Standard Webhooks signs (required)',
    scope: 'listen',
  },
  {
    name: 'secret',
    takesValue: true,
    value: 'whsec_…',
    help: 'the signing secret (default: $CHAINBILL_WEBHOOK_SECRET, else a new one, printed at start)',
    scope: 'listen',
  },
  {
    name: 'max-attempts',
    takesValue: true,
    value: '<n>',
    help: 'deliveries of one event before the command stops, its checkpoint before it (default 5)',
    scope: 'listen',
  },
  {
    name: 'from',
    takesValue: true,
    value: 'now|<date-time>|<checkpoint>',
    help: "where the feed starts (default: the checkpoint file's, else now)",
    scope: 'watch',
  },
  {
    name: 'checkpoint-file',
    takesValue: true,
    value: '<file>',
    help: 'resume from the checkpoint in it, and save the checkpoint there after each line',
    scope: 'watch',
  },
  {
    name: 'poll-interval',
    takesValue: true,
    value: '<ms>',
    help: 'milliseconds between two polls once caught up (default 5000)',
    scope: 'watch',
  },
  {
    name: 'look-back',
    takesValue: true,
    value: '<ms>',
    help: 'how far behind the latest event each poll reads again (default 60000)',
    scope: 'watch',
  },
];

/** The flags that take a value, by their dashed name: a command's words may follow one. */
export const valueFlags: ReadonlySet<string> = new Set(
  flags.filter((flag) => flag.takesValue).map((flag) => `--${flag.name}`),
);

/**
 * The global flags of a command.
 *
 * @param command - A command of the tree.
 * @returns Its flags, in the order of the help.
 */
export function globalFlagsOf(command: Command): GlobalFlag[] {
  const applies = (scope: Scope, entry: CatalogEntry): boolean =>
    scope === 'every' ||
    (command.kind === 'watch'
      ? scope === 'watch'
      : command.kind === 'listen'
        ? scope === 'watch' || scope === 'listen'
        : (scope === 'list' && entry.paging !== 'none') || (scope === 'money' && entry.movesMoney));
  return command.kind === 'tool' ? [] : flags.filter((flag) => applies(flag.scope, command.entry));
}

/** The global flags given, parsed. */
export interface GlobalValues {
  readonly baseUrl: string | undefined;
  readonly maxRetries: number | undefined;
  readonly timeout: number | undefined;
  /** As given; each command has its default (`json`; JSON lines for `--all` and feeds). */
  readonly format: Format | undefined;
  readonly all: boolean;
  readonly policy: string | undefined;
  readonly yes: boolean;
  readonly live: boolean;
  readonly dryRun: boolean;
  readonly forwardTo: string | undefined;
  readonly secret: string | undefined;
  readonly maxAttempts: number | undefined;
  readonly from: string | undefined;
  readonly checkpointFile: string | undefined;
  readonly pollIntervalMs: number | undefined;
  readonly lookBackMs: number | undefined;
}

/**
 * The global flags' values, checked: whole numbers where one is due, a known format.
 *
 * @param given - Each flag given, by name: its value, or `true` for one that stands alone.
 * @returns The values.
 * @throws {UsageError} for a value the flag does not take.
 */
export function globalValues(given: ReadonlyMap<string, string | true>): GlobalValues {
  const text = (name: string): string | undefined => {
    const value = given.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const whole = (name: string): number | undefined => {
    const value = text(name);
    if (value === undefined) return undefined;
    if (!/^\d{1,15}$/.test(value))
      throw new UsageError(`--${name} takes a whole number, not ${quoted(value)}`);
    return Number(value);
  };
  const format = text('format');
  if (format !== undefined && !(formats as readonly string[]).includes(format))
    throw new UsageError(
      `--format takes one of ${formats.join(', ')}, not ${quoted(format)}${didYouMean(format, formats)}`,
    );
  return {
    baseUrl: text('base-url'),
    maxRetries: whole('max-retries'),
    timeout: whole('timeout'),
    format: format as Format | undefined,
    all: given.has('all'),
    policy: text('policy'),
    yes: given.has('yes'),
    live: given.has('live'),
    dryRun: given.has('dry-run'),
    forwardTo: text('forward-to'),
    secret: text('secret'),
    maxAttempts: whole('max-attempts'),
    from: text('from'),
    checkpointFile: text('checkpoint-file'),
    pollIntervalMs: whole('poll-interval'),
    lookBackMs: whole('look-back'),
  };
}
