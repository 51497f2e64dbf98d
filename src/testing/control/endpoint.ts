/**
 * The shape of a control API endpoint and of the call it answers: a leaf module, so that each
 * family of endpoints (control-endpoints.ts, control-snapshot.ts) names it without the other.
 */
import type { FakeChainbill } from '../fake.js';
import type { Incoming } from '../http/body.js';
import { invalid } from '../http/errors.js';
import type { Fields } from '../seed/validate.js';

/** One request to the control API, parsed. */
export interface Call {
  /** The fake it drives. */
  fake: FakeChainbill;
  /** The request. */
  incoming: Incoming;
  /** The path's parameters (`name` in `/_fake/simulate/{name}`), decoded. */
  params: Record<string, string>;
  /** The JSON body (`{}` when none), for POST. */
  body: Fields;
  /** The seed file the server started with, applied again by `POST /_fake/reset`. */
  startupSeed: unknown;
  /** Where `POST /_fake/snapshot?save=1` writes (`chainbill-fake --snapshot-file`), if anywhere. */
  snapshotFile: string | undefined;
}

/** One endpoint of the control API: matched by the fake's one router (dispatch.ts), as the API's routes are. */
export interface ControlEndpoint {
  readonly method: string;
  readonly path: string;
  /** Whether it reads a query (`?since=`); the others refuse one. */
  readonly query?: true;
  /** Whether it reads its own body (a snapshot, past the JSON bounds of the others). */
  readonly ownBody?: true;
  /** The JSON body of a 200, or {@link Created} for a 201. */
  handle(call: Call): unknown;
}

/** A 201 answer. */
export class Created {
  /** @param body - The JSON body. */
  constructor(readonly body: unknown) {}
}

/** Refuses a body field the endpoint does not take, naming it and what it takes. */
export function onlyKeys(body: Fields, allowed: readonly string[]): void {
  for (const key of Object.keys(body))
    if (!allowed.includes(key))
      throw invalid(
        key,
        `is not a field here${allowed.length > 0 ? ` (expected ${allowed.join(', ')})` : ' (send {} or no body)'}`,
      );
}
