/**
 * What a tool call answers, sized for an agent (docs/mcp.md: Answers): records without their empty
 * fields, a list's records cut to the `fields` asked for (by default the resource's most important
 * ones), the whole answer once as `structuredContent`, and a short summary as its text.
 */
import type { CatalogEntry } from '../catalog/catalog.js';
import { RequestValidationError } from '../core/error.js';
import type { ToolError } from './errors.js';

/** `fields` of a list tool: the names of the fields each record keeps, or `*` for every field. */
export const fieldsSchema = {
  type: 'array',
  items: { type: 'string', pattern: '^([a-z][a-z0-9_]*|\\*)$', maxLength: 64 },
  minItems: 1,
  maxItems: 64,
  uniqueItems: true,
  description:
    'The fields each record keeps (id is always kept); ["*"] keeps every field. Default: the most important fields of the resource.',
} as const;

/**
 * Reads a list tool's `fields` argument.
 *
 * @param value - The argument as the agent sent it; `undefined` for the default.
 * @param entry - The list's entry, whose columns are the default.
 * @returns The fields to keep, or `null` for every field.
 * @throws {RequestValidationError} (`param: 'fields'`) for anything but a list of field names.
 */
export function readFields(value: unknown, entry: CatalogEntry): readonly string[] | null {
  if (value === undefined) return entry.columns;
  const names = Array.isArray(value) ? value : [];
  const valid =
    names.length > 0 &&
    names.length <= 64 &&
    names.every((name) => typeof name === 'string' && /^([a-z][a-z0-9_]{0,63}|\*)$/.test(name));
  if (!valid)
    throw new RequestValidationError('fields', [
      { path: ['fields'], code: 'invalid_type', message: 'must be a list of field names, or ["*"]' },
    ]);
  return names.includes('*') ? null : ['id', ...(names as string[])];
}

/**
 * A copy without `null` fields, at every level of objects (arrays keep their items).
 *
 * @param value - JSON from the API.
 * @returns The same without nulls.
 */
export function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== null)
      .map(([key, item]) => [key, compact(item)]),
  );
}

/**
 * A record cut to some fields, in the order asked for.
 *
 * @param record - A record, already compact.
 * @param fields - The fields to keep; `null` keeps every one.
 * @returns The record with those of its fields that it has.
 */
export function pick(record: unknown, fields: readonly string[] | null): unknown {
  if (fields === null || typeof record !== 'object' || record === null) return record;
  const own = record as Record<string, unknown>;
  return Object.fromEntries(
    fields.filter((name) => Object.hasOwn(own, name)).map((name) => [name, own[name]]),
  );
}

const shown = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

/** One line for a record: its id and its first few important fields. */
function recordLine(entry: CatalogEntry, record: unknown): string {
  if (typeof record !== 'object' || record === null) return 'done';
  const own = record as Record<string, unknown>;
  const parts = entry.columns
    .filter((name) => name !== 'id' && shown(own[name]) !== '')
    .slice(0, 5)
    .map((name) => `${name} ${shown(own[name]).slice(0, 80)}`);
  const id = shown(own['id'] ?? own['checkout_id']);
  return [id, ...parts].filter((part) => part !== '').join(', ') || 'done';
}

/**
 * The text content of an answer: a summary, never a second copy of the records.
 *
 * @param entry - The tool's entry.
 * @param payload - The answer, already redacted.
 * @returns One or two short lines.
 */
export function summaryOf(entry: CatalogEntry, payload: Record<string, unknown>): string {
  if (Array.isArray(payload['data'])) {
    const count = payload['data'].length;
    const more =
      payload['has_more'] === true
        ? `more follow: pass ${'next_cursor' in payload ? `next_cursor "${shown(payload['next_cursor'])}" as cursor` : `next_offset ${shown(payload['next_offset'])} as offset`}`
        : 'no more pages';
    return `${entry.name}: ${count} record${count === 1 ? '' : 's'} on this page, ${more}. The records are in structuredContent.`;
  }
  const approval = payload['approval'] as Record<string, unknown> | undefined;
  if (approval?.['status'] === 'awaiting_person')
    return `Not approved yet: the person must open ${shown(approval['approval_url'])} and approve it there (expires ${shown(approval['expires_at'])}). Call again with the same id for the outcome.`;
  const record = payload['payout'] ?? payload['created'] ?? payload;
  return `${entry.name}: ${recordLine(entry, record)}.`;
}

/**
 * The text content of a failed call: its type, code, param and message.
 *
 * @param error - The error, already redacted.
 * @returns One line.
 */
export function errorSummary(error: ToolError): string {
  const where = error.param === null ? '' : ` (param ${error.param})`;
  return `Error ${error.type}${error.code === null ? '' : ` ${error.code}`}${where}: ${error.message}`;
}
