/**
 * Each tool's `outputSchema`, from its operation's response schema (zod's own `toJSONSchema`), in
 * the shape the tool answers: a record without its empty fields, a page of them, a draft with its
 * preview, an approval (docs/mcp.md: Answers). No field of a record is required, since an answer
 * drops nulls and keeps only the `fields` asked for.
 */
import * as z from 'zod/mini';
import type { CatalogEntry } from '../catalog/catalog.js';
import type { JsonSchema } from '../catalog/json-schema.js';
import type { ToolKind } from './kind.js';

/** A tool's output schema: always an object at the top, as MCP requires. */
export interface OutputSchema extends JsonSchema {
  type: 'object';
  properties: { [name: string]: JsonSchema };
}

const loose = (properties: { [name: string]: JsonSchema }): OutputSchema => ({ type: 'object', properties });

/** A record as the tool answers it: every field optional, none null, other fields allowed. */
function recordSchema(entry: CatalogEntry): OutputSchema {
  const { $schema: _, ...schema } = z.toJSONSchema(entry.operation.response('id'), {
    io: 'output',
    // An open enum (known values and any newer one) is any string in JSON.
    unrepresentable: 'any',
  }) as JsonSchema;
  const properties = (schema['properties'] ?? {}) as { [name: string]: JsonSchema };
  return loose(Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, nonNull(field)])));
}

/** A field's schema without its `null` branch: nulls are dropped from answers. */
function nonNull(field: JsonSchema): JsonSchema {
  const type = field['type'];
  if (Array.isArray(type)) {
    const types = type.filter((t) => t !== 'null');
    return { ...field, type: types.length === 1 ? types[0] : types };
  }
  const anyOf = field['anyOf'];
  if (Array.isArray(anyOf)) {
    const kept = (anyOf as JsonSchema[]).filter((branch) => branch['type'] !== 'null');
    return kept.length === 1 ? { ...(kept[0] as JsonSchema) } : { ...field, anyOf: kept };
  }
  return field;
}

const previewSchema: JsonSchema = {
  type: 'object',
  properties: {
    ok: { type: 'boolean' },
    checks: {
      type: 'array',
      items: {
        type: 'object',
        properties: { rule: { type: 'string' }, ok: { type: 'boolean' }, message: { type: 'string' } },
        required: ['rule', 'ok'],
      },
    },
    amountAtomic: { type: ['string', 'null'] },
  },
  required: ['ok', 'checks'],
};

const approvalSchema: JsonSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['approved', 'awaiting_person'] },
    approval_url: { type: 'string', format: 'uri' },
    expires_at: { type: 'string', format: 'date-time' },
  },
  required: ['status'],
};

/**
 * The output schema of a tool.
 *
 * @param entry - Its catalog entry.
 * @param kind - How it is offered.
 * @returns The JSON Schema its `structuredContent` matches.
 */
export function outputSchemaOf(entry: CatalogEntry, kind: ToolKind): OutputSchema {
  const record = recordSchema(entry);
  if (entry.paging !== 'none') {
    const next: JsonSchema =
      entry.paging === 'cursor'
        ? { next_cursor: { type: ['string', 'null'] } }
        : { next_offset: { type: ['integer', 'null'] } };
    return {
      ...loose({ data: { type: 'array', items: record }, has_more: { type: 'boolean' }, ...next }),
      required: ['data', 'has_more'],
    };
  }
  if (kind === 'approval')
    return { ...loose({ payout: record, approval: approvalSchema }), required: ['payout', 'approval'] };
  if (entry.movesMoney)
    return { ...loose({ created: record, preview: previewSchema }), required: ['created'] };
  return record;
}
