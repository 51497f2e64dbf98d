/**
 * `chainbill completion bash|zsh|fish`: a shell's completion script, generated from the command
 * tree (so from the catalog): the words of every command, each command's flags, and the values of
 * each flag that takes one of a list (an enum, a shell, an event to trigger).
 */
import { type ApiCommand, optionsOf, paramFlagsOf } from './args.js';
import { commandsOf, commandTree, type Group } from './commands.js';
import { UsageError } from './errors.js';
import { didYouMean } from './suggest.js';
import { triggerEvents } from './trigger-events.js';

const shells = ['bash', 'zsh', 'fish'] as const;

/** What a shell completes after a path of words: the next words, the flags, a flag's values. */
interface Place {
  /** The words so far: `payouts create`; empty at the root. */
  readonly path: string;
  /** The words that may come next: commands and groups, or a tool's argument. */
  readonly words: readonly string[];
  /** The flags, with their dashes. */
  readonly flags: readonly string[];
  /** The values of each flag that takes one of a list. */
  readonly values: ReadonlyMap<string, readonly string[]>;
}

function placesOf(root: Group): Place[] {
  const places: Place[] = [];
  const walk = (group: Group): void => {
    places.push({
      path: group.words.join(' '),
      words: [...group.groups.keys(), ...group.commands.keys()],
      flags: ['--help'],
      values: new Map(),
    });
    for (const nested of group.groups.values()) walk(nested);
  };
  walk(root);
  for (const command of commandsOf(root)) {
    const path = command.words.join(' ');
    if (command.kind === 'tool') {
      const words =
        command.name === 'completion' ? shells : command.name === 'trigger' ? Object.keys(triggerEvents) : [];
      places.push({ path, words, flags: ['--help'], values: new Map() });
      continue;
    }
    const flags = paramFlagsOf(command as ApiCommand);
    const values = new Map<string, readonly string[]>();
    for (const flag of flags)
      if (Array.isArray(flag.schema['enum'])) values.set(`--${flag.flag}`, flag.schema['enum'].map(String));
    values.set('--format', ['json', 'jsonl', 'table']);
    const names = Object.keys(optionsOf(command as ApiCommand, flags)).map((name) => `--${name}`);
    places.push({ path, words: [], flags: [...names, '--help'], values });
  }
  return places;
}

const quote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

function bash(places: readonly Place[], zsh: boolean): string {
  const known = places.map((place) => place.path).filter(Boolean);
  const cases = places.flatMap((place) => {
    const lines = [`    ${quote(place.path)}) opts=${quote([...place.words, ...place.flags].join(' '))} ;;`];
    for (const [flag, values] of place.values)
      lines.push(`    ${quote(`${place.path}:${flag}`)}) opts=${quote(values.join(' '))} ;;`);
    return lines;
  });
  return [
    '# chainbill completion for bash (and zsh through bashcompinit): eval "$(chainbill completion bash)"',
    ...(zsh ? ['autoload -U +X compinit && compinit', 'autoload -U +X bashcompinit && bashcompinit'] : []),
    '_chainbill() {',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's own ${…}, not a template
    '  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" path="" next w opts=""',
    `  local known=${quote(`|${known.join('|')}|`)}`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's own ${…}, not a template
    '  for w in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do',
    '    case "$w" in -*) continue ;; esac',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's own ${…}, not a template
    '    next="${path:+$path }$w"',
    '    [[ "$known" == *"|$next|"* ]] && path="$next"',
    '  done',
    '  case "$path:$prev" in',
    ...cases.filter((line) => line.includes(':--')),
    '    *)',
    '      case "$path" in',
    ...cases.filter((line) => !line.includes(':--')).map((line) => `    ${line}`),
    '      esac ;;',
    '  esac',
    '  COMPREPLY=($(compgen -W "$opts" -- "$cur"))',
    '}',
    'complete -F _chainbill chainbill',
    '',
  ].join('\n');
}

function fish(places: readonly Place[]): string {
  const known = places.map((place) => quote(place.path)).filter((path) => path !== "''");
  const lines = [
    '# chainbill completion for fish: chainbill completion fish | source',
    `set -g __chainbill_known ${known.join(' ')}`,
    'function __chainbill_path',
    "    set -l path ''",
    '    for w in (commandline -opc)[2..-1]',
    "        string match -q -- '-*' $w; and continue",
    '        set -l next (string trim -- "$path $w")',
    '        contains -- $next $__chainbill_known; and set path $next',
    '    end',
    '    echo $path',
    'end',
    'complete -c chainbill -f',
  ];
  for (const place of places) {
    const when = `-n ${quote(`test "(__chainbill_path)" = ${quote(place.path)}`)}`;
    if (place.words.length > 0)
      lines.push(`complete -c chainbill ${when} -a ${quote(place.words.join(' '))}`);
    for (const flag of place.flags) {
      const values = place.values.get(flag);
      const name = flag.slice(2);
      lines.push(
        values === undefined
          ? `complete -c chainbill ${when} -l ${name}`
          : `complete -c chainbill ${when} -l ${name} -x -a ${quote(values.join(' '))}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The completion script of a shell.
 *
 * @param args - `bash`, `zsh` or `fish` (or `--help`).
 * @returns The script, or the command's help.
 * @throws {UsageError} for no shell or another one.
 */
export function completionScript(args: readonly string[]): string {
  if (args.includes('--help') || args.includes('-h'))
    return [
      'Usage: chainbill completion bash|zsh|fish',
      '',
      'Prints the completion script of a shell: commands, flags and enum values, from the catalog.',
      '',
      '  bash   eval "$(chainbill completion bash)"     (in ~/.bashrc)',
      '  zsh    eval "$(chainbill completion zsh)"      (in ~/.zshrc)',
      '  fish   chainbill completion fish | source      (in ~/.config/fish/config.fish)',
      '',
    ].join('\n');
  const [shell, ...more] = args;
  if (shell === undefined || !(shells as readonly string[]).includes(shell) || more.length > 0)
    throw new UsageError(
      `chainbill completion takes one of ${shells.join(', ')}${shell === undefined ? '' : `, not ${JSON.stringify(shell)}${didYouMean(shell, shells)}`}`,
    );
  const places = placesOf(commandTree());
  return shell === 'fish' ? fish(places) : bash(places, shell === 'zsh');
}
