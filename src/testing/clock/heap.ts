/**
 * A binary min-heap whose items know their place in it, so one can be moved or taken out where it
 * stands (the scheduler's queue of what falls due next). A leaf module.
 */

/** An item of a {@link Heap}: `slot` is its index in the heap, -1 when it is not in one. */
export interface HeapItem {
  slot: number;
}

/** A min-heap under `before`: the item for which `before` holds against every other comes first. */
export class Heap<T extends HeapItem> {
  readonly #items: T[] = [];
  readonly #before: (a: T, b: T) => boolean;

  /** @param before - Whether `a` comes before `b`: a strict order. */
  constructor(before: (a: T, b: T) => boolean) {
    this.#before = before;
  }

  /** How many items it holds. */
  get size(): number {
    return this.#items.length;
  }

  /** The first item, or `undefined` when empty. */
  peek(): T | undefined {
    return this.#items[0];
  }

  /** Adds an item that is in no heap. */
  push(item: T): void {
    item.slot = this.#items.length;
    this.#items.push(item);
    this.#up(item.slot);
  }

  /** Takes the first item out, or `undefined` when empty. */
  pop(): T | undefined {
    const first = this.#items[0];
    if (first !== undefined) this.remove(first);
    return first;
  }

  /** Takes an item out, wherever it stands. */
  remove(item: T): void {
    const at = item.slot;
    const last = this.#items.pop() as T; // the heap holds `item`, so it is not empty
    item.slot = -1;
    if (last === item) return;
    this.#items[at] = last;
    last.slot = at;
    this.update(last);
  }

  /** Puts an item whose key changed back in order. */
  update(item: T): void {
    this.#down(this.#up(item.slot));
  }

  /**
   * Calls `visit` with every item for which `within` holds, where `within` holds for an item only
   * if it holds for every item before it: a look at what is due by a time costs in proportion to
   * what is, not to what the heap holds.
   */
  visitWhile(within: (item: T) => boolean, visit: (item: T) => void): void {
    const pending = this.#items.length > 0 ? [0] : [];
    for (let at = pending.pop(); at !== undefined; at = pending.pop()) {
      const item = this.#items[at] as T; // only indices below the length are pushed
      if (!within(item)) continue;
      visit(item);
      const left = 2 * at + 1;
      if (left < this.#items.length) pending.push(left);
      if (left + 1 < this.#items.length) pending.push(left + 1);
    }
  }

  /** Empties the heap. */
  clear(): void {
    for (const item of this.#items) item.slot = -1;
    this.#items.length = 0;
  }

  #up(at: number): number {
    const item = this.#items[at] as T;
    while (at > 0) {
      const parentAt = (at - 1) >> 1;
      const parent = this.#items[parentAt] as T;
      if (!this.#before(item, parent)) break;
      this.#place(parent, at);
      at = parentAt;
    }
    this.#place(item, at);
    return at;
  }

  #down(at: number): void {
    const item = this.#items[at] as T;
    const size = this.#items.length;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      const right = child + 1;
      if (right < size && this.#before(this.#items[right] as T, this.#items[child] as T)) child = right;
      const smaller = this.#items[child] as T;
      if (!this.#before(smaller, item)) break;
      this.#place(smaller, at);
      at = child;
    }
    this.#place(item, at);
  }

  #place(item: T, at: number): void {
    this.#items[at] = item;
    item.slot = at;
  }
}
