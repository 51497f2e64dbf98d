/**
 * Every method of the client's resources as data, derived from the resources' tables, for the
 * `chainbill` CLI and the `chainbill-mcp` server. Only their entries import this module, so it
 * adds nothing to what `import 'chainbill'` bundles.
 */
import type { ChainbillCore } from '../core/chainbill-core.js';
import { RequestValidationError } from '../core/error.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { call, callList } from '../internal/call.js';
import { idPrefixes } from '../internal/ids.js';
import type {
  ListOperation,
  MoneyMove,
  Operation,
  OperationInput,
  Paging,
  TableEntry,
} from '../internal/operation.js';
import type { Invocation, ResourceSpec, Sender } from '../internal/resource-spec.js';
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
  /** Sends the operation when more than its request must hold first (a payout's checks). */
  readonly sender: Sender | undefined;
  /** For a money create, every check it runs, nothing sent (its resource's `preview`). */
  readonly preview: ResourceSpec['preview'];
  /** One line from the method's TSDoc, with its route: `Lists payout intents, … (spec: GET /payouts).` */
  readonly summary: string;
  /** The rest of the method's TSDoc: its id's and params' text, each field's. */
  readonly docs: MethodDocs;
  /** Its resource's fields for a table, most important first (`ResourceSpec.columns`). */
  readonly columns: readonly string[];
}

function entryOf(spec: ResourceSpec, method: string, at: TableEntry, docs: CatalogDocs): CatalogEntry {
  const resource = spec.path;
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
    sender: spec.senders?.[method],
    preview: spec.preview,
    // Without its TSDoc (the docs not regenerated yet) an entry still says its route.
    summary: own?.summary ?? route,
    docs: own ?? { summary: route },
    columns: spec.columns,
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
  return resourceSpecs.flatMap((spec) =>
    Object.entries(spec.operations).map(([method, at]) => entryOf(spec, method, at, docs)),
  );
}

/** Every method of every resource: `payouts.create`, …, `payouts.settlements.list`, …. */
export const catalog: readonly CatalogEntry[] = catalogOf();

/**
 * Sends an entry's operation through a core, as its function of `chainbill/funcs` does: through
 * the operation's request (its id and params checked before anything is sent), or through the
 * resource's sender where more must hold first (a payout's checks, and on a `Chainbill` its payout
 * policy), so every check, retries, hooks and redaction apply.
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param entry - An entry of {@link catalog}.
 * @param input - `id` for a method with a path id; `params` for one that takes params.
 * @param options - Per-call options.
 * @returns The call's promise: a {@link PagePromise} when `entry.paging` is not `none`.
 * @throws {RequestValidationError} before anything is sent: an `id` for a method without a path
 *   id, params for an action; the operation's own checks reject the promise it returns.
 */
export function invoke(
  core: ChainbillCore,
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
  const sent = { id: input.id, params: entry.fixed ?? params };
  if (entry.sender !== undefined) return entry.sender(core, sent, options);
  if (entry.paging === 'none') return call(core, entry.operation, sent, options);
  return callList(core, entry.operation as ListOperation, sent, options);
}

function refuse(param: string, message: string): never {
  throw new RequestValidationError(param, [{ path: [param], code: 'unrecognized_keys', message }]);
}
