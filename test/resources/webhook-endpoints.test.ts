import { NotFoundError } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure, useFakeApi } from '../helpers.js';

const { fake, client } = useFakeApi();

describe('webhookEndpoints.delete', () => {
  it('delete: only required params', async () => {
    const endpoint = fake().seed.webhookEndpoint();
    expect(endpoint).toMatchObject({
      org_id: 'org_fake',
      url: 'https://merchant.example/webhooks',
      environment: 'sandbox',
    });
    const result = await client().webhookEndpoints.delete(endpoint.id);
    expect(result).toEqual({ id: endpoint.id, deleted: true });
    expect(fake().requests[0]).toMatchObject({
      method: 'DELETE',
      path: `/webhooks/${endpoint.id}`,
      status: 200,
      body: undefined,
    });
    expect(fake().requests[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('delete: all params (options)', async () => {
    const endpoint = fake().seed.webhookEndpoint({ url: 'https://shop.example/hooks/chainbill' });
    const result = await client().webhookEndpoints.delete(endpoint.id, {
      idempotencyKey: 'delete-we-1',
      headers: { 'X-Trace': 't1' },
    });
    expect(result).toEqual({ id: endpoint.id, deleted: true });
    expect(fake().requests[0]?.idempotencyKey).toBe('delete-we-1');
    expect(fake().requests[0]?.headers['x-trace']).toBe('t1');
  });

  it('delete: a second delete is a NotFoundError', async () => {
    const endpoint = fake().seed.webhookEndpoint();
    await client().webhookEndpoints.delete(endpoint.id);
    const error = await failure(client().webhookEndpoints.delete(endpoint.id));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'resource_missing' });
  });

  it('delete: an unknown id is a NotFoundError', async () => {
    const error = await failure(client().webhookEndpoints.delete('we_missing'));
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it('delete: an endpoint of another organization is a NotFoundError and stays', async () => {
    const otherKey = fake().createApiKey({ orgId: 'org_other' });
    const endpoint = fake().seed.webhookEndpoint({}, { apiKey: otherKey });
    const error = await failure(client().webhookEndpoints.delete(endpoint.id));
    expect(error).toBeInstanceOf(NotFoundError);
    await expect(client({ apiKey: otherKey }).webhookEndpoints.delete(endpoint.id)).resolves.toEqual({
      id: endpoint.id,
      deleted: true,
    });
  });
});

describe('the fake: webhook endpoints', () => {
  it('DELETE answers 200 with { id, deleted: true }, then 404', async () => {
    const endpoint = fake().seed.webhookEndpoint();
    const send = () =>
      fake().fetch(`${fake().baseUrl}/webhooks/${endpoint.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${fake().apiKey}` },
      });
    const first = await send();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ id: endpoint.id, deleted: true });
    const second = await send();
    expect(second.status).toBe(404);
    expect(await second.json()).toMatchObject({ error: { code: 'resource_missing' } });
  });

  it('seed.webhookEndpoint refuses a URL that is not one', () => {
    expect(() => fake().seed.webhookEndpoint({ url: 'not a url' })).toThrow(/url/);
  });
});
