import type { Environment } from '../../core/types.js';
import { webhookEndpointSpec } from '../../resources/webhook-endpoints.js';
import { invalid } from '../http/errors.js';
import { type ResourceModule, seedsFrom } from '../resource.js';
import { checkedDateTime } from '../seed/validate.js';
import { type CollectionKey, collectionKey } from '../state/scope.js';

/**
 * The fake's webhook endpoint record. The spec shows no fields for it; these are the fake's
 * choice: id (prefix `we_`), organization, URL, environment and creation time.
 */
export interface FakeWebhookEndpoint {
  /** Identifier, prefix `we_`. */
  id: string;
  /** Organization that owns the endpoint. */
  org_id: string;
  /** Where events would be delivered. */
  url: string;
  /** `live` or `sandbox`, from the key it was seeded with. */
  environment: Environment;
  /** Creation time (ISO 8601). */
  created_at: string;
}

/** The webhook endpoints of a scope. */
export const webhookEndpoints: CollectionKey<FakeWebhookEndpoint> = collectionKey('webhookEndpoints');

/** The longest webhook URL a seed may set. */
const MAX_URL_LENGTH = 2048;

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

const webhookEndpointSeeds = seedsFrom<WebhookEndpointSeeds>({
  webhookEndpoint: (state, scope, fields) => {
    const url = fields.url ?? 'https://merchant.example/webhooks';
    if (!URL.canParse(url)) throw invalid('url', 'must be a URL');
    return state.insert(webhookEndpoints, scope, {
      id: state.ids.id('webhookEndpoint'),
      org_id: scope.org_id,
      url,
      environment: scope.environment,
      created_at: fields.created_at ?? state.now(),
    });
  },
});

/** A seeded URL: `http:` or `https:`, of at most {@link MAX_URL_LENGTH} characters. */
function seededUrl(value: unknown): unknown {
  const url =
    typeof value === 'string' && value.length <= MAX_URL_LENGTH && URL.canParse(value)
      ? new URL(value)
      : null;
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw invalid('url', `must be an http: or https: URL of at most ${MAX_URL_LENGTH} characters`);
  return value;
}

/** Webhook endpoints: seeded, and deleted through the API. They have no response schema. */
export const webhookEndpointModule: ResourceModule = {
  collection: webhookEndpoints,
  columns: webhookEndpointSpec.columns,
  seeds: webhookEndpointSeeds,
  seedFile: {
    list: 'webhook_endpoints',
    seed: 'webhookEndpoint',
    fields: {
      label: 'a webhook endpoint',
      checks: { url: seededUrl, created_at: (value) => checkedDateTime('created_at', value) },
    },
  },
};
