/** The longest delay a timer can wait: 2^31 − 1 ms (about 24.8 days); past it Node fires at once. */
export const MAX_DELAY_MS: number = 2 ** 31 - 1;

/** How an injected delay ended: its time came, the request's signal aborted, or the fake was reset. */
export type DelayEnd = 'elapsed' | 'aborted' | 'cleared';

/**
 * The injected delays (`{ delay }` faults) still waiting, each on one timer of the process (so
 * fake timers control it). A delay ends early when its request's signal aborts (a client timeout
 * or abort over `fetch`, a closed connection over `listen()`), and {@link Delays.clear} ends them
 * all (`fake.reset()`): no timer outlives the request it delays.
 */
export class Delays {
  readonly #pending = new Set<() => void>();

  /** How many delays are waiting. */
  get size(): number {
    return this.#pending.size;
  }

  /**
   * Waits `ms`, or less when `signal` aborts or the delays are cleared.
   *
   * @param ms - Milliseconds, at most {@link MAX_DELAY_MS} (`faults.next` checked it).
   * @param signal - The request's signal, when it has one.
   * @returns How the wait ended.
   */
  wait(ms: number, signal: AbortSignal | undefined): Promise<DelayEnd> {
    if (signal?.aborted) return Promise.resolve('aborted');
    return new Promise((resolve) => {
      const end = (how: DelayEnd): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.#pending.delete(clear);
        resolve(how);
      };
      const onAbort = (): void => end('aborted');
      const clear = (): void => end('cleared');
      const timer = setTimeout(() => end('elapsed'), ms);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#pending.add(clear);
    });
  }

  /** Ends every waiting delay now, as `'cleared'`, and with it its timer. */
  clear(): void {
    for (const clear of [...this.#pending]) clear();
  }
}
