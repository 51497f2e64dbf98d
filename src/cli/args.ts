/**
 * From `argv` to what to do: the command (its words lead, in any order with the global flags), its
 * path id, its params from its flags, and the global flags. Built on `node:util` `parseArgs`; every
 * flag is checked here, so a typo is a usage error that names the flag and the nearest one.
 */
import { parseArgs } from 'node:util';
import { feedOwnedParams } from '../revenue-events/feed-options.js';
import type { Command, Group, ToolName } from './commands.js';
import { quoted, UsageError } from './errors.js';
import { allowed, type ParamFlag, paramFlags, parseValue } from './flags.js';
import { type GlobalValues, globalFlagsOf, globalValues, valueFlags } from './global-flags.js';
import { didYouMean } from './suggest.js';

/** A command of the API: an operation, a list's change feed, or the feed forwarded. */
export type ApiCommand = Command & { kind: 'operation' | 'watch' | 'listen' };

/** What the command line asks for. */
export type Invocation =
  | { readonly kind: 'help'; readonly at: Group | Command }
  | { readonly kind: 'version' }
  | { readonly kind: 'tool'; readonly name: ToolName; readonly args: string[] }
  | {
      readonly kind: 'operation' | 'watch' | 'listen';
      readonly command: ApiCommand;
      /** The path id (an operation's). */
      readonly id: string | undefined;
      /** The params from the flags; for a feed, the list's filters. */
      readonly params: Record<string, unknown>;
      readonly flags: GlobalValues;
      readonly paramFlags: readonly ParamFlag[];
    };

/**
 * Reads a command line.
 *
 * @param argv - The arguments after `chainbill`.
 * @param root - The command tree.
 * @returns What to do.
 * @throws {UsageError} for an unknown command or flag, a missing or bad value.
 */
export function readArgs(argv: readonly string[], root: Group): Invocation {
  // `chainbill help payouts create` is `chainbill payouts create --help`.
  if (argv[0] === 'help') {
    const { at, rest } = findCommand(argv.slice(1), root);
    const word = rest.find((arg) => !arg.startsWith('-'));
    if (word !== undefined && !('kind' in at)) throw noCommand(at, word);
    return { kind: 'help', at };
  }
  const { at, rest } = findCommand(argv, root);
  if ('kind' in at && at.kind === 'tool') return { kind: 'tool', name: at.name, args: rest };
  if (rest.includes('--help') || rest.includes('-h')) return { kind: 'help', at };
  if ('kind' in at) return readCommand(at, rest);
  if (at === root && (rest.includes('--version') || rest.includes('-v'))) return { kind: 'version' };
  const word = rest.find((arg) => !arg.startsWith('-'));
  if (word !== undefined) throw noCommand(at, word);
  const known = [...at.commands.keys(), ...at.groups.keys()];
  const where = ['chainbill', ...at.words].join(' ');
  throw new UsageError(`${where} needs a command: ${known.join(', ')}; see ${where} --help`);
}

function noCommand(at: Group, word: string): UsageError {
  const known = [...at.commands.keys(), ...at.groups.keys()];
  const where = ['chainbill', ...at.words].join(' ');
  return new UsageError(
    `${where} has no command ${quoted(word)}${didYouMean(word, known)}; see ${where} --help`,
  );
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

/**
 * The param flags of a command: an operation's params; for `watch`, the list's filters (the feed
 * sets the dates, the cursor and the page size of each poll itself).
 *
 * @param command - A command of the API.
 * @returns Its param flags.
 */
export function paramFlagsOf(command: ApiCommand): ParamFlag[] {
  const flags = paramFlags(command.entry);
  return command.kind === 'operation' ? flags : flags.filter((flag) => !feedOwnedParams.includes(flag.param));
}

/** A parseArgs option: a flag that takes a value, or one that stands alone. */
type Option = { type: 'string' | 'boolean' };

/**
 * Every flag a command takes, as `parseArgs` options: a param's flag; `--no-<flag>` for a plain
 * boolean (`false`) and for a param that takes `null`; the global flags that apply to it.
 *
 * @param command - A command of the API.
 * @param flags - Its param flags.
 * @returns The options, by name.
 * @throws {Error} when two flags would share a name (a param named like a global flag).
 */
export function optionsOf(command: ApiCommand, flags: readonly ParamFlag[]): Record<string, Option> {
  const options: Record<string, Option> = {};
  const add = (name: string, option: Option): void => {
    if (Object.hasOwn(options, name))
      throw new Error(`${command.words.join(' ')}: two flags named --${name}`);
    options[name] = option;
  };
  for (const flag of flags) {
    add(flag.flag, { type: flag.bare ? 'boolean' : 'string' });
    if (flag.bare || flag.nullable) add(`no-${flag.flag}`, { type: 'boolean' });
  }
  for (const flag of globalFlagsOf(command)) add(flag.name, { type: flag.takesValue ? 'string' : 'boolean' });
  return options;
}

function readCommand(command: ApiCommand, args: string[]): Invocation {
  const flags = paramFlagsOf(command);
  const options = optionsOf(command, flags);
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
    else if (flag.default !== undefined) params[flag.param] = parseValue(flag, flag.default);
  }
  const missing = flags.filter((flag) => flag.required && !(flag.param in params));
  if (missing.length > 0)
    throw new UsageError(
      `${command.words.join(' ')} needs ${missing.map((flag) => `--${flag.flag} (${allowed(flag)})`).join(', ')}`,
    );
  return { kind: command.kind, command, id, params, flags: globalValues(given), paramFlags: flags };
}

function unknownFlag(raw: string, known: string[]): UsageError {
  const name = raw.split('=')[0] ?? raw;
  if (name === '--api-key')
    return new UsageError(
      'there is no --api-key flag: a flag lands in the shell history and the process list; set CHAINBILL_API_KEY',
    );
  return new UsageError(
    `unknown flag ${name}${didYouMean(
      name,
      known.map((each) => `--${each}`),
    )}`,
  );
}

function readId(command: ApiCommand, positionals: string[]): string | undefined {
  const prefix = command.kind === 'operation' ? command.entry.idPrefix : undefined;
  const expected = prefix === undefined ? 0 : 1;
  if (positionals.length > expected) {
    const extra = quoted(positionals[expected] as string);
    const takes = expected === 0 ? 'no arguments' : 'one id';
    throw new UsageError(`${command.words.join(' ')} takes ${takes}, not also ${extra}`);
  }
  if (prefix !== undefined && positionals.length === 0)
    throw new UsageError(`${command.words.join(' ')} needs an id: ${prefix}…`);
  return positionals[0];
}
