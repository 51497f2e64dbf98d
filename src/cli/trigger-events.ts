/**
 * The events `chainbill trigger` makes happen in a fake, each by the fake's own simulation (its
 * control API's `POST /_fake/simulate/{name}`) on a record it creates first. A leaf: the
 * completion script lists the names without loading the trigger.
 */

/** What an event needs before its simulation runs: a new record of that kind. */
export type TriggerNeed = 'checkout' | 'subscription' | 'payout';

/** One event `chainbill trigger` makes. */
export interface TriggerEvent {
  /** What happens, in words (for the help). */
  readonly summary: string;
  /** The record made for it. */
  readonly needs: TriggerNeed;
  /** The fake's simulation run on that record's id. */
  readonly simulation: string;
}

/** Every event, by its name. */
export const triggerEvents: Readonly<Record<string, TriggerEvent>> = {
  'checkout.confirmed': {
    summary: 'a checkout paid and confirmed on its chain: a checkout_confirmed revenue event',
    needs: 'checkout',
    simulation: 'confirmCheckout',
  },
  'checkout.expired': {
    summary: 'a pending checkout expired',
    needs: 'checkout',
    simulation: 'expireCheckout',
  },
  'checkout.failed': { summary: 'a checkout failed', needs: 'checkout', simulation: 'failCheckout' },
  'subscription.renewed': {
    summary: 'a subscription renewed and charged: a subscription_charged revenue event',
    needs: 'subscription',
    simulation: 'chargeRenewal',
  },
  'subscription.payment_failed': {
    summary: 'a renewal charge failed: the subscription past_due',
    needs: 'subscription',
    simulation: 'failRenewal',
  },
  'payout.executed': {
    summary: 'an approved payout sent on-chain',
    needs: 'payout',
    simulation: 'executePayout',
  },
  'payout.settled': {
    summary: 'an approved payout settled, with its settlement record',
    needs: 'payout',
    simulation: 'settlePayout',
  },
  'payout.failed': { summary: 'an approved payout failed', needs: 'payout', simulation: 'failPayout' },
};
