/**
 * What a money move would do, before it is sent, for the CLI's gate and the MCP server's approval
 * alike: the move's kind is declared on its operation (`movesMoney: 'create' | 'approve'`), and
 * this module implements each kind once. A create is checked by the resource's `preview`; an
 * approval reads the draft it approves as the API lists it, then checks that draft the same way,
 * so the payout policy bounds what is approved, not only what is created.
 */
import type { ChainbillCore } from '../core/chainbill-core.js';
import { ChainbillError } from '../core/error.js';
import type { RequestOptions } from '../core/request-options.js';
import { paramNames } from '../internal/operation.js';
import { pathId } from '../internal/path.js';
import type { MovePreviewResult } from '../internal/resource-spec.js';
import { type CatalogEntry, catalog, invoke } from './catalog.js';

/** The preview of a money move. */
export interface MovePreview {
  /** The route: `PATCH /payouts/{id}`. */
  readonly route: string;
  /** The path id, for a move by id. */
  readonly id: string | null;
  /** What the request sends: the body of a create, the fields of an update. */
  readonly sends: unknown;
  /** For an approval, the draft's fields that a create would send, as the API lists them. */
  readonly payout: Record<string, unknown> | null;
  /** For an approval, the whole record as the API lists it. */
  readonly record: Record<string, unknown> | null;
  /** Whether every check passed (`true` for a move by id that approves nothing). */
  readonly ok: boolean;
  readonly checks: MovePreviewResult['checks'];
  /** The amount in atomic units. */
  readonly amountAtomic: string | null;
}

/**
 * Why an approval cannot go: there is no draft of that id to approve, because the payout is past
 * its draft (`status` says where it is) or the API lists no payout of that id (`status` is
 * `null`). Nothing was sent.
 */
export class NoDraftError extends ChainbillError {
  override readonly name = 'NoDraftError';
  /** The id asked for. */
  readonly id: string;
  /** The payout's status, when the API lists it; `null` when it lists no payout of that id. */
  readonly status: string | null;
  /** `resource_missing` for an id the API does not list, `not_a_draft` for a payout past its draft. */
  readonly code: 'resource_missing' | 'not_a_draft';
  /** The id is at fault. */
  readonly param = 'id';
  constructor(id: string, status: string | null) {
    super(
      status === null
        ? `No draft payout with that id: the API lists no payout ${id}; nothing was sent`
        : `${id} is ${status}, not a draft: there is nothing to approve; nothing was sent`,
    );
    this.id = id;
    this.status = status;
    this.code = status === null ? 'resource_missing' : 'not_a_draft';
  }
}

/**
 * Finds a draft among its resource's drafts: only a draft can be approved, and the API has no
 * route that reads one record, so the drafts are walked page by page. When none has the id, the
 * whole list is walked to say why: the payout's status, or no such payout.
 *
 * @param client - The client to read through.
 * @param entry - The approving entry.
 * @param id - The draft's id, already checked against its prefix.
 * @param options - Per-call options of each page.
 * @returns The draft as the API lists it.
 * @throws {NoDraftError} when no draft has that id: with its status, or `null` for no such payout.
 */
export async function findDraft(
  client: ChainbillCore,
  entry: CatalogEntry,
  id: string,
  options?: RequestOptions,
): Promise<Record<string, unknown>> {
  const list = catalog.find(
    (other) => other.method === 'list' && other.resource.join('.') === entry.resource.join('.'),
  );
  if (list === undefined) throw new NoDraftError(id, null);
  const find = async (params: Record<string, unknown>) => {
    const items = invoke(client, list, { params: { ...params, limit: 100 } }, options);
    for await (const item of items as AsyncIterable<Record<string, unknown>>)
      if (item['id'] === id) return item;
    return undefined;
  };
  const draft = await find({ status: 'draft' });
  if (draft !== undefined) return draft;
  const other = await find({});
  throw new NoDraftError(id, typeof other?.['status'] === 'string' ? other['status'] : null);
}

/**
 * The preview of a money move: every check `create` runs, on the params of a create or on the
 * draft an approval approves. Sends nothing but the reads of an approval's draft.
 *
 * @param client - The client, with its payout policy.
 * @param entry - The move's catalog entry (`money` set).
 * @param input - Its path id and params.
 * @param options - Per-call options of the reads.
 * @returns The preview; a failed check is reported in it, not thrown.
 * @throws {RequestValidationError} for a path id the call would refuse.
 * @throws {NoDraftError} for an approval of a payout that is not a draft.
 */
export async function previewMove(
  client: ChainbillCore,
  entry: CatalogEntry,
  input: { id?: string | undefined; params?: Record<string, unknown> | undefined },
  options?: RequestOptions,
): Promise<MovePreview> {
  const preview = (params: unknown) => {
    if (entry.preview === undefined) throw new TypeError(`${entry.name} has no preview`);
    return entry.preview(client, params);
  };
  const base = { route: entry.route, id: input.id ?? null };
  if (entry.money === 'create') {
    const { ok, checks, request, amountAtomic } = await preview(input.params ?? {});
    return { ...base, sends: request, payout: null, record: null, ok, checks, amountAtomic };
  }
  // The id as the call will check it, before it is looked for.
  pathId(entry.idPrefix ?? '', input.id);
  const id = input.id as string;
  const sends = { ...(entry.fixed ?? {}), ...(input.params ?? {}) };
  if (sends['status'] !== 'approved')
    return { ...base, sends, payout: null, record: null, ok: true, checks: [], amountAtomic: null };
  const record = await findDraft(client, entry, id, options);
  const create = catalog.find(
    (other) => other.money === 'create' && other.resource.join('.') === entry.resource.join('.'),
  );
  const payout = Object.fromEntries(
    (create === undefined ? [] : paramNames(create.operation))
      .filter((name) => record[name] != null)
      .map((name) => [name, record[name]]),
  );
  const { ok, checks, amountAtomic } = await preview(payout);
  return { ...base, sends, payout, record, ok, checks, amountAtomic };
}
