import type * as z from 'zod/mini';
import { type IdKind, idPrefixes } from './ids.js';
import { encodeParams } from './params.js';
import { pathId } from './path.js';
import type { Wire } from './tie.js';
import type { HttpMethod, ListQuery, ListSpec, RequestSpec } from './types.js';

/** How a money move is previewed: a create's params, or the draft an approval approves. */
export type MoneyMove = 'create' | 'approve';

/** How an operation's answer pages: not a list, `next_cursor` sent back as `cursor`, or `offset`. */
export type Paging = 'none' | 'cursor' | 'offset';

/**
 * One operation of the spec, written once, as data, in its resource file: the
 * client's method sends it and the fake's route answers it, and neither restates any of it.
 *
 * @typeParam Params - The params interface (what the caller passes).
 * @typeParam Result - The response model; a list's item.
 */
export interface Operation<Params = unknown, Result = unknown> {
  /** The HTTP method. */
  readonly method: HttpMethod;
  /** The path template under the base URL, `{id}` for the one path id: `/payouts/{id}`. */
  readonly path: string;
  /**
   * The kind of id `{id}` is (`payout`), for operations with a path id: its prefix, from the one
   * table of prefixes (`idPrefixes`), is checked before sending. A name, not the prefix itself, so
   * that the table stays the only place a prefix is written (and the operation a plain literal).
   */
  readonly id?: IdKind | undefined;
  /**
   * The params schema (the spec's limits, enums, required fields), tied to `Params`; its output
   * goes on the wire, as the query of a GET and the JSON body otherwise. None: no params.
   */
  readonly params?: (() => z.ZodMiniType<Wire<Params>, Params>) | undefined;
  /**
   * The response schema, tied to `Result`; a list's item schema. Given the path id: a delete's
   * confirmation is checked against the id deleted.
   */
  readonly response: (id: string) => z.ZodMiniType<Result>;
  /** How the answer pages. */
  readonly paging: Paging;
  /**
   * It ends or removes something for good (a cancel, an approval), beyond what its HTTP method
   * says: a `DELETE` is destructive without saying so. Read by the CLI's and MCP server's prompts.
   */
  readonly destructive?: true | undefined;
  /**
   * It creates or approves a transfer of funds, so the CLI and MCP server show its preview and ask
   * a person first. `create`: its params are checked as the resource's `preview` checks them.
   * `approve`: when what it sends sets `status: 'approved'`, the draft it approves is read from
   * the resource's list and checked the same way (the policy bounds approvals too).
   */
  readonly movesMoney?: MoneyMove | undefined;
}

/**
 * A method that sends an operation with fixed params and takes only the path id (`payouts.approve`
 * is `update` with `status: 'approved'`), as data in its resource's table beside the operations,
 * so the CLI's command and the MCP server's tool come from the table like any other.
 *
 * @typeParam Params - The operation's params interface.
 * @typeParam Result - The operation's response model.
 */
export interface Action<Params = unknown, Result = unknown> {
  /** The operation it sends. */
  readonly operation: Operation<Params, Result>;
  /** The params it always sends; the caller passes none. */
  readonly fixed: Params;
  /** As {@link Operation.destructive}, for the action itself. */
  readonly destructive?: true | undefined;
  /** As {@link Operation.movesMoney}, for the action itself. */
  readonly movesMoney?: MoneyMove | undefined;
}

/** What a resource's table holds under a method's name: an operation, or an action of one. */
export type TableEntry = Operation | Action;

/** A list operation: its answer is the spec's list envelope of `Result`, paged by cursor or offset. */
export interface ListOperation<Params = unknown, Result = unknown> extends Operation<Params, Result> {
  readonly paging: 'cursor' | 'offset';
}

/** What a call passes to its operation: the path id (when the path has one) and the params. */
export interface OperationInput<Params> {
  /** The caller's path id, checked against the operation's prefix. */
  id?: string | undefined;
  /** The caller's params, checked against the operation's schema; `undefined` counts as `{}`. */
  params?: Params | undefined;
}

/**
 * The names of an operation's params, read from its schema: the fields of `POST /payouts` are
 * written once, where the schema is.
 *
 * @param operation - The operation.
 * @returns Its params' wire names, in the schema's order; none for an operation without params.
 */
export function paramNames(operation: Operation): readonly string[] {
  const def = operation.params?.()._zod.def as { shape?: Record<string, unknown> } | undefined;
  return Object.keys(def?.shape ?? {});
}

/**
 * The call an operation makes for one input: the id checked and encoded into the path, the params
 * checked and encoded, the response schema. A DELETE's answer is always parsed (its confirmation
 * must not be taken on trust, even with `validateResponses: false`).
 *
 * @param operation - The operation.
 * @param input - Path id and params.
 * @returns The call for the transport.
 * @throws {RequestValidationError} with `param: 'id'` for a bad path id, or naming the first bad
 *   parameter, before anything is sent.
 */
export function requestOf<P, R>(operation: Operation<P, R>, input: OperationInput<P>): RequestSpec<R> {
  const path = pathOf(operation, input.id); // the id first: it names the record the call is about
  const encoded = operation.params && encodeParams(operation.params(), input.params);
  return callOf(operation, path, input.id, encoded);
}

/**
 * The call an operation makes for params already checked and encoded (a payout's, by the checks
 * that `payouts.preview` reports).
 *
 * @param operation - The operation.
 * @param id - The caller's path id, checked against the operation's prefix.
 * @param encoded - The params as the operation's schema outputs them.
 * @returns The call for the transport.
 * @throws {RequestValidationError} with `param: 'id'` for a bad path id.
 */
export function encodedRequestOf<P, R>(
  operation: Operation<P, R>,
  id: string | undefined,
  encoded: unknown,
): RequestSpec<R> {
  return callOf(operation, pathOf(operation, id), id, encoded);
}

function pathOf<P, R>(operation: Operation<P, R>, id: string | undefined): string {
  const route = operation.path;
  return operation.id === undefined ? route : route.replace('{id}', pathId(idPrefixes[operation.id], id));
}

function callOf<P, R>(
  operation: Operation<P, R>,
  path: string,
  id: string | undefined,
  encoded: unknown,
): RequestSpec<R> {
  const { method, path: route } = operation;
  const schema = operation.response(id ?? '');
  if (method === 'GET') return { method, path, route, query: encoded as ListQuery | undefined, schema };
  return { method, path, route, body: encoded, schema, alwaysParse: method === 'DELETE' };
}

/**
 * The first page's call of a list operation. An offset list starts at `offset` 0 unless given one,
 * so every page of it names its offset.
 *
 * @param operation - The list operation.
 * @param input - Path id and params.
 * @returns The first page's call for the pager.
 * @throws {RequestValidationError} as {@link requestOf} does.
 */
export function listRequestOf<P, R>(operation: ListOperation<P, R>, input: OperationInput<P>): ListSpec<R> {
  const { path, route, query, schema } = requestOf(operation, input);
  return {
    path,
    route,
    query: operation.paging === 'offset' ? { offset: 0, ...query } : (query ?? {}),
    schema,
  };
}
