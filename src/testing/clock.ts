/** The fake API's clock: real time by default, or frozen at a set instant and moved by hand. */
export interface FakeClock {
  /** The fake's current time. */
  now(): Date;
  /** Freezes the clock at `time` (a `Date` or ISO string). */
  set(time: Date | string): void;
  /** Moves the clock forward by `ms` milliseconds (freezing it first if it follows real time). */
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
