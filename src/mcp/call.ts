/**
 * One tool call: the agent's arguments split into the path id and the params, the client's own
 * method called through the catalog (so every check and the payout policy apply), and one page of
 * a list at most (docs/mcp.md: Answers).
 */

import { type CatalogEntry, invoke } from '../catalog/catalog.js';
import type { Chainbill } from '../client.js';
import { RequestValidationError } from '../core/error.js';
import type { Page } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { compact, pick, readFields } from './answer.js';
import type { ApprovalRecord } from './audit.js';
import type { ChainbillTool } from './tools.js';

/** What a call learned on its way, for the audit log and the error answer. */
export interface CallNotes {
  /** For a tool that asks the person: what they answered. */
  approval?: ApprovalRecord;
  /** For a money create: every check it ran, as the resource's `preview` reports them. */
  preview?: unknown;
  /** The request id of the call's last answered request. */
  requestId?: string | null;
}

/** What a tool call has to work with. */
export interface CallContext {
  /** The client every call goes through. */
  readonly client: Chainbill;
  /** Per-call options: the tool call's abort signal. */
  readonly options: RequestOptions;
  /** Filled in as the call goes. */
  readonly notes: CallNotes;
  /** Writes the call's audit line before a write is sent; a rejection sends nothing. */
  readonly beforeWrite?: (() => Promise<void>) | undefined;
}

/** The id and params a tool's arguments hold. */
export interface CallInput {
  /** The path id, for an entry that takes one; typed as the method takes it, checked by it. */
  id?: string | undefined;
  /** The params, for an entry that takes them. */
  params?: Record<string, unknown>;
  /** For a list: the fields each record keeps (`null`: every field). */
  fields?: readonly string[] | null;
}

/**
 * Splits a tool's arguments into the path id and the params. An argument the entry cannot take is
 * refused here, naming it; the params themselves are checked by the method.
 *
 * @param entry - The tool's entry.
 * @param args - The arguments, as the agent sent them.
 * @returns The input for the method.
 * @throws {RequestValidationError} naming an argument an entry without params does not take.
 */
export function inputOf(entry: CatalogEntry, args: Record<string, unknown>): CallInput {
  // Own keys only: nothing inherited is ever read as an argument.
  const { id, ...rest } = Object.fromEntries(Object.entries(args));
  // Any JSON may come as `id`: the method's path id check refuses what is not a string of its prefix.
  const input: CallInput = entry.idPrefix === undefined ? {} : { id: id as string | undefined };
  if (entry.paging !== 'none') {
    input.fields = readFields(rest['fields'], entry);
    delete rest['fields'];
  }
  if (entry.idPrefix === undefined && 'id' in args) rest['id'] = id;
  if (entry.takesParams) return { ...input, params: rest };
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw unknownArgument(entry, extra);
  return input;
}

function unknownArgument(entry: CatalogEntry, name: string): RequestValidationError {
  return new RequestValidationError(name, [
    { path: [name], code: 'unrecognized_keys', message: `is not an argument of ${entry.name}` },
  ]);
}

/**
 * What a list tool answers: one page, and how to ask for the next one. A cursor list hands back
 * its `next_cursor`; an offset list the `offset` of its next page.
 */
function pageAnswer(entry: CatalogEntry, page: Page<unknown>, input: CallInput) {
  const { has_more, next_cursor } = page;
  const fields = input.fields === undefined ? entry.columns : input.fields;
  const data = page.data.map((record) => pick(compact(record), fields));
  const params = input.params;
  if (entry.paging === 'cursor') return { data, has_more, next_cursor };
  const offset = typeof params?.['offset'] === 'number' ? params['offset'] : 0;
  return { data, has_more, next_offset: has_more ? offset + data.length : null };
}

/**
 * Calls a tool's method and answers its result: the record, or one page of a list.
 *
 * @param tool - The tool.
 * @param input - Its id and params.
 * @param context - The client, options and notes.
 * @returns The answer for the agent.
 * @throws {ChainbillError} what the method throws: a bad parameter or the payout policy before
 *   anything is sent, an API error after.
 */
export async function callMethod(
  tool: ChainbillTool,
  input: CallInput,
  context: CallContext,
): Promise<unknown> {
  const { entry } = tool;
  if (entry.effect !== 'read') await context.beforeWrite?.();
  const { id, params } = input;
  const { data, requestId } = await invoke(
    context.client,
    entry,
    { id, params },
    context.options,
  ).withResponse();
  context.notes.requestId = requestId;
  return entry.paging === 'none' ? compact(data) : pageAnswer(entry, data as Page<unknown>, input);
}

/**
 * A tool that creates a money record (`payouts_create`): the resource's `preview` first, which
 * runs every check and sends nothing, then the method, which runs them again and sends only when
 * all pass. The answer is the new record and the preview; a refusal carries the preview too.
 *
 * @param tool - A money tool without a path id.
 * @param input - Its params.
 * @param context - The client, options and notes.
 * @returns `{ <record>, preview }`.
 * @throws {RequestValidationError} or {PayoutPolicyError} before anything is sent.
 */
export async function createMoney(
  tool: ChainbillTool,
  input: CallInput,
  context: CallContext,
): Promise<unknown> {
  const { preview } = tool.entry;
  if (preview !== undefined) context.notes.preview = await preview(context.client, input.params);
  const created = await callMethod(tool, input, context);
  return context.notes.preview === undefined ? created : { created, preview: context.notes.preview };
}
