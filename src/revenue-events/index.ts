/**
 * The revenue ledger, one feature in one folder: the event model, the resource, and the change
 * feed that reads the ledger as a stream of events (`watch`).
 */

export type {
  RevenueEventConsumeOptions,
  RevenueEventConsumer,
  RevenueEventHandler,
  RevenueEventHandlers,
} from './consume-options.js';
export { LeaseLostError } from './consume-options.js';
export type * from './event.js';
export { RevenueEventFeed } from './feed.js';
export { RevenueEvents } from './revenue-events.js';
