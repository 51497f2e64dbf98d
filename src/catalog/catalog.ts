/**
 * Every method of the client's resources as data, derived from the resources' tables, for the
 * `chainbill` CLI and the `chainbill-mcp` server. Only their entries import this module, so it
 * adds nothing to what `import 'chainbill'` bundles.
 */
import type { Chainbill } from '../client.js';
import type { APIPromise } from '../core/api-promise.js';
import { RequestValidationError } from '../core/error.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { idPrefixes } from '../internal/ids.js';
import type { MoneyMove, Operation, OperationInput, Paging, TableEntry } from '../internal/operation.js';
import { resourceSpecs } from '../resource-specs.js';
import { type CatalogDocs, catalogDocs, type MethodDocs } from './docs.js';

/**
 * What a method does, for MCP annotations and the CLI's prompts: `read` (a `GET`), `write`, or
 * `destructive` (a `DELETE`, or what ends something for good: a cancel, an approval).
 */
export type Effect = 'read' | 'write' | 'destructive';

/** One method of a client's resources, as the CLI and the MCP server read it. */
export interface CatalogEntry {
  /** Where the method lives on a client: `['payouts', 'settlements']`. */
  readonly resource: readonly string[];
  /** The method's name there, its key in the resource's table: `list`, `approve`. */
  readonly method: string;
  /** Resource path and method, dotted: `payouts.settlements.list`. */
  readonly name: string;
  /** The operation the method sends; for an action, its base operation (`update`). */
  readonly operation: Operation;
  /** An action's fixed params (`{ status: 'approved' }`), sent for it; `undefined` otherwise. */
  readonly fixed: Readonly<Record<string, unknown>> | undefined;
  /** The route: `PATCH /payouts/{id}`. */
  readonly route: string;
  /** The path id's prefix (`po_`) when the method takes a path id (its first argument). */
  readonly idPrefix: string | undefined;
  /** Whether the method takes params (an action takes none: it sends `fixed`). */
  readonly takesParams: boolean;
  /** How the answer pages: `none`, or a list by `cursor` or `offset`. */
  readonly paging: Paging;
  /** Read, write or destructive. */
  readonly effect: Effect;
  /** It creates or approves a transfer of funds (`payouts.create`, `payouts.approve`). */
  readonly movesMoney: boolean;
  /** How the move is previewed (money-move.ts): a create's params, or the draft it approves. */
  readonly money: MoneyMove | undefined;
  /**
   * In MCP's sense: calling it again with the same arguments changes nothing more. Every method
   * but a `POST` (each create makes a new record; a repeated PATCH sets the same values again).
   */
  readonly idempotent: boolean;
  /** One line from the method's TSDoc, with its route: `Lists payout intents, … (spec: GET /payouts).` */
  readonly summary: string;
  /** The rest of the method's TSDoc: its id's and params' text, each field's. */
  readonly docs: MethodDocs;
  /** The fields of its resource's records by importance, as a table shows them first. */
  readonly columns: readonly string[];
}

function entryOf(
  resource: readonly string[],
  method: string,
  at: TableEntry,
  docs: CatalogDocs,
  columns: readonly string[],
): CatalogEntry {
  const action = 'operation' in at ? at : undefined;
  const operation = action ? action.operation : (at as Operation);
  const name = [...resource, method].join('.');
  const own = docs.methods[name];
  const route = `${operation.method} ${operation.path}`;
  const destructive = operation.method === 'DELETE' || (action ?? operation).destructive === true;
  return {
    resource,
    method,
    name,
    operation,
    fixed: action?.fixed as Readonly<Record<string, unknown>> | undefined,
    route,
    idPrefix: operation.id === undefined ? undefined : idPrefixes[operation.id],
    takesParams: action === undefined && operation.params !== undefined,
    paging: operation.paging,
    effect: operation.method === 'GET' ? 'read' : destructive ? 'destructive' : 'write',
    movesMoney: (action ?? operation).movesMoney !== undefined,
    money: (action ?? operation).movesMoney,
    idempotent: operation.method !== 'POST',
    // Without its TSDoc (the docs not regenerated yet) an entry still says its route.
    summary: own?.summary ?? route,
    docs: own ?? { summary: route },
    columns,
  };
}

/**
 * Every method of every resource, nested ones included, in the order of `resourceSpecs` and of
 * each table.
 *
 * @param docs - The methods' TSDoc; the generated one unless a test passes another.
 * @returns The entries.
 */
export function catalogOf(docs: CatalogDocs = catalogDocs): readonly CatalogEntry[] {
  return resourceSpecs.flatMap(({ path, operations, columns }) =>
    Object.entries(operations).map(([method, at]) => entryOf(path, method, at, docs, columns)),
  );
}

/** Every method of every resource: `payouts.create`, …, `payouts.settlements.list`, …. */
export const catalog: readonly CatalogEntry[] = catalogOf();

/** What {@link invoke} answers: a list's first page (iterable over every item), or the result. */
export type Invocation = APIPromise<unknown> | PagePromise<unknown>;

/**
 * Calls an entry's method on a client, as a program would (`client.payouts.approve(id)`), so its
 * checks, the payout policy, retries, hooks and redaction all apply.
 *
 * @param client - The client to call through.
 * @param entry - An entry of {@link catalog}.
 * @param input - `id` for a method with a path id; `params` for one that takes params.
 * @param options - Per-call options.
 * @returns The method's promise: a {@link PagePromise} when `entry.paging` is not `none`.
 * @throws {RequestValidationError} before anything is sent: an `id` for a method without a path
 *   id, params for an action; the method's own checks reject the promise it returns.
 */
export function invoke(
  client: Chainbill,
  entry: CatalogEntry,
  input: OperationInput<unknown> = {},
  options?: RequestOptions,
): Invocation {
  if (entry.idPrefix === undefined && input.id !== undefined) refuse('id', `${entry.name} takes no id`);
  const { params } = input;
  if (
    !entry.takesParams &&
    params !== undefined &&
    (typeof params !== 'object' || params === null || Object.keys(params).length > 0)
  )
    refuse('params', `${entry.name} takes no params`);
  const target = entry.resource.reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], client);
  const method = (target as Record<string, (...args: unknown[]) => Invocation>)[entry.method];
  if (typeof method !== 'function') throw new TypeError(`${entry.name} is not a method of this client`);
  const args = [...(entry.idPrefix === undefined ? [] : [input.id]), ...(entry.takesParams ? [params] : [])];
  return method.call(target, ...args, options);
}

function refuse(param: string, message: string): never {
  throw new RequestValidationError(param, [{ path: [param], code: 'unrecognized_keys', message }]);
}
