/**
 * From `argv` to what to do: the command (its words lead, in any order with the global flags), its
 * path id, its params from its flags, and the global flags. Built on `node:util` `parseArgs`; every
 * flag is checked here, so a typo is a usage error that names the flag and the nearest one.
 */
import { parseArgs } from 'node:util';
import type { CatalogEntry } from '../internal/catalog.js';
import type { Command, Group } from './commands.js';
import { quoted, UsageError } from './errors.js';
import { allowed, type ParamFlag, paramFlags, parseValue } from './flags.js';
import { didYouMean } from './suggest.js';

/** How results are printed: pretty JSON, one JSON line per item, or a table for people. */
export type Format = 'json' | 'jsonl' | 'table';
const formats: readonly Format[] = ['json', 'jsonl', 'table'];

/** A flag that is not a param: configuration, output, money moves. */
export interface GlobalFlag {
  /** The name without dashes. */
  readonly name: string;
  /** A value follows it (`--timeout 5000`), or it stands alone (`--all`). */
  readonly takesValue: boolean;
  /** Its value, for the help. */
  readonly value?: string;
  /** What it does, for the help. */
  readonly help: string;
  /** The commands it applies to. */
  readonly applies: (entry: CatalogEntry) => boolean;
}

const always = (): boolean => true;
const isList = (entry: CatalogEntry): boolean => entry.paging !== 'none';

/** The flags every command of the API shares, and those of lists and of money moves. */
export const globalFlags: readonly GlobalFlag[] = [
  {
    name: 'base-url',
    takesValue: true,
    value: '<url>',
    help: 'the API, ending in /v1 (default: $CHAINBILL_BASE_URL)',
    applies: always,
  },
  {
    name: 'max-retries',
    takesValue: true,
    value: '<n>',
    help: 'retries after the first attempt (default 2)',
    applies: always,
  },
  {
    name: 'timeout',
    takesValue: true,
    value: '<ms>',
    help: 'milliseconds allowed for each attempt (default 60000)',
    applies: always,
  },
  {
    name: 'format',
    takesValue: true,
    value: formats.join('|'),
    help: 'pretty JSON (default), JSON lines, or a table sized to the terminal',
    applies: always,
  },
  {
    name: 'all',
    takesValue: false,
    help: 'every item of every page, one JSON line each, in constant memory',
    applies: isList,
  },
  {
    name: 'policy',
    takesValue: true,
    value: '<file.json>',
    help: 'a payout policy (docs/cli.md) checked before anything is sent',
    applies: (entry) => entry.movesMoney,
  },
  {
    name: 'yes',
    takesValue: false,
    help: 'move the money without asking (needed when stdin is not a terminal)',
    applies: (entry) => entry.movesMoney,
  },
  {
    name: 'dry-run',
    takesValue: false,
    help: 'print the preview and send nothing',
    applies: (entry) => entry.movesMoney,
  },
];

/** What the command line asks for. */
export type Invocation =
  | { readonly kind: 'help'; readonly at: Group | Command }
  | { readonly kind: 'version' }
  | { readonly kind: 'fake'; readonly args: string[] }
  | {
      readonly kind: 'operation';
      readonly command: Command & { kind: 'operation' };
      readonly id: string | undefined;
      readonly params: Record<string, unknown>;
      readonly flags: GlobalValues;
      readonly paramFlags: readonly ParamFlag[];
    };

/** The global flags given, parsed. */
export interface GlobalValues {
  readonly baseUrl: string | undefined;
  readonly maxRetries: number | undefined;
  readonly timeout: number | undefined;
  readonly format: Format;
  readonly all: boolean;
  readonly policy: string | undefined;
  readonly yes: boolean;
  readonly dryRun: boolean;
}

const valueFlags = new Set(globalFlags.filter((flag) => flag.takesValue).map((flag) => `--${flag.name}`));

/**
 * Reads a command line.
 *
 * @param argv - The arguments after `chainbill`.
 * @param root - The command tree.
 * @returns What to do.
 * @throws {UsageError} for an unknown command or flag, a missing or bad value.
 */
export function readArgs(argv: readonly string[], root: Group): Invocation {
  const { at, rest } = findCommand(argv, root);
  if (at !== root && 'kind' in at && at.kind === 'fake') return { kind: 'fake', args: rest };
  const wantsHelp = rest.includes('--help') || rest.includes('-h');
  if (wantsHelp) return { kind: 'help', at };
  if (!('kind' in at)) {
    if (at === root && rest.includes('--version')) return { kind: 'version' };
    const word = rest.find((arg) => !arg.startsWith('-'));
    const known = [...at.commands.keys(), ...at.groups.keys()];
    const where = at.words.length > 0 ? `chainbill ${at.words.join(' ')}` : 'chainbill';
    if (word !== undefined)
      throw new UsageError(`${where} has no command ${word}${didYouMean(word, known)}; see ${where} --help`);
    throw new UsageError(`${where} needs a command: ${known.join(', ')}; see ${where} --help`);
  }
  return readOperation(at as Command & { kind: 'operation' }, rest);
}

/** Walks the leading words down the tree; global flags and their values may come between them. */
function findCommand(argv: readonly string[], root: Group): { at: Group | Command; rest: string[] } {
  let at: Group = root;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith('-')) {
      rest.push(arg);
      if (valueFlags.has(arg) && i + 1 < argv.length) rest.push(argv[++i] as string);
      continue;
    }
    const command = at.commands.get(arg);
    const nested = at.groups.get(arg);
    if (command !== undefined) return { at: command, rest: [...rest, ...argv.slice(i + 1)] };
    if (nested === undefined) return { at, rest: [...rest, ...argv.slice(i)] };
    at = nested;
  }
  return { at, rest };
}

/** A parseArgs option: a flag that takes a value, or one that stands alone. */
type Option = { type: 'string' | 'boolean' };

/**
 * Every flag a command takes, as `parseArgs` options: a param's flag; `--no-<flag>` for a plain
 * boolean (`false`) and for a param that takes `null`; the global flags that apply to it.
 *
 * @param entry - The command's catalog entry.
 * @param flags - Its param flags.
 * @returns The options, by name.
 * @throws {Error} when two flags would share a name (a param named like a global flag).
 */
export function optionsOf(entry: CatalogEntry, flags: readonly ParamFlag[]): Record<string, Option> {
  const options: Record<string, Option> = {};
  const add = (name: string, option: Option): void => {
    if (Object.hasOwn(options, name)) throw new Error(`${entry.name}: two flags named --${name}`);
    options[name] = option;
  };
  for (const flag of flags) {
    add(flag.flag, { type: flag.bare ? 'boolean' : 'string' });
    if (flag.bare || flag.nullable) add(`no-${flag.flag}`, { type: 'boolean' });
  }
  for (const flag of globalFlags)
    if (flag.applies(entry)) add(flag.name, { type: flag.takesValue ? 'string' : 'boolean' });
  return options;
}

function readOperation(command: Command & { kind: 'operation' }, args: string[]): Invocation {
  const { entry } = command;
  const flags = paramFlags(entry);
  const options = optionsOf(entry, flags);
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  const given = new Map<string, string | true>();
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (option === undefined) throw unknownFlag(token.rawName, Object.keys(options));
    if (given.has(token.name)) throw new UsageError(`--${token.name} is given twice`);
    if (option.type === 'boolean' && token.value !== undefined)
      throw new UsageError(`--${token.name} takes no value`);
    if (option.type === 'string' && token.value === undefined) {
      const flag = flags.find((each) => each.flag === token.name);
      throw new UsageError(`--${token.name} needs a value${flag ? `: ${allowed(flag)}` : ''}`);
    }
    given.set(token.name, token.value ?? true);
  }
  const id = readId(command, positionals);
  const params: Record<string, unknown> = {};
  for (const flag of flags) {
    const value = given.get(flag.flag);
    if (given.has(`no-${flag.flag}`)) {
      if (value !== undefined) throw new UsageError(`--${flag.flag} and --no-${flag.flag} are both given`);
      params[flag.param] = flag.bare ? false : null;
    } else if (value !== undefined) params[flag.param] = flag.bare ? true : parseValue(flag, value as string);
  }
  const missing = flags.filter((flag) => flag.required && !(flag.param in params));
  if (missing.length > 0)
    throw new UsageError(
      `${command.words.join(' ')} needs ${missing.map((flag) => `--${flag.flag} (${allowed(flag)})`).join(', ')}`,
    );
  return { kind: 'operation', command, id, params, flags: globalValues(given), paramFlags: flags };
}

function unknownFlag(raw: string, known: string[]): UsageError {
  if (raw === '--api-key' || raw.startsWith('--api-key='))
    return new UsageError(
      'there is no --api-key flag: a flag lands in the shell history and the process list; set CHAINBILL_API_KEY',
    );
  const names = known.map((name) => `--${name}`);
  return new UsageError(`unknown flag ${raw.split('=')[0]}${didYouMean(raw.split('=')[0] ?? raw, names)}`);
}

function readId(command: Command & { kind: 'operation' }, positionals: string[]): string | undefined {
  const { entry } = command;
  const expected = entry.idPrefix === undefined ? 0 : 1;
  if (positionals.length > expected) {
    const extra = positionals[expected] as string;
    const shown = quoted(extra);
    throw new UsageError(
      `${command.words.join(' ')} takes ${expected === 0 ? 'no arguments' : 'one id'}, not also ${shown}`,
    );
  }
  if (entry.idPrefix !== undefined && positionals.length === 0)
    throw new UsageError(`${command.words.join(' ')} needs an id: ${entry.idPrefix}…`);
  return positionals[0];
}

function globalValues(given: Map<string, string | true>): GlobalValues {
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
  const format = text('format') ?? 'json';
  if (!(formats as readonly string[]).includes(format))
    throw new UsageError(
      `--format takes one of ${formats.join(', ')}, not ${quoted(format)}${didYouMean(format, formats)}`,
    );
  return {
    baseUrl: text('base-url'),
    maxRetries: whole('max-retries'),
    timeout: whole('timeout'),
    format: format as Format,
    all: given.has('all'),
    policy: text('policy'),
    yes: given.has('yes'),
    dryRun: given.has('dry-run'),
  };
}
