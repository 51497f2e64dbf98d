import type { APIPromise } from '../core/api-promise.js';
import type { ChainbillCore } from '../core/chainbill-core.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import {
  type Action,
  type ListOperation,
  listRequestOf,
  type Operation,
  type OperationInput,
  requestOf,
} from './operation.js';

// The three ways a function of `chainbill/funcs` sends its operation through a core: one call, an
// action (its operation with fixed params), the first page of a list.

/**
 * Sends one call of an operation; the id and params are checked before anything is sent.
 *
 * @param core - The core to send through.
 * @param operation - The operation.
 * @param input - Path id and params.
 * @param options - Per-call options.
 * @returns The parsed result.
 */
export function call<P, R>(
  core: ChainbillCore,
  operation: Operation<P, R>,
  input: OperationInput<P>,
  options: RequestOptions | undefined,
): APIPromise<R> {
  return core.request(() => requestOf(operation, input), options);
}

/**
 * Sends an action: its operation with its fixed params.
 *
 * @param core - The core to send through.
 * @param action - The action.
 * @param id - The path id.
 * @param options - Per-call options.
 * @returns The parsed result.
 */
export function callAction<P, R>(
  core: ChainbillCore,
  action: Action<P, R>,
  id: string,
  options: RequestOptions | undefined,
): APIPromise<R> {
  return call(core, action.operation, { id, params: action.fixed }, options);
}

/**
 * Sends the first page of a list operation and wraps it for paging.
 *
 * @param core - The core to send through.
 * @param operation - The list operation.
 * @param input - Path id and params of the first page.
 * @param options - Per-call options, used for every page.
 * @returns The first page, iterable over every item.
 */
export function callList<P, R>(
  core: ChainbillCore,
  operation: ListOperation<P, R>,
  input: OperationInput<P>,
  options: RequestOptions | undefined,
): PagePromise<R> {
  return core.requestList(operation.paging, () => listRequestOf(operation, input), options);
}
