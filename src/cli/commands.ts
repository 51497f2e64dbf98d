/**
 * The `chainbill` command tree, derived from the catalog: a group per resource path in kebab case
 * (`payouts settlements`), a command per method (`payment-links create`). A new operation in a
 * resource's table is a new command here with no line of its own.
 */
import { type CatalogEntry, catalogOf } from '../catalog/catalog.js';
import { catalogDocs } from '../catalog/docs.js';

/**
 * The commands that are no operation and read their own arguments: `fake` serves the fake API,
 * `completion` prints a shell's completion script, `trigger` makes an event happen in a fake.
 */
export type ToolName = 'fake' | 'completion' | 'trigger';

/**
 * A command: a catalog entry; the change feed of a list (`revenue-events watch`, whose `entry` is
 * the list it polls); `listen`, which forwards that feed to a local URL; or a tool.
 */
export type Command =
  | {
      readonly kind: 'operation' | 'watch' | 'listen';
      readonly words: readonly string[];
      readonly entry: CatalogEntry;
    }
  | { readonly kind: 'tool'; readonly name: ToolName; readonly words: readonly string[] };

/** The lists that have a change feed, by catalog name: the client's `watch` beside its `list`. */
const feeds: ReadonlySet<string> = new Set(['revenueEvents.list']);
/** The feed `chainbill listen` forwards: the revenue ledger's. */
const forwarded = 'revenueEvents.list';
const tools: readonly ToolName[] = ['fake', 'completion', 'trigger'];

/** A group of commands: the root, or a resource (`payouts`) with its commands and nested groups. */
export interface Group {
  /** Its words from the root: `['payouts', 'settlements']`; none for the root. */
  readonly words: readonly string[];
  /** The resource's summary, from its TSDoc. */
  readonly summary: string;
  /** The nested resources, by word. */
  readonly groups: Map<string, Group>;
  /** The commands, by word. */
  readonly commands: Map<string, Command>;
}

/**
 * A name of the client in kebab case: `paymentLinks` → `payment-links`, `due_date` → `due-date`.
 *
 * @param name - A resource, method or wire param name.
 * @returns The name as a command word or flag.
 */
export function kebab(name: string): string {
  return name.replace(/_/g, '-').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function group(words: readonly string[], summary: string): Group {
  return { words, summary, groups: new Map(), commands: new Map() };
}

/**
 * The tree of every entry, and the commands that are not operations (the tools, a list's `watch`,
 * `listen`). A word that names
 * both a command and a group of the same parent is refused: one of them could not be reached.
 *
 * @param entries - The catalog, read from the tables now (so a test that adds an operation sees it).
 * @returns The root group.
 * @throws {Error} when two entries would share a command, or a command a group.
 */
export function commandTree(entries: readonly CatalogEntry[] = catalogOf()): Group {
  const root = group([], 'The Chainbill API from the command line.');
  for (const name of tools) root.commands.set(name, { kind: 'tool', name, words: [name] });
  for (const entry of entries) {
    let at = root;
    for (const [index, name] of entry.resource.entries()) {
      const word = kebab(name);
      let next = at.groups.get(word);
      if (next === undefined) {
        const summary = catalogDocs.resources[entry.resource.slice(0, index + 1).join('.')] ?? '';
        next = group([...at.words, word], summary);
        at.groups.set(word, next);
      }
      at = next;
    }
    const word = kebab(entry.method);
    if (at.commands.has(word)) throw new Error(`two commands named ${[...at.words, word].join(' ')}`);
    at.commands.set(word, { kind: 'operation', words: [...at.words, word], entry });
    if (feeds.has(entry.name))
      at.commands.set('watch', { kind: 'watch', words: [...at.words, 'watch'], entry });
    if (entry.name === forwarded) root.commands.set('listen', { kind: 'listen', words: ['listen'], entry });
  }
  refuseClashes(root);
  return root;
}

function refuseClashes(at: Group): void {
  for (const [word, nested] of at.groups) {
    if (at.commands.has(word))
      throw new Error(`${[...at.words, word].join(' ')} is both a command and a group`);
    refuseClashes(nested);
  }
}

/**
 * Every command of a tree, depth first.
 *
 * @param at - A group.
 * @returns Its commands and those of its nested groups.
 */
export function commandsOf(at: Group): Command[] {
  return [...at.commands.values(), ...[...at.groups.values()].flatMap(commandsOf)];
}
