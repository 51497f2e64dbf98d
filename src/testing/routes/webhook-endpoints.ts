import { webhookEndpointOperations } from '../../resources/webhook-endpoints.js';
import { invalid, notFound } from '../errors.js';
import type { FakeWebhookEndpoint } from '../records.js';
import { type Route, route } from '../route.js';
import type { Scope } from '../scope.js';
import { type FakeState, newId } from '../state.js';

const endpointsOf = (scope: Scope) => scope.webhookEndpoints;

function deleteEndpoint(scope: Scope, id: string): { id: string; deleted: true } {
  if (!endpointsOf(scope).delete(id)) throw notFound('webhook endpoint', id);
  return { id, deleted: true };
}

/** The webhook endpoints (spec: Webhooks): only deletion is specified. */
export const webhookEndpointRoutes: Route[] = [
  route(webhookEndpointOperations.delete, ({ scope, id }) => ({
    status: 200,
    body: deleteEndpoint(scope, id),
  })),
];

/** Creates webhook endpoints directly (`fake.seed`): the spec shows no way to create them. */
export interface WebhookEndpointSeeds {
  /**
   * Adds a webhook endpoint to the key's organization (default: the fake's sandbox key).
   * Default URL: `https://merchant.example/webhooks`.
   *
   * @param fields - Fields to set; the rest take the defaults above.
   * @param options - `apiKey`: whose organization and environment get it (default `fake.apiKey`).
   * @returns The stored webhook endpoint, in its wire shape.
   */
  webhookEndpoint(
    fields?: Partial<Pick<FakeWebhookEndpoint, 'url' | 'created_at'>>,
    options?: { apiKey?: string },
  ): FakeWebhookEndpoint;
}

/** @returns The webhook endpoint seeds bound to the fake's state; `scopeOf` gives the scope of a key. */
export function webhookEndpointSeeds(
  state: FakeState,
  scopeOf: (apiKey?: string) => Scope,
): WebhookEndpointSeeds {
  return {
    webhookEndpoint: (fields = {}, options = {}) => {
      const scope = scopeOf(options.apiKey);
      const url = fields.url ?? 'https://merchant.example/webhooks';
      if (!URL.canParse(url)) throw invalid('url', 'must be a URL');
      return endpointsOf(scope).insert({
        id: newId('webhookEndpoint'),
        org_id: scope.org_id,
        url,
        environment: scope.environment,
        created_at: fields.created_at ?? state.now(),
      });
    },
  };
}
