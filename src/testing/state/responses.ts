/**
 * The answers to the latest requests, as sent, for the inspector's "what did it send back": the
 * body text of each of the last {@link KEPT_RESPONSES} answers under the base path (an injected
 * fault's included), each cut at {@link KEPT_BYTES}. Kept apart from the request log, whose
 * `historyLimit` entries would otherwise hold every list page ever answered, and only once the
 * control API is served: a fake in process, which no inspector reads, keeps none.
 */

/** How many answers are kept, the latest. */
export const KEPT_RESPONSES = 100;
/** How much of one answer's body is kept, in UTF-16 code units: at most 6.4 MB for all of them. */
export const KEPT_BYTES: number = 64 * 1024;

/** One answer as it was sent. */
export interface KeptResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as sent, or `null` for none (a 204, a reset connection). */
  body: string | null;
  /** Whether the body was longer than {@link KEPT_BYTES} and is cut. */
  truncated: boolean;
  /** The fault that shaped it: a dropped answer (`commit-then-drop`) was never received. */
  fault: string | null;
}

/** The answers to the latest requests, by the request's sequence number. */
export class ResponseLog {
  #kept = new Map<number, KeptResponse>();
  #keeping = false;

  /** Keeps the answers from now on (`listen()` with a control token). */
  start(): void {
    this.#keeping = true;
  }

  /** Keeps an answer, forgetting the oldest past {@link KEPT_RESPONSES}; nothing before {@link ResponseLog.start}. */
  keep(sequence: number, response: Omit<KeptResponse, 'truncated'>): void {
    if (!this.#keeping) return;
    const { body } = response;
    const truncated = body !== null && body.length > KEPT_BYTES;
    this.#kept.set(sequence, { ...response, body: truncated ? body.slice(0, KEPT_BYTES) : body, truncated });
    if (this.#kept.size > KEPT_RESPONSES) this.#kept.delete(this.#kept.keys().next().value as number);
  }

  /** The answer to the request of that sequence number, if it is still kept. */
  get(sequence: number): KeptResponse | undefined {
    return this.#kept.get(sequence);
  }

  /** Forgets every answer (the fake's reset). */
  clear(): void {
    this.#kept = new Map();
  }
}
