/**
 * JSON Schema of a catalog entry's input, from its params schema by zod's own `toJSONSchema`, for
 * the CLI's help and the MCP server's tool input schemas. Only their entries import this module.
 */
import * as z from 'zod/mini';
import { dateTimeParam } from '../internal/schemas.js';
import type { CatalogEntry } from './catalog.js';

/** A JSON Schema (draft 2020-12) object, as `toJSONSchema` writes it. */
export type JsonSchema = { [keyword: string]: unknown };

/** The JSON Schema of an object input: its properties, which are required, nothing else allowed. */
export interface JsonObjectSchema extends JsonSchema {
  /** Always `object`. */
  type: 'object';
  /** Each field's schema, by wire name, with its TSDoc as `description`. */
  properties: { [name: string]: JsonSchema };
  /** The fields that must be given. */
  required?: string[];
  /** Always `false`: the params schemas are strict. */
  additionalProperties: false;
}

// The formats of JSON Schema itself; zod also writes its own (`starts_with` beside a `pattern`),
// which a validator in strict mode refuses as unknown.
const standardFormats = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'uri',
  'uuid',
  'ipv4',
  'ipv6',
]);

/**
 * What a custom piece of a params schema is in JSON, written honestly; the rest of zod's schema
 * converts by itself. A custom piece not listed here throws, so a new one gets its mapping.
 */
function customPiece(schema: unknown): JsonSchema | undefined {
  // A `Date` or an ISO 8601 string; in JSON only the string exists.
  const date = (dateTimeParam()._zod.def as unknown as { in: unknown }).in;
  return schema === date ? { type: 'string', format: 'date-time' } : undefined;
}

/**
 * The JSON Schema of an entry's params (what its method takes besides the path id), with each
 * field's TSDoc as its `description`. An entry without params gets an object without properties.
 * What zod checks in code (an address's checksum, an amount's decimals) is not in the schema: the
 * SDK checks it on every call, and the descriptions say it.
 *
 * @param entry - A catalog entry.
 * @returns The schema, `type: 'object'`, `additionalProperties: false`.
 * @throws {Error} when a custom piece of the schema has no JSON mapping (a bug of the SDK).
 */
export function paramsJsonSchema(entry: CatalogEntry): JsonObjectSchema {
  const params = entry.takesParams ? entry.operation.params?.() : undefined;
  if (params === undefined) return { type: 'object', properties: {}, additionalProperties: false };
  const { $schema: _, ...schema } = z.toJSONSchema(params, {
    io: 'input',
    unrepresentable: ({ zodSchema }) => customPiece(zodSchema) ?? 'throw',
    override: ({ jsonSchema }) => {
      if (typeof jsonSchema.format === 'string' && !standardFormats.has(jsonSchema.format))
        delete jsonSchema.format;
    },
  }) as JsonObjectSchema;
  for (const [name, field] of Object.entries(schema.properties)) {
    const description = entry.docs.fields?.[name];
    if (description !== undefined) field['description'] = description;
  }
  return schema;
}

/**
 * The JSON Schema of an entry's whole input in one object: `id` (when it takes a path id, with its
 * prefix as a `pattern`) and its params beside it, as an MCP tool takes them. No params schema has
 * a field named `id` (a test over the catalog says so), so the two never meet.
 *
 * @param entry - A catalog entry.
 * @returns The schema; `id` comes first and is required.
 * @throws {Error} as {@link paramsJsonSchema} does.
 */
export function inputJsonSchema(entry: CatalogEntry): JsonObjectSchema {
  const params = paramsJsonSchema(entry);
  if (entry.idPrefix === undefined) return params;
  const id: JsonSchema = {
    type: 'string',
    pattern: `^${entry.idPrefix}`,
    minLength: entry.idPrefix.length + 1,
    description: entry.docs.id ?? `An id starting with \`${entry.idPrefix}\`.`,
  };
  return {
    ...params,
    properties: { id, ...params.properties },
    required: ['id', ...(params.required ?? [])],
  };
}
