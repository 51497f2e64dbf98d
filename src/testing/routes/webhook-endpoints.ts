import { webhookEndpointOperations } from '../../resources/webhook-endpoints.js';
import { notFound } from '../errors.js';
import { webhookEndpoints } from '../resources/webhook-endpoints.js';
import { type Route, route } from '../route.js';

/** The webhook endpoints (spec: Webhooks): only deletion is specified. */
export const webhookEndpointRoutes: Route[] = [
  route(webhookEndpointOperations.delete, ({ scope, id }) => {
    if (!scope.of(webhookEndpoints).delete(id)) throw notFound('webhook endpoint', id);
    return { status: 200, body: { id, deleted: true } };
  }),
];
