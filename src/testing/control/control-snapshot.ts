/**
 * Snapshots over the control API (docs/fake-server.md: Snapshots): `GET /_fake/snapshot`,
 * `POST /_fake/restore`, and `POST /_fake/snapshot?save=1`, which writes the file
 * `chainbill-fake --snapshot-file` names.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { FakeApiError, invalid, oneLine } from '../http/errors.js';
import type { FakeSnapshot } from '../state/snapshot.js';
import type { Call, ControlEndpoint } from './endpoint.js';

/** The largest snapshot the control API and `--snapshot-file` read: 64 MiB. */
export const MAX_SNAPSHOT_BYTES: number = 64 * 1024 * 1024;

/** The snapshot endpoints. */
export const snapshotEndpoints: readonly ControlEndpoint[] = [
  { method: 'GET', path: '/_fake/snapshot', handle: ({ fake }) => fake.snapshot() },
  { method: 'POST', path: '/_fake/snapshot', query: true, handle: save },
  { method: 'POST', path: '/_fake/restore', ownBody: true, handle: restore },
];

async function restore({ fake, incoming }: Call): Promise<unknown> {
  const bytes = await incoming.readBody(MAX_SNAPSHOT_BYTES);
  let snapshot: unknown;
  try {
    snapshot = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    throw new FakeApiError(
      400,
      'invalid_request_error',
      'body_invalid',
      `The body is not JSON: ${oneLine(error)}`,
    );
  }
  fake.restore(snapshot as FakeSnapshot);
  return { restored: true, clock: { now: fake.clock.now().toISOString() } };
}

async function save({ fake, incoming, snapshotFile }: Call): Promise<unknown> {
  const query = incoming.url.searchParams;
  for (const key of query.keys())
    if (key !== 'save') throw invalid(key, 'is not a query parameter: use ?save=1');
  if (query.get('save') !== '1')
    throw invalid(
      'save',
      'must be 1: POST /_fake/snapshot?save=1 writes the --snapshot-file (GET reads a snapshot)',
    );
  if (snapshotFile === undefined)
    throw new FakeApiError(
      409,
      'invalid_request_error',
      'snapshot_file_missing',
      'This fake has no snapshot file: start chainbill-fake with --snapshot-file <file>, or GET /_fake/snapshot.',
    );
  const text = JSON.stringify(fake.snapshot());
  await writeWhole(snapshotFile, text);
  return { saved: snapshotFile, bytes: Buffer.byteLength(text) };
}

/**
 * Writes a file whole or not at all: into a new file of a random name beside it (created
 * exclusively, so no link planted there is followed), then renamed over it.
 *
 * @throws {FakeApiError} 500 `snapshot_not_saved` when the file cannot be written.
 */
async function writeWhole(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(text);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new FakeApiError(
      500,
      'api_error',
      'snapshot_not_saved',
      `The snapshot was not saved to ${path}: ${oneLine(error)}`,
    );
  }
}
