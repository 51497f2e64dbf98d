/** The fake API's clock: real time by default, or frozen at a set instant and moved by hand. */
export interface FakeClock {
  /**
   * The fake's current time: what it writes into `created_at`, `approved_at`, … .
   *
   * @returns A new `Date`.
   */
  now(): Date;
  /**
   * Freezes the clock at an instant.
   *
   * @param time - A `Date` or an ISO 8601 string.
   */
  set(time: Date | string): void;
  /**
   * Moves the clock forward (freezing it first if it follows real time).
   *
   * @param ms - Milliseconds to move by.
   */
  advance(ms: number): void;
  /** Goes back to following real time. */
  useRealTime(): void;
}

/** @returns A clock that follows real time until set. */
export function createClock(): FakeClock {
  let frozen: number | null = null;
  return {
    now: () => new Date(frozen ?? Date.now()),
    set: (time) => {
      frozen = new Date(time).getTime();
    },
    advance: (ms) => {
      frozen = (frozen ?? Date.now()) + ms;
    },
    useRealTime: () => {
      frozen = null;
    },
  };
}
