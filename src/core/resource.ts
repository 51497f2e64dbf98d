import type { Chainbill } from '../client.js';
import {
  type Action,
  type ListOperation,
  listRequestOf,
  type Operation,
  type OperationInput,
  requestOf,
} from '../internal/operation.js';
import type { APIPromise } from './api-promise.js';
import type { PagePromise } from './pagination.js';
import type { RequestOptions } from './request-options.js';

/**
 * Base of every resource namespace (`payouts`, `customers`, …): holds the client it calls through.
 * A method is one call with its operation: the operation says the method, path,
 * id prefix, params and response schemas and paging; the client's one request path does the rest.
 */
export abstract class APIResource {
  /** The client whose `request` and `requestList` the resource's methods call. */
  protected _client: Chainbill;

  /** @param client - The client whose transport, options and key the resource uses. */
  constructor(client: Chainbill) {
    this._client = client;
  }

  /**
   * Sends one call of an operation.
   *
   * @internal
   * @param operation - The operation, from the resource file's table.
   * @param input - The path id and params; both are checked before anything is sent.
   * @param options - Per-call options.
   * @returns The parsed result.
   */
  protected _request<P, R>(
    operation: Operation<P, R>,
    input: OperationInput<P>,
    options: RequestOptions | undefined,
  ): APIPromise<R> {
    return this._client.request(() => requestOf(operation, input), options);
  }

  /**
   * Sends one call of an action: its operation with its fixed params.
   *
   * @internal
   * @param action - The action, from the resource file's table.
   * @param id - The path id; checked before anything is sent.
   * @param options - Per-call options.
   * @returns The parsed result.
   */
  protected _action<P, R>(
    action: Action<P, R>,
    id: string,
    options: RequestOptions | undefined,
  ): APIPromise<R> {
    return this._request(action.operation, { id, params: action.fixed }, options);
  }

  /**
   * Sends the first page of a list operation and wraps it for paging.
   *
   * @internal
   * @param operation - The list operation.
   * @param input - The path id and params of the first page.
   * @param options - Per-call options, used for every page.
   * @returns The first page, iterable over every item.
   */
  protected _list<P, R>(
    operation: ListOperation<P, R>,
    input: OperationInput<P>,
    options: RequestOptions | undefined,
  ): PagePromise<R> {
    return this._client.requestList(operation.paging, () => listRequestOf(operation, input), options);
  }
}
