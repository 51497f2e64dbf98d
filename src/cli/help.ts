/**
 * The help of every level, from the catalog: the root lists the resources, a resource its
 * commands, a command each flag with its type, enum values, limits and whether it is required
 * (from the params' JSON Schema), its TSDoc, and one example.
 */
import type { CatalogEntry } from '../catalog/catalog.js';
import { type ApiCommand, paramFlagsOf } from './args.js';
import type { Command, Group, ToolName } from './commands.js';
import { exampleOf } from './examples.js';
import { allowed, type ParamFlag, placeholder } from './flags.js';
import { globalFlagsOf } from './global-flags.js';

const environment = [
  'Environment:',
  '  CHAINBILL_API_KEY   the API key, sk_test_… or sk_live_…. There is no --api-key flag: a flag',
  '                      would land in the shell history and the process list.',
  '  CHAINBILL_BASE_URL  the API, ending in /v1 (or --base-url)',
  '  CHAINBILL_LOG       off, error, warn (default), info or debug, on stderr',
  '  CHAINBILL_DATABASE_URL  PostgreSQL (through pg) for the budgets of --policy, shared with',
  '                      your application; unset, they bound this command only',
];

const keyLine =
  'The key comes from CHAINBILL_API_KEY only: there is no --api-key flag (chainbill --help says why).';

const exits = [
  'Exit codes:',
  '  0    done',
  '  1    the API or the network failed (the error as JSON on stderr)',
  '  2    a usage error: an unknown command or flag, a bad value',
  '  3    refused by a check or the payout policy, or a money move not confirmed',
  '  130  interrupted (Ctrl+C)',
];

/**
 * The help of a group or a command.
 *
 * @param at - What `--help` was asked of.
 * @returns The text, ending in a newline.
 */
export function helpOf(at: Group | Command): string {
  return `${('kind' in at ? commandHelp(at) : groupHelp(at)).join('\n')}\n`;
}

function groupHelp(group: Group): string[] {
  const where = ['chainbill', ...group.words].join(' ');
  const rows: [string, string][] = [];
  for (const [word, nested] of group.groups) rows.push([`${word} …`, firstSentence(nested.summary)]);
  for (const [word, command] of group.commands) rows.push([word, firstSentence(summaryOf(command))]);
  const lines = [`Usage: ${where} <command> [flags]`, '', group.summary, '', 'Commands:', ...table(rows), ''];
  if (group.words.length === 0) {
    lines.push(
      ...environment,
      '',
      ...exits,
      '',
      'Example:',
      '  chainbill payouts list --status draft --format table',
      '',
    );
    lines.push('Run chainbill <command> --help for its flags (docs/cli.md).');
  } else lines.push(`Run ${where} <command> --help for its flags.`);
  return lines;
}

const toolSummaries: Readonly<Record<ToolName, string>> = {
  fake: 'Serves the fake Chainbill API over HTTP, as chainbill-fake does (chainbill fake --help).',
  completion:
    'Prints the completion script of bash, zsh or fish: commands, flags and enum values (chainbill completion --help).',
  trigger:
    'Makes an event happen in a fake through its control API: a checkout confirmed, a renewal charged, … (chainbill trigger --help).',
};

function summaryOf(command: Command): string {
  if (command.kind === 'tool') return toolSummaries[command.name];
  if (command.kind === 'operation') return command.entry.summary;
  if (command.kind === 'listen')
    return `Forwards the change feed of ${command.entry.route} to a local URL, each event POSTed as JSON and signed as Standard Webhooks signs, until Ctrl+C (docs/cli.md).`;
  return `Prints the change feed of ${command.entry.route} as JSON lines: each event once, oldest first, as it is recorded, until Ctrl+C (docs/feed.md).`;
}

function commandHelp(command: Command): string[] {
  if (command.kind === 'tool') return [toolSummaries[command.name]];
  const { entry } = command;
  const flags = paramFlagsOf(command);
  const id = command.kind === 'operation' && entry.idPrefix !== undefined ? ` <${entry.idPrefix}…>` : '';
  const lines = [`Usage: chainbill ${command.words.join(' ')}${id} [flags]`, '', summaryOf(command), ''];
  if (command.kind === 'operation') lines.push(...operationLines(entry));
  if (flags.length > 0)
    lines.push(command.kind === 'operation' ? 'Flags:' : 'Filters:', ...flags.flatMap(flagLines), '');
  const globals = globalFlagsOf(command).map((flag): [string, string] => [
    `--${flag.name}${flag.value ? ` ${flag.value}` : ''}`,
    flag.help,
  ]);
  lines.push(
    'Global flags:',
    ...table(globals),
    '',
    keyLine,
    '',
    'Example:',
    `  ${exampleFor(command, flags)}`,
  );
  return lines;
}

function operationLines(entry: CatalogEntry): string[] {
  const lines = [`Route: ${entry.route}${effectNote(entry)}`, ''];
  if (entry.idPrefix !== undefined)
    lines.push('Argument:', `  <${entry.idPrefix}…>  ${entry.docs.id ?? 'the id'}`, '');
  if (entry.fixed !== undefined) lines.push(`Sends: ${JSON.stringify(entry.fixed)}`, '');
  return lines;
}

function exampleFor(command: ApiCommand, flags: readonly ParamFlag[]): string {
  if (command.kind === 'operation') return exampleOf(command.words, command.entry, flags);
  const filter = flags.find((flag) => Array.isArray(flag.schema['enum']));
  const value = Array.isArray(filter?.schema['enum'])
    ? ` --${filter.flag} ${String(filter.schema['enum'][0])}`
    : '';
  const target = command.kind === 'listen' ? ' --forward-to http://localhost:3000/webhooks' : '';
  return `chainbill ${command.words.join(' ')}${target}${value} --checkpoint-file feed.ckpt`;
}

function effectNote(entry: CatalogEntry): string {
  if (entry.movesMoney) return ' · moves money: shows a preview and asks first (--yes without a terminal)';
  if (entry.effect === 'destructive') return ' · cannot be undone';
  return entry.paging === 'none' ? '' : ` · a list, paged by ${entry.paging} (--all for every item)`;
}

function flagLines(flag: ParamFlag): string[] {
  const name = `  --${flag.flag}${flag.bare ? '' : ` ${placeholder(flag)}`}`;
  const facts = [
    flag.required ? 'required' : flag.default === undefined ? 'optional' : `default ${flag.default}`,
    allowed(flag),
  ];
  if (flag.bare) facts.push(`--no-${flag.flag} for false`);
  else if (flag.nullable) facts.push(`--no-${flag.flag} sends null`);
  return [name, `      ${facts.join('; ')}.`, ...(flag.description ? [`      ${flag.description}`] : [])];
}

/** Two columns, the first padded to its widest cell. */
function table(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(0, ...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return end < 0 ? text : text.slice(0, end + 1);
}
