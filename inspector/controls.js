// What the page does to the fake, each through the control API: move the clock (by a span, a month
// or to a chain's next block), add and clear faults, reset once confirmed. Each answer or refusal
// is shown by `act`.

import { byId, el } from './dom.js';

/**
 * @typedef {object} Wiring
 * @property {(method: string, path: string, body?: unknown) => Promise<any>} call
 * @property {(label: string, work: () => Promise<string>) => Promise<void>} act - Runs an action and shows its outcome.
 * @property {() => void} afterReset - Forgets the logs shown.
 */

/** @param {Wiring} wiring */
export function wireControls({ call, act, afterReset }) {
  for (const button of document.querySelectorAll('[data-advance]')) {
    const advance = JSON.parse(button.getAttribute('data-advance') ?? '{}');
    button.addEventListener('click', () =>
      act(`Advance ${button.textContent}`, async () => moved(await call('POST', 'clock', { advance }))),
    );
  }
  byId('advance-month').addEventListener('click', () =>
    act('Advance a month', async () => {
      const { now } = await call('GET', 'clock');
      return moved(await call('POST', 'clock', { set: monthAfter(now) }));
    }),
  );
  byId('run').addEventListener('click', () =>
    act('Run', async () => {
      const { now } = await call('POST', 'clock', { run: true });
      return `the clock runs on from ${now} at real pace`;
    }),
  );
  byId('real-time').addEventListener('click', () =>
    act('Real time', async () => {
      const { now } = await call('POST', 'clock', { realTime: true });
      return `the clock is real time again (${now})`;
    }),
  );
  const setForm = /** @type {HTMLFormElement} */ (byId('set-clock'));
  setForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const time = String(new FormData(setForm).get('time') ?? '').trim();
    void act(`Set the clock to ${time}`, async () => moved(await call('POST', 'clock', { set: time })));
  });

  const faultForm = /** @type {HTMLFormElement} */ (byId('add-fault'));
  faultForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const form = new FormData(faultForm);
    const match = {};
    if (form.get('method')) match.method = String(form.get('method'));
    if (String(form.get('route') ?? '').trim()) match.route = String(form.get('route')).trim();
    const value = Number(form.get('value'));
    const kind = String(form.get('kind'));
    const fault = kind === 'status' ? { status: value } : kind === 'delay' ? { delay: value } : kind;
    const times = Number(form.get('times') || 1);
    void act('Add a fault', async () => {
      const { pending } = await call('POST', 'faults', { match, fault, times });
      return `${pending.length} fault${pending.length === 1 ? '' : 's'} pending`;
    });
  });
  byId('clear-faults').addEventListener('click', () =>
    act('Clear the faults', async () => {
      await call('DELETE', 'faults');
      return 'no fault pending';
    }),
  );

  for (const button of document.querySelectorAll('[data-block]')) {
    const chain = button.getAttribute('data-block') ?? '';
    button.addEventListener('click', () =>
      act(`One ${chain} block`, async () => {
        const { chains } = await call('GET', 'clock');
        const next = chains.find((found) => found.chain === chain);
        if (next === undefined) throw new Error(`the fake has no chain ${chain}`);
        return moved(await call('POST', 'clock', { set: next.nextBlockAt }));
      }),
    );
  }

  // A reset forgets everything: it is asked for twice, the second time in words.
  const confirm = (asking) => {
    byId('reset').hidden = asking;
    byId('reset-confirm').hidden = !asking;
  };
  byId('reset').addEventListener('click', () => confirm(true));
  byId('reset-no').addEventListener('click', () => confirm(false));
  byId('reset-yes').addEventListener('click', () => {
    confirm(false);
    void act('Reset', async () => {
      const { seed } = await call('POST', 'reset', {});
      afterReset();
      return seed === null ? 'everything forgotten' : 'everything forgotten, the startup seed applied again';
    });
  });
}

const modes = { frozen: 'frozen', running: 'running', realTime: 'real time' };

/**
 * Shows the clock: its time, and whether it stands still, runs on from a moved time or is real time.
 *
 * @param {{ now: string, mode: 'frozen' | 'running' | 'realTime' }} clock
 */
export function renderClock(clock) {
  byId('clock-now').textContent = clock.now;
  byId('clock-now').setAttribute('datetime', clock.now);
  byId('clock-mode').textContent = modes[clock.mode] ?? String(clock.mode);
  byId('clock-mode').className = `mode ${clock.mode === 'frozen' ? 'frozen' : 'moving'}`;
}

/**
 * Shows the faults still waiting for their requests.
 *
 * @param {{ match: { method?: string, route?: string }, fault: unknown, remaining: number | string }[]} pending
 */
export function renderFaults(pending) {
  const items = pending.map(({ match, fault, remaining }) =>
    el(
      'li',
      {},
      el('code', {}, `${match.method ?? 'any'} ${match.route ?? 'any route'}`),
      ` → ${faultText(fault)}, `,
      el('span', { class: 'remaining' }, remaining === 'Infinity' ? 'every request' : `${remaining} left`),
    ),
  );
  byId('faults').replaceChildren(...(items.length > 0 ? items : [el('li', { class: 'empty' }, 'None.')]));
}

function faultText(fault) {
  if (typeof fault === 'string') return fault;
  if (fault !== null && typeof fault === 'object' && 'status' in fault) return `status ${fault.status}`;
  if (fault !== null && typeof fault === 'object' && 'delay' in fault) return `delay ${fault.delay} ms`;
  return JSON.stringify(fault);
}

/** What a clock move made happen, in one line. */
function moved(result) {
  const counts = ['renewed', 'failed', 'trialEnded', 'canceled', 'expired', 'resumed']
    .filter((kind) => Array.isArray(result[kind]) && result[kind].length > 0)
    .map((kind) => `${kind} ${result[kind].length}`);
  return `${result.from} → ${result.to}${counts.length > 0 ? `: ${counts.join(', ')}` : ''}, ${result.events.length} events`;
}

/**
 * The same day and time a calendar month later, in UTC (the 31st becomes the month's last day),
 * as the fake's billing counts a month.
 *
 * @param {string} iso
 * @returns {string}
 */
export function monthAfter(iso) {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString();
}
