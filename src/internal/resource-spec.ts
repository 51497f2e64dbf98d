import type { APIPromise } from '../core/api-promise.js';
import type { ChainbillCore } from '../core/chainbill-core.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import type { OperationInput, TableEntry } from './operation.js';

/** What sending an operation answers: a result, or a list's first page. */
export type Invocation = APIPromise<unknown> | PagePromise<unknown>;

/** Sends an operation with more than its request: a payout create runs its checks first. */
export type Sender = (
  core: ChainbillCore,
  input: OperationInput<unknown>,
  options?: RequestOptions,
) => Invocation;

/** What every check of a money create answers without sending (`payouts.preview`). */
export interface MovePreviewResult {
  ok: boolean;
  checks: { rule: string; ok: boolean; message?: string | undefined }[];
  request: unknown;
  amountAtomic: string | null;
}

/**
 * One resource of the API, as data: where it lives on a client, its operations and actions by
 * method name, and what a table of its records shows first. The client, the catalog (and so the
 * CLI and the MCP server) and the fake's inspector are all built from the one list of these.
 */
export interface ResourceSpec {
  /** Where the resource lives on a client: `['payouts', 'settlements']`. */
  readonly path: readonly string[];
  /** Its operations and actions, each under its method's name (`list`, `approve`). */
  readonly operations: Readonly<Record<string, TableEntry>>;
  /**
   * The fields a table of its records shows, most important first: the id, the status, the amount
   * and its token or currency, the event type, the counterparty, the dates last. A narrow table
   * keeps the first ones; a field not listed comes after them.
   */
  readonly columns: readonly string[];
  /**
   * The operations that are not sent as their request alone, by method name: their function runs
   * what must hold first (a payout's checks and policy). The catalog sends the others as they are.
   */
  readonly senders?: Readonly<Record<string, Sender>> | undefined;
  /** For a resource whose creates move money: every check of a create, nothing sent. */
  readonly preview?: ((core: ChainbillCore, params: unknown) => Promise<MovePreviewResult>) | undefined;
}
