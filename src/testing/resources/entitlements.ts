import type { Entitlement, EntitlementValueType } from '../../resources/entitlements/model.js';
import { entitlementSpec } from '../../resources/entitlements/operations.js';
import type { Known, ResourceModule } from '../resource.js';
import { type CollectionKey, collectionKey } from '../state/scope.js';

/** The fake's entitlement record: the wire shape, with `value_type` known. */
export type FakeEntitlement = Known<Entitlement, { value_type: EntitlementValueType }>;

/** The entitlements of a scope (of its plans). */
export const entitlements: CollectionKey<FakeEntitlement> = collectionKey('entitlements');

/** Entitlements: created, listed, updated and deleted through the API only. */
export const entitlementModule: ResourceModule = {
  collection: entitlements,
  columns: entitlementSpec.columns,
};
