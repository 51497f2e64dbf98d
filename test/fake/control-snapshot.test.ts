/**
 * Snapshots over the control API (docs/fake-server.md: Snapshots): `GET /_fake/snapshot` and
 * `POST /_fake/restore` round trip a fake's state over HTTP, past the 1 MiB of other bodies;
 * `POST /_fake/snapshot?save=1` needs a snapshot file; bad snapshots are 400s naming why.
 */
import { Chainbill } from 'chainbill';
import type { FakeChainbill, FakeServer } from 'chainbill/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenWithControl, MiB } from './edge-helpers.js';

const token = 'snapshot-control-token';
let fake: FakeChainbill;
let server: FakeServer;
let origin: string;

beforeAll(async () => {
  ({ fake, server, origin } = await listenWithControl(token));
});
afterAll(() => server.close());

function control(method: string, path: string, body?: string): Promise<Response> {
  return fetch(`${origin}/_fake/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(body !== undefined && { body }),
  });
}

describe('snapshots over the control API', () => {
  it('GET /_fake/snapshot, then POST /_fake/restore puts back a fake of more than 1 MiB', async () => {
    fake.clock.set('2027-03-01T00:00:00Z');
    const words = 'Payout for the invoices of March, '.repeat(12);
    for (let i = 0; i < 1_000; i++) fake.seed.payout({ amount: (i % 100) + 1, description: `${words}${i}` });
    const taken = await control('GET', 'snapshot');
    expect(taken.status).toBe(200);
    const text = await taken.text();
    expect(text.length).toBeGreaterThan(MiB);
    expect(JSON.parse(text)).toMatchObject({ format: 'chainbill-fake-snapshot', version: 1 });

    fake.reset();
    const chainbill = new Chainbill({
      apiKey: fake.apiKey,
      baseUrl: server.url,
      maxRetries: 0,
      logLevel: 'off',
    });
    expect((await chainbill.payouts.list()).data).toEqual([]);
    const restored = await control('POST', 'restore', text);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual({ restored: true, clock: { now: '2027-03-01T00:00:00.000Z' } });
    expect((await chainbill.payouts.list({ limit: 1 })).data[0]?.description).toBe(`${words}999`);
    expect(await (await control('GET', 'snapshot')).text()).toBe(text);
    fake.reset();
  });

  it('a newer format, an edited snapshot or a body that is not JSON: 400 naming why, nothing changed', async () => {
    fake.clock.set('2027-03-02T00:00:00Z');
    fake.seed.customer({ email: 'kept@example.com' });
    const snapshot = await (await control('GET', 'snapshot')).json();
    const answers = [
      await control('POST', 'restore', JSON.stringify({ ...snapshot, version: 2 })),
      await control('POST', 'restore', JSON.stringify({ ...snapshot, content: {} })),
      await control('POST', 'restore', '{"format": '),
    ];
    const errors = await Promise.all(
      answers.map(async (answer) => [answer.status, (await answer.json()).error]),
    );
    expect(errors).toEqual([
      [
        400,
        expect.objectContaining({
          code: 'snapshot_version_unsupported',
          message: expect.stringMatching(/format 2, written by a newer chainbill/),
        }),
      ],
      [400, expect.objectContaining({ code: 'snapshot_invalid', message: expect.stringMatching(/digest/) })],
      [400, expect.objectContaining({ code: 'body_invalid' })],
    ]);
    expect(JSON.stringify(await (await control('GET', 'snapshot')).json())).toBe(JSON.stringify(snapshot));
    fake.reset();
  });

  it('POST /_fake/snapshot?save=1 without --snapshot-file is a 409; without save=1 a 400', async () => {
    const unsaved = await control('POST', 'snapshot?save=1');
    expect(unsaved.status).toBe(409);
    expect((await unsaved.json()).error).toMatchObject({ code: 'snapshot_file_missing' });
    const bare = await control('POST', 'snapshot');
    expect(bare.status).toBe(400);
    expect((await bare.json()).error).toMatchObject({ param: 'save' });
  });
});
