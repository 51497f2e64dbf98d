/** What `.withResponse()` resolves to: the parsed data and the raw HTTP response. */
export interface WithResponse<T> {
  /** The parsed result (on a list, the first page). */
  data: T;
  /**
   * The final attempt's `Response`, as received (its headers are not redacted); its body has
   * already been read.
   */
  response: Response;
  /**
   * The `x-request-id` (or `request-id`) header of the response, redacted like any server text (a
   * key echoed into it reads `sk_test_***`); `null` if not sent.
   */
  requestId: string | null;
}

/**
 * The promise every resource method returns: await it for the parsed result, or call
 * {@link APIPromise.withResponse} for the HTTP response as well.
 *
 * The request starts when the method is called, like any promise-returning function.
 */
export class APIPromise<T> implements Promise<T> {
  readonly #result: Promise<WithResponse<T>>;

  /** @param result - The call in flight, resolving to data and response. */
  constructor(result: Promise<WithResponse<T>>) {
    this.#result = result;
  }

  /**
   * Resolves to the parsed data together with the raw `Response` and the request id.
   *
   * @returns `{ data, response, requestId }`.
   * @throws {ChainbillError} the same error the plain promise rejects with.
   * @example
   * ```ts
   * const { data: payout, requestId } = await chainbill.payouts.approve('po_123').withResponse();
   * ```
   */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result;
  }

  /**
   * Promise protocol.
   *
   * @param onfulfilled - Called with the parsed data.
   * @param onrejected - Called with a `ChainbillError`.
   * @returns A promise of the callback's result.
   */
  // biome-ignore lint/suspicious/noThenProperty: this is the promise protocol itself.
  then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    // One step, not `.then((r) => r.data).then(…)`: each step is a promise and a tick per call.
    return this.#result.then(
      onfulfilled ? (result) => onfulfilled(result.data) : (result) => result.data as unknown as A,
      onrejected,
    );
  }

  /**
   * Promise protocol.
   *
   * @param onrejected - Called with a `ChainbillError`.
   * @returns A promise of the data or the callback's result.
   */
  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onrejected);
  }

  /**
   * Promise protocol.
   *
   * @param onfinally - Called when the call settles.
   * @returns A promise settling as this one does.
   */
  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  /** Promise protocol. */
  readonly [Symbol.toStringTag]: string = 'APIPromise';
}
