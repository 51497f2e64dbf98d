/**
 * Snapshots of a fake (docs/testing.md: Snapshots): every record, key, event and idempotency key,
 * the side state (the chain's transfers, failed renewals), the clock, the pending faults and the id
 * source, as one JSON value, and back. The request log is not state: it goes on.
 */
import { createHash } from 'node:crypto';
import { depthOf } from '../http/body.js';
import { FakeApiError, oneLine } from '../http/errors.js';
import type { FaultQueue } from '../http/faults.js';
import { decode, encode, type Json } from './codec.js';
import { checkContent } from './snapshot-shape.js';
import type { FakeState } from './state.js';

/** The snapshot format this fake writes, and the newest it reads. */
export const SNAPSHOT_VERSION = 1;

/** How deep a snapshot may nest: its own levels, a record's and the tags', with room to spare. */
const MAX_SNAPSHOT_DEPTH = 100;

/**
 * A fake's state as one JSON value, from `fake.snapshot()` or `GET /_fake/snapshot`, for
 * `fake.restore()`, `POST /_fake/restore` or `chainbill-fake --snapshot-file`. Opaque: `content`
 * is checked against `digest`, so an edited snapshot is refused rather than half understood.
 */
export interface FakeSnapshot {
  /** Always `chainbill-fake-snapshot`. */
  readonly format: 'chainbill-fake-snapshot';
  /** The format's version; a fake refuses a snapshot newer than its own. */
  readonly version: number;
  /** `sha256:` and the hex SHA-256 of `content` as JSON. */
  readonly digest: string;
  /** The state, encoded. */
  readonly content: unknown;
}

/** The snapshot of a state and its faults, once what the clock has made due by now has happened. */
export function takeSnapshot(state: FakeState, faults: FaultQueue): FakeSnapshot {
  state.clock.catchUp();
  const content = encode({
    state: state.save(),
    clock: { mode: state.clock.mode(), now: state.clock.now().getTime() },
    faults: faults.pending,
    ids: state.ids.save(),
  });
  return { format: 'chainbill-fake-snapshot', version: SNAPSHOT_VERSION, digest: digestOf(content), content };
}

/**
 * Puts a state and its faults where a snapshot found them, whole or not at all.
 *
 * @throws {FakeApiError} 400 `snapshot_version_unsupported` for a newer format; 400
 *   `snapshot_invalid` for anything that is not an unchanged snapshot; nothing has changed.
 */
export function restoreSnapshot(state: FakeState, faults: FaultQueue, snapshot: unknown): void {
  const { content, version } = envelopeOf(snapshot);
  if (version > SNAPSHOT_VERSION)
    throw new FakeApiError(
      400,
      'invalid_request_error',
      'snapshot_version_unsupported',
      `This snapshot is of format ${version}, written by a newer chainbill; this fake reads format ${SNAPSHOT_VERSION} and older: upgrade chainbill to restore it.`,
    );
  let parts: ReturnType<typeof checkContent>;
  try {
    parts = checkContent(decode(content));
  } catch (error) {
    throw invalidSnapshot(oneLine(error));
  }
  const armed = faults.pending;
  faults.clear();
  try {
    for (const { match, fault, remaining } of parts.faults) faults.next(match, fault, { times: remaining });
  } catch (error) {
    faults.clear();
    for (const { match, fault, remaining } of armed) faults.next(match, fault, { times: remaining });
    throw invalidSnapshot(`content.faults: ${oneLine(error)}`);
  }
  state.load(parts.state);
  state.ids.load(parts.ids);
  state.clock.restore(parts.clock.mode, parts.clock.now);
}

/** The format, version and content of a snapshot whose digest matches, read once each. */
function envelopeOf(snapshot: unknown): { content: Json; version: number } {
  try {
    if (typeof snapshot !== 'object' || snapshot === null) throw new TypeError('a snapshot is an object');
    const { format, version, digest, content } = snapshot as Record<string, unknown>;
    if (format !== 'chainbill-fake-snapshot') throw new TypeError('format is not chainbill-fake-snapshot');
    if (!Number.isSafeInteger(version) || (version as number) < 1)
      throw new TypeError('version is not a format');
    if ((version as number) > SNAPSHOT_VERSION) return { content: null, version: version as number };
    if (depthOf(content, MAX_SNAPSHOT_DEPTH) > MAX_SNAPSHOT_DEPTH)
      throw new TypeError(`content nests deeper than ${MAX_SNAPSHOT_DEPTH} levels`);
    // Parsed again from its own text: what is checked is what is decoded (no getter reads twice).
    const text = JSON.stringify(content);
    if (typeof text !== 'string' || digest !== `sha256:${sha256(text)}`)
      throw new TypeError(
        'its content does not match its digest: a snapshot is restored as the fake wrote it',
      );
    return { content: JSON.parse(text) as Json, version: version as number };
  } catch (error) {
    throw error instanceof FakeApiError ? error : invalidSnapshot(oneLine(error));
  }
}

function digestOf(content: Json): string {
  return `sha256:${sha256(JSON.stringify(content))}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function invalidSnapshot(problem: string): FakeApiError {
  return new FakeApiError(
    400,
    'invalid_request_error',
    'snapshot_invalid',
    `Not a snapshot this fake can restore: ${problem}.`,
  );
}
