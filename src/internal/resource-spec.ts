import type { TableEntry } from './operation.js';

/**
 * One resource of the API, as data: where it lives on a client, its operations and actions by
 * method name, and what a table of its records shows first. The client, the catalog (and so the
 * CLI and the MCP server) and the fake's inspector are all built from the one list of these.
 */
export interface ResourceSpec {
  /** Where the resource lives on a client: `['payouts', 'settlements']`. */
  readonly path: readonly string[];
  /** Its operations and actions, each under its method's name (`list`, `approve`). */
  readonly operations: Readonly<Record<string, TableEntry>>;
  /**
   * The fields a table of its records shows, most important first: the id, the status, the amount
   * and its token or currency, the event type, the counterparty, the dates last. A narrow table
   * keeps the first ones; a field not listed comes after them.
   */
  readonly columns: readonly string[];
}
