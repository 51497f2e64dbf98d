import { webhookEndpointOperations } from '../../resources/webhook-endpoints.js';
import { notFound } from '../http/errors.js';
import { type Route, route } from '../http/route.js';
import { webhookEndpoints } from '../resources/webhook-endpoints.js';

/** The webhook endpoints (spec: Webhooks): only deletion is specified. */
export const webhookEndpointRoutes: Route[] = [
  route(webhookEndpointOperations.delete, ({ scope, id }) => {
    if (!scope.of(webhookEndpoints).delete(id)) throw notFound('webhook endpoint', id);
    return { status: 200, body: { id, deleted: true } };
  }),
];
