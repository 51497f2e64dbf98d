/**
 * `--fake`: the tools served against an embedded fake API (`chainbill/testing`), for agent
 * evaluations and demos. Loaded only with `--fake`.
 */

import { readFlagFile } from '../catalog/file-flags.js';
import { createFakeChainbill } from '../testing/create.js';
import { applySeedFile, parseSeedFile } from '../testing/seed/seed-file.js';
import { UsageError } from './options.js';

/** Where a client reaches the embedded fake. */
export interface EmbeddedFake {
  /** A sandbox key of the fake: the seed file's first organization's, else the fake's own. */
  readonly apiKey: string;
  /** The fake's base URL. */
  readonly baseUrl: string;
  /** The fake's `fetch`, which answers in process. */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

/**
 * Creates the fake, seeded from a file when one is given (the seed files of `chainbill-fake`).
 *
 * @param seedPath - The seed file, if any.
 * @param idSeed - `--fake-seed`: the same ids for the same calls on every run.
 * @returns The key, base URL and `fetch` of the fake.
 * @throws {UsageError} when the seed file cannot be read or applied, naming the bad value's path.
 */
export async function embeddedFake(
  seedPath: string | undefined,
  idSeed: number | undefined,
): Promise<EmbeddedFake> {
  const fake = createFakeChainbill(idSeed === undefined ? {} : { idSeed });
  let apiKey = fake.apiKey;
  if (seedPath !== undefined) {
    const text = readFlagFile('--seed', seedPath, (message) => new UsageError(message));
    try {
      const summary = applySeedFile(fake, parseSeedFile(text));
      apiKey = summary.organizations[0]?.keys.sandbox[0] ?? apiKey;
    } catch (error) {
      throw new UsageError(`--seed: ${seedPath}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch };
}
