// The inspector of chainbill-fake (docs/fake-server.md: The inspector): reads the control token
// from the URL fragment, which never reaches a server, and polls the control API once a second
// (or every `poll` milliseconds of the fragment).

import { controlApi, describeError } from './api.js';
import { renderChain } from './chain.js';
import { renderClock, renderFaults, wireControls } from './controls.js';
import { byId } from './dom.js';
import { Log } from './logs.js';
import { forgetRecords, renderRecords } from './records.js';

let pollMs = 1000;
const requests = new Log('requests', byId('requests'));
const events = new Log('events', byId('events'));

/** The call of the control API with the current token, or `null` before there is one. */
let call = null;
let timer;
/** The reads of the fake, one after another: two at once would show a log's entries twice. */
let reads = Promise.resolve();
/** The token changed: what is shown belongs to another one. */
let restarted = false;
/** The fake was reset: its logs count from 1 again. */
let logsReset = false;
/** The record whose events the reader asked to see (`null`: all), until the next read shows them. */
let eventsOf;
/** The records last shown, as JSON: the tables are rebuilt only when they change. */
let shownRecords = '';
/** Something moves on the chain with the clock, so the records change without a log entry. */
let moving = false;
let refreshRecords = true;

function tokenFromUrl() {
  return new URLSearchParams(location.hash.slice(1)).get('token');
}

/** `#…&poll=250`: read every 250 ms; from 100 ms to a minute, else once a second. */
function pollFromUrl() {
  const ms = Number(new URLSearchParams(location.hash.slice(1)).get('poll'));
  return Number.isInteger(ms) && ms >= 100 && ms <= 60_000 ? ms : 1000;
}

function start() {
  const token = tokenFromUrl();
  pollMs = pollFromUrl();
  call = token ? controlApi(token) : null;
  restarted = true;
  void poll();
}

/** Reads the fake once more, after any read under way. */
function poll() {
  clearTimeout(timer);
  reads = reads.then(readOnce).catch((error) => {
    // A bug of the page itself: say so, and let the browser report it as uncaught.
    notice(`The inspector failed: ${describeError(error)}. Reload the page.`);
    reportError(error);
  });
  return reads;
}

async function readOnce() {
  clearTimeout(timer);
  if (restarted) {
    restarted = false;
    showData(false);
    refreshRecords = true;
    if (call === null) {
      askForToken(
        'Paste the control token that chainbill-fake printed, or open the inspector URL it printed.',
      );
      return;
    }
  }
  if (logsReset) {
    logsReset = false;
    requests.clear();
    events.clear();
  }
  // Between reads, never during one: a read under way would count the entries of the other view.
  if (eventsOf !== undefined) {
    events.objectId = eventsOf;
    eventsOf = undefined;
    events.clear();
  }
  const current = call;
  if (current === null) return;
  try {
    const [clock, faults, newRequests, newEvents] = await Promise.all([
      current('GET', 'clock'),
      current('GET', 'faults'),
      requests.read(current),
      events.read(current),
    ]);
    renderClock(clock);
    renderFaults(faults.pending);
    if (refreshRecords || newRequests || newEvents || (moving && clock.mode !== 'frozen')) {
      refreshRecords = false;
      showRecords(await current('GET', 'records'));
    }
    notice(null);
    showData(true);
  } catch (error) {
    if (error?.refusedToken) {
      call = null;
      showData(false);
      askForToken(
        `The control token in this URL was refused (${describeError(error)}). Open the inspector URL that chainbill-fake printed, or paste its control token.`,
      );
      return;
    }
    notice(describeError(error));
  }
  clearTimeout(timer);
  timer = setTimeout(poll, pollMs);
}

function showRecords(answer) {
  const json = JSON.stringify(answer);
  if (json === shownRecords) return;
  shownRecords = json;
  renderRecords(byId('records'), answer, { call: (method, path) => call(method, path), showEvents });
  renderChain(byId('chain'), answer, {
    pay: (id) => simulate('payCheckout', id),
    execute: (id) => simulate('executePayout', id),
  });
  moving = answer.scopes.some((scope) =>
    [...(scope.resources.checkouts?.data ?? []), ...(scope.resources.payouts?.data ?? [])].some((record) =>
      ['detected', 'confirming', 'executed', 'verifying'].includes(record.status),
    ),
  );
}

/** Shows one record's events only (`null`: every event again), read from the start of the log. */
function showEvents(id) {
  eventsOf = id;
  byId('events-of').hidden = id === null;
  byId('events-of-id').textContent = id ?? '';
  void poll();
}

function simulate(name, id) {
  return act(`${name} ${id}`, async () => {
    const { result } = await call('POST', `simulate/${name}`, { args: [id] });
    return `now ${result?.status ?? 'done'}`;
  });
}

/**
 * Runs one action, reads the fake again, then shows the action's answer or its error: once it
 * shows, the page shows what the action did.
 *
 * @param {string} label
 * @param {() => Promise<string>} work
 */
async function act(label, work) {
  if (call === null) return;
  const answer = byId('answer');
  answer.className = 'pending';
  answer.textContent = `${label}…`;
  let outcome;
  let failed = false;
  try {
    outcome = `${label}: ${await work()}`;
  } catch (error) {
    failed = true;
    outcome = `${label} failed: ${describeError(error)}`;
  }
  refreshRecords = true;
  await poll();
  answer.className = failed ? 'error' : 'ok';
  answer.textContent = outcome;
}

function showData(shown) {
  byId('data').hidden = !shown;
  byId('clock').hidden = !shown;
  if (!shown || byId('reset-confirm').hidden) byId('reset').hidden = !shown;
  if (!shown) byId('reset-confirm').hidden = true;
  if (!shown) {
    byId('records').replaceChildren();
    forgetRecords();
    byId('chain').replaceChildren();
    byId('faults').replaceChildren();
    requests.clear();
    events.clear();
    shownRecords = '';
  }
  if (shown) byId('token-form').hidden = true;
}

function askForToken(message) {
  notice(message);
  byId('token-form').hidden = false;
}

function notice(message) {
  const element = byId('notice');
  element.hidden = message === null;
  element.textContent = message ?? '';
}

const tokenForm = /** @type {HTMLFormElement} */ (byId('token-form'));
tokenForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const token = String(new FormData(tokenForm).get('token') ?? '').trim();
  tokenForm.reset();
  const hash = `#token=${encodeURIComponent(token)}`;
  if (location.hash === hash) start();
  else location.hash = hash;
});
addEventListener('hashchange', start);
byId('events-all').addEventListener('click', () => showEvents(null));
wireControls({
  call: (method, path, body) => call(method, path, body),
  act,
  afterReset: () => {
    logsReset = true;
  },
});
start();
