/**
 * The clock's queue: each record's next due work waits in a min-heap keyed by
 * its time, updated when the record is stored or moved, so a request with nothing due looks at
 * the heap's first item only, and a move of the clock does what falls due, not a pass over every
 * record. A second heap keeps each record's next charge, so a move's charges are counted from the
 * records that fall due by then, before anything moves.
 */

import type { CollectionKey, Scope } from '../state/scope.js';
import { Heap, type HeapItem } from './heap.js';

/** Work a record has due on the clock: when, and what happens then. */
export interface DueWork {
  /** When it is due, ms since the epoch. */
  at: number;
  /**
   * Does it (through `transition()` when a status changes).
   *
   * @param to - Where the clock is moving, for work that needs only the latest time.
   */
  run(to: number): void;
}

/** What a move of the clock may cost a record, counted before it starts. */
export interface Cost {
  /** Charges it may attempt, at most. */
  charges: number;
  /** Whether what it starts could be dated past the fake's last time (the move is then atomic). */
  nearEnd: boolean;
}

/** The clock's work on the records of one collection. `S` is the state it runs with. */
export interface DueSource<S, R extends { id: string } = { id: string }> {
  /** The collection whose records it schedules. */
  readonly collection: CollectionKey<R>;
  /**
   * Work that needs only the latest time (a count of blocks): when due during a move, it runs
   * once, after the rest, with the move's target.
   */
  readonly latest?: boolean;
  /** The record's next due work, or `undefined` when it has none. */
  next(state: S, scope: Scope, record: R): DueWork | undefined;
  /** When the record's next charge falls, if it has one: the key of the charge budget. */
  chargeAt?(state: S, record: R): number | undefined;
  /** What a move to `to` may cost the record, whose next charge falls by then. */
  cost?(state: S, scope: Scope, record: R, to: number): Cost;
}

interface Node<S> extends HeapItem {
  at: number;
  source: Registered<S>;
  scope: Scope;
  record: { id: string };
}

/** A record's place in the due queue: time, then the order the clock has always used for ties. */
interface DueNode<S> extends Node<S> {
  /** 0 for work known before the move; otherwise the number of the move's item that scheduled it. */
  phase: number;
  /** The record's place in creation order within its collection. */
  seq: number;
}

interface Registered<S> {
  readonly source: DueSource<S>;
  readonly rank: number;
}

/**
 * Ties keep the order the clock has always given them: work known before the move by scope, then
 * source, then creation order; work a move schedules after it, in the order it was scheduled.
 */
function dueBefore<S>(a: DueNode<S>, b: DueNode<S>): boolean {
  if (a.at !== b.at) return a.at < b.at;
  if (a.phase !== b.phase) return a.phase < b.phase;
  if (a.scope.rank !== b.scope.rank) return a.scope.rank < b.scope.rank;
  if (a.source.rank !== b.source.rank) return a.source.rank < b.source.rank;
  return a.seq < b.seq;
}

/** The due queue and the charge index of one state. */
export class Scheduler<S> {
  readonly #sources: Map<string, Registered<S>>;
  readonly #due = new Heap<DueNode<S>>(dueBefore);
  readonly #dueOf = new Map<object, DueNode<S>>();
  readonly #charges = new Heap<Node<S>>((a, b) => a.at < b.at);
  readonly #chargeOf = new Map<object, Node<S>>();
  #phase = 0;
  readonly #scheduledInMove: DueNode<S>[] = [];

  /** @param sources - The clock's work, one source per collection; ties go in this order. */
  constructor(sources: readonly DueSource<S>[]) {
    this.#sources = new Map(sources.map((source, rank) => [source.collection.name, { source, rank }]));
  }

  /** The sources, in order. */
  get sources(): DueSource<S>[] {
    return [...this.#sources.values()].map(({ source }) => source);
  }

  /**
   * Puts a record's next due work and next charge in the queue, or takes them out: after it is
   * stored, and after anything that moves its time (a transition, a transfer on the chain).
   */
  touch<R extends { id: string }>(state: S, collection: CollectionKey<R>, scope: Scope, record: R): void {
    const registered = this.#sources.get(collection.name);
    if (registered === undefined) return;
    const { source } = registered;
    this.#place(registered, scope, record, source.next(state, scope, record)?.at);
    if (source.chargeAt !== undefined)
      this.#placeCharge(registered, scope, record, source.chargeAt(state, record));
  }

  /** When the earliest work is due, ms; `Infinity` when nothing is. */
  get nextAt(): number {
    return this.#due.peek()?.at ?? Number.POSITIVE_INFINITY;
  }

  /**
   * What a move to `to` may cost, from the records whose next charge falls by then.
   *
   * @returns The charges at most, and whether the move comes near the last time.
   */
  outlook(state: S, to: number): Cost {
    const total: Cost = { charges: 0, nearEnd: false };
    this.#charges.visitWhile(
      (node) => node.at <= to,
      (node) => {
        const cost = node.source.source.cost?.(state, node.scope, node.record, to);
        total.charges += cost?.charges ?? 0;
        total.nearEnd ||= cost?.nearEnd ?? false;
      },
    );
    return total;
  }

  /**
   * Does everything due up to `to`, earliest first, with the clock pinned to each item's time;
   * what an item schedules within `to` (the next renewal of a year-long move) joins the queue.
   *
   * @param pin - Freezes the clock at a time.
   */
  run(state: S, to: number, pin: (ms: number) => void): void {
    const latest: DueNode<S>[] = [];
    let fired = 0;
    try {
      for (let node = this.#due.peek(); node !== undefined && node.at <= to; node = this.#due.peek()) {
        this.#take(node);
        if (node.source.source.latest) {
          latest.push(node);
          continue;
        }
        this.#phase = ++fired;
        pin(node.at);
        this.#fire(state, node, to);
      }
      this.#phase = ++fired;
      for (const node of latest) this.#fire(state, node, to);
    } finally {
      this.#phase = 0;
      // Work this move scheduled past `to` is, for the next move, work known before it.
      for (const node of this.#scheduledInMove.splice(0))
        if (node.slot >= 0 && node.phase !== 0) {
          node.phase = 0;
          this.#due.update(node);
        }
    }
  }

  /** Builds the queue again from every record (a state loaded from a snapshot). */
  rebuild(state: S, scopes: Iterable<Scope>): void {
    this.#due.clear();
    this.#dueOf.clear();
    this.#charges.clear();
    this.#chargeOf.clear();
    const all = [...scopes];
    for (const { source } of this.#sources.values())
      for (const scope of all)
        for (const record of scope.peek(source.collection)?.all() ?? [])
          this.touch(state, source.collection, scope, record);
  }

  /** Runs a taken item's work (when it still has some) and queues the record's next. */
  #fire(state: S, node: DueNode<S>, to: number): void {
    const { source } = node.source;
    try {
      const work = source.next(state, node.scope, node.record);
      if (work !== undefined && work.at <= to) work.run(to);
    } finally {
      this.touch(state, source.collection, node.scope, node.record);
    }
  }

  #take(node: DueNode<S>): void {
    this.#due.remove(node);
    this.#dueOf.delete(node.record);
  }

  #place(registered: Registered<S>, scope: Scope, record: { id: string }, at: number | undefined): void {
    const node = this.#dueOf.get(record);
    if (at === undefined) {
      if (node !== undefined) this.#take(node);
      return;
    }
    if (node === undefined) {
      const seq = scope.peek(registered.source.collection)?.seqOf(record.id) ?? 0;
      const created: DueNode<S> = {
        slot: -1,
        at,
        phase: this.#phase,
        source: registered,
        scope,
        record,
        seq,
      };
      this.#dueOf.set(record, created);
      this.#due.push(created);
      if (this.#phase !== 0) this.#scheduledInMove.push(created);
      return;
    }
    node.at = at;
    node.phase = this.#phase;
    if (this.#phase !== 0) this.#scheduledInMove.push(node);
    this.#due.update(node);
  }

  #placeCharge(
    registered: Registered<S>,
    scope: Scope,
    record: { id: string },
    at: number | undefined,
  ): void {
    const node = this.#chargeOf.get(record);
    if (at === undefined) {
      if (node === undefined) return;
      this.#charges.remove(node);
      this.#chargeOf.delete(record);
    } else if (node === undefined) {
      const created: Node<S> = { slot: -1, at, source: registered, scope, record };
      this.#chargeOf.set(record, created);
      this.#charges.push(created);
    } else {
      node.at = at;
      this.#charges.update(node);
    }
  }
}
