import type { ResourceSpec } from '../internal/resource-spec.js';
import { payoutsCreate, payoutsPreview } from './create.js';
import { payoutOperations } from './operations.js';
import type { PayoutCreateParams } from './params.js';

/**
 * The payouts resource as data: its place on a client, its operations, its table's columns.
 *
 * @internal
 */
export const payoutSpec: ResourceSpec = {
  path: ['payouts'],
  operations: payoutOperations,
  // A create is checked before it is sent (address, amount, token, policy): never sent bare.
  senders: {
    create: (core, input, options) => payoutsCreate(core, input.params as PayoutCreateParams, options),
  },
  preview: (core, params) => payoutsPreview(core, params as PayoutCreateParams),
  columns: [
    'id',
    'status',
    'amount',
    'token',
    'chain',
    'recipient_address',
    'reference_type',
    'reference_id',
    'description',
    'due_date',
    'approved_at',
    'created_at',
  ],
};
