/**
 * The MCP tools of `chainbill-mcp`, one per catalog entry, and which of them a server offers
 * (docs/mcp.md). Nothing here names an operation: a new entry in the catalog is a new tool.
 */
import { type CatalogEntry, catalog } from '../catalog/catalog.js';
import { inputJsonSchema, type JsonObjectSchema } from '../catalog/json-schema.js';

/**
 * How a tool is offered:
 * - `read`: a `GET`; offered by default.
 * - `write`: changes something; offered with `--tools write` (or by name).
 * - `approval`: moves money already drafted (approves it, or changes a payout that can be
 *   approved); offered only with `--allow-approve`, and each call asks the person first.
 */
export type ToolKind = 'read' | 'write' | 'approval';

/** A tool: its MCP name, its catalog entry, and how it is offered. */
export interface ChainbillTool {
  /** The MCP name: the resource path and method in snake case, `payouts_settlements_list`. */
  readonly name: string;
  /** The catalog entry it calls. */
  readonly entry: CatalogEntry;
  /** How it is offered. */
  readonly kind: ToolKind;
}

/** A tool as `tools/list` describes it. */
export interface ToolDefinition {
  /** The tool's name. */
  name: string;
  /** A title for people: the method and its route. */
  title: string;
  /** What it does, from the method's TSDoc, and what the server adds (paging, approval). */
  description: string;
  /** The id and params as JSON Schema, each field with its TSDoc. */
  inputSchema: JsonObjectSchema;
  /** MCP hints, true to the operation. */
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean };
}

const snake = (word: string): string => word.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The MCP name of an entry: `payouts.settlements.list` → `payouts_settlements_list`,
 * `revenueEvents.list` → `revenue_events_list`.
 *
 * @param entry - A catalog entry.
 * @returns The tool name.
 */
export function toolName(entry: CatalogEntry): string {
  return [...entry.resource, entry.method].map(snake).join('_');
}

/**
 * How an entry is offered. A money entry that names an existing record (an approval, or an
 * update that can approve) needs a person; a money entry without one (a create) makes a draft.
 *
 * @param entry - A catalog entry.
 * @returns Its kind.
 */
export function kindOf(entry: CatalogEntry): ToolKind {
  if (entry.movesMoney && entry.idPrefix !== undefined) return 'approval';
  return entry.effect === 'read' ? 'read' : 'write';
}

/** Every tool, one per catalog entry, in the catalog's order. */
export const allTools: readonly ChainbillTool[] = catalog.map((entry) => ({
  name: toolName(entry),
  entry,
  kind: kindOf(entry),
}));

function notes(tool: ChainbillTool): string[] {
  const { entry, kind } = tool;
  const out: string[] = [];
  if (entry.paging !== 'none')
    out.push(
      entry.paging === 'cursor'
        ? 'Answers one page ({ data, has_more, next_cursor }); pass next_cursor back as cursor for the next page.'
        : 'Answers one page ({ data, has_more, next_offset }); pass next_offset back as offset for the next page.',
    );
  if (entry.movesMoney && kind === 'write')
    out.push(
      'Creates a draft only: no money moves until a person approves it. The checks and the payout policy run first, and nothing is sent when one fails; the answer carries the preview of every check.',
    );
  if (kind === 'approval')
    out.push(
      'Moves money: the person is asked in the MCP client, and shown the record as the API has it. Only their explicit approval sends the request; otherwise the tool answers an error and nothing changes.',
    );
  return out;
}

/**
 * What `tools/list` answers for a tool.
 *
 * @param tool - A tool.
 * @returns Its definition.
 * @throws {Error} when the entry's params schema has no JSON mapping (a bug of the SDK).
 */
export function definitionOf(tool: ChainbillTool): ToolDefinition {
  const { entry } = tool;
  return {
    name: tool.name,
    title: `${entry.name} (${entry.route})`,
    description: [entry.summary, ...notes(tool)].join('\n\n'),
    inputSchema: inputJsonSchema(entry),
    annotations: {
      readOnlyHint: entry.effect === 'read',
      destructiveHint: entry.effect === 'destructive',
      idempotentHint: entry.idempotent,
    },
  };
}
