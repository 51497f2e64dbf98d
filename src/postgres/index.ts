/**
 * `chainbill/postgres`: the SDK's state in PostgreSQL (docs/postgres.md), shared by every process
 * of a fleet: `revenueEvents.consume` positions and leases, and the payout policy's spend
 * budgets. Takes any client with pg's `query` (a `pg.Pool`, PGlite); loads neither itself.
 *
 * @module chainbill/postgres
 */
export type { ChainbillStore } from '../store/store.js';
export type { Queryable, Row } from './session.js';
export { postgresStore } from './store.js';
