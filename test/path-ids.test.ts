/**
 * Path ids (DESIGN.md: Security): an id that does not start with its resource's prefix, or that
 * would leave its path segment (`/`, `..`, `?`, `#`, encoded forms, whitespace, controls, lone
 * surrogates), is a `RequestValidationError` naming `id`, and nothing is sent. Checked for every
 * method that takes an id, from its row in `property-rows.ts`.
 */
import { RequestValidationError } from 'chainbill';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failure } from './helpers.js';
import { rows, validParams } from './property-rows.js';
import { clientOn, json, payoutFixture, scriptedFetch } from './scripted-fetch.js';

/** The spec's id prefixes (spec: Identifier prefixes), and a word that only looks like one. */
const prefixes = ['pm_', 'po_', 'sub_', 'cus_', 'plan_', 'ent_', 'pl_', 'co_', 'we_', 'payout_'];

/** Ids a method whose ids start with `prefix` must refuse. */
function escapes(prefix: string): unknown[] {
  return [
    `../${prefix}1`,
    `${prefix}1/../../customers`,
    `${prefix}1/approve`,
    `${prefix}a/b`,
    `/${prefix}1`,
    `${prefix}1?status=approved`,
    `${prefix}1#x`,
    `${prefix}%2e%2e`,
    `${prefix}%2E%2E%2Fcustomers`,
    `${prefix}1%2F`,
    `${prefix}..`,
    `${prefix}1\\..\\x`,
    `${prefix}1 `,
    ` ${prefix}1`,
    `${prefix} 1`,
    `${prefix}1\n`,
    `${prefix}1\t`,
    `${prefix}1\u0000`,
    `${prefix}1\u007f`,
    `${prefix}1\ud800`,
    `${prefix.toUpperCase()}1`,
    prefix,
    '',
    ...prefixes.filter((other) => other !== prefix).map((other) => `${other}1`),
    // Not strings: no conversion may turn them into a path.
    123,
    null,
    undefined,
    { toString: () => `${prefix}1` },
  ];
}

describe('path ids', () => {
  const withIds = rows.filter((row) => row.idPrefix !== undefined);

  it('every method that takes an id is checked here', () => {
    expect(withIds.map((row) => row.name)).toEqual(
      expect.arrayContaining(['payouts.approve', 'subscriptions.pause', 'webhookEndpoints.delete']),
    );
    expect(withIds.length).toBeGreaterThanOrEqual(12);
  });

  it.each(withIds.map((row) => [row.name, row] as const))(
    '%s refuses an id that leaves its segment or names another record, with param `id`, nothing sent',
    async (_, row) => {
      const [params] = fc.sample(validParams(row), { numRuns: 1, seed: 3 });
      const { fetch, seen } = scriptedFetch(json(200, payoutFixture()));
      const client = clientOn(fetch, { maxRetries: 0 });
      for (const id of escapes(row.idPrefix ?? '')) {
        const error = await failure(row.call(client, id as string, params as never));
        expect(error, JSON.stringify(id)).toBeInstanceOf(RequestValidationError);
        expect((error as RequestValidationError).param, JSON.stringify(id)).toBe('id');
      }
      expect(seen).toHaveLength(0);
    },
  );

  it('a well-formed id is percent-encoded and stays in its segment', async () => {
    const { fetch, seen } = scriptedFetch(json(200, payoutFixture()));
    await clientOn(fetch).payouts.approve('po_ünïcode∕slash');
    expect(seen[0]?.url.pathname).toBe('/v1/payouts/po_%C3%BCn%C3%AFcode%E2%88%95slash');
  });
});
