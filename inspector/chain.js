// Each checkout's and payout's way along the fake's chain, read from the records: a checkout counts
// confirmations to its `required_confirmations`; a payout sent on-chain is `verifying` one block
// after it was sent and `settled` the block after that, and its settlement counts confirmations.

import { copyableId, el, opensJson, statusBadge } from './dom.js';

/** A payout's steps on the chain, in order (docs/testing.md: The chain on the clock). */
const payoutSteps = ['approved', 'pending_execution', 'executed', 'verifying', 'settled'];

/**
 * @param {HTMLElement} tbody
 * @param {{ scopes: { org_id: string, environment: string, resources: Record<string, { data: Record<string, any>[] }> }[] }} answer
 * @param {{ pay: (id: string) => void, execute: (id: string) => void }} actions
 */
export function renderChain(tbody, answer, actions) {
  const rows = [];
  for (const scope of answer.scopes) {
    const { checkouts, payouts, payout_settlements: settlements } = scope.resources;
    for (const checkout of checkouts?.data ?? []) rows.push(checkoutRow(checkout, actions));
    for (const payout of payouts?.data ?? [])
      if (payoutSteps.includes(payout.status) || payout.status === 'failed')
        rows.push(payoutRow(payout, settlements?.data ?? [], actions));
  }
  tbody.replaceChildren(
    ...(rows.length > 0
      ? rows
      : [el('tr', {}, el('td', { colspan: 4, class: 'empty' }, 'No checkout or payout.'))]),
  );
}

function checkoutRow(checkout, actions) {
  const done = Number(checkout.confirmations ?? 0);
  const required = Number(checkout.required_confirmations);
  return row(
    'checkout',
    checkout,
    el(
      'span',
      { class: 'progress' },
      el('progress', { max: required, value: Math.min(done, required) }),
      el('span', { class: 'confirmations' }, `${done} of ${required} confirmations`),
    ),
    checkout.status === 'pending' ? button('Pay', () => actions.pay(checkout.id)) : null,
  );
}

function payoutRow(payout, settlements, actions) {
  const settlement = settlements.find((found) => found.payout_intent_id === payout.id);
  const step = Math.max(0, payoutSteps.indexOf(payout.status) - payoutSteps.indexOf('executed'));
  const text =
    settlement !== undefined
      ? `settled, ${settlement.confirmations} confirmations`
      : payout.status === 'failed'
        ? String(payout.failure_reason ?? 'failed')
        : `block ${step} of 2`;
  const sendable = payout.status === 'approved' || payout.status === 'pending_execution';
  return row(
    'payout',
    payout,
    el(
      'span',
      { class: 'progress' },
      el('progress', { max: 2, value: settlement !== undefined ? 2 : step }),
      el('span', { class: 'confirmations' }, text),
    ),
    sendable ? button('Execute', () => actions.execute(payout.id)) : null,
  );
}

function row(kind, record, progress, action) {
  return opensJson(
    el(
      'tr',
      { dataset: { id: String(record.id), kind } },
      el('td', {}, el('span', { class: 'kind' }, kind), ' ', copyableId(String(record.id))),
      el('td', {}, statusBadge(record.status)),
      el('td', {}, progress),
      el('td', {}, action),
    ),
    `${kind} ${record.id}`,
    record,
  );
}

function button(label, run) {
  return el(
    'button',
    {
      type: 'button',
      class: 'action',
      onclick: (event) => {
        event.stopPropagation();
        run();
      },
    },
    label,
  );
}
