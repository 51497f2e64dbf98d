/**
 * The MCP tools of `chainbill-mcp`, one per catalog entry, and which of them a server offers
 * (docs/mcp.md). Nothing here names an operation: a new entry in the catalog is a new tool.
 */
import { type CatalogEntry, catalog } from '../catalog/catalog.js';
import { inputJsonSchema, type JsonObjectSchema } from '../catalog/json-schema.js';
import { fieldsSchema } from './answer.js';
import { describeTool, forAgent } from './describe.js';
import type { ToolKind } from './kind.js';
import { type OutputSchema, outputSchemaOf } from './output-schema.js';

export type { ToolKind } from './kind.js';

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
  /** What it does, what it costs and what to call next, for an agent (describe.ts). */
  description: string;
  /** The id and params as JSON Schema, each field with its TSDoc; a list's `fields` too. */
  inputSchema: JsonObjectSchema;
  /** The shape of its `structuredContent`. */
  outputSchema: OutputSchema;
  /** MCP hints, true to the operation; every tool reaches the Chainbill API, an open world. */
  annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
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

/**
 * What `tools/list` answers for a tool.
 *
 * @param tool - A tool.
 * @param offered - The names of every tool the server offers, for the description's next step.
 * @returns Its definition.
 * @throws {Error} when the entry's params schema has no JSON mapping (a bug of the SDK).
 */
export function definitionOf(tool: ChainbillTool, offered: readonly string[]): ToolDefinition {
  const { entry } = tool;
  const input = inputJsonSchema(entry);
  for (const field of Object.values(input.properties))
    if (typeof field['description'] === 'string') field['description'] = forAgent(field['description']);
  return {
    name: tool.name,
    title: `${entry.name} (${entry.route})`,
    description: describeTool(entry, tool.kind, offered),
    inputSchema:
      entry.paging === 'none'
        ? input
        : { ...input, properties: { ...input.properties, fields: { ...fieldsSchema } } },
    outputSchema: outputSchemaOf(entry, tool.kind),
    annotations: {
      readOnlyHint: entry.effect === 'read',
      destructiveHint: entry.effect === 'destructive',
      idempotentHint: entry.idempotent,
      openWorldHint: true,
    },
  };
}
