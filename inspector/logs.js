// The request log and the event log, read as they grow: `?since=N` asks for what came after the N
// entries already shown; `missed` counts the ones the fake's bounded history dropped before then.
// A request opens with the answer the fake sent (`GET /_fake/requests/{sequence}`, redacted); the
// event log can show one record's events only (`&object_id=`).

import { el, opensJson, statusBadge } from './dom.js';

/** How many entries a log keeps on the page, newest first; older ones leave the page. */
const shownLimit = 300;

/** One log: where it is read from, where it is shown, and how many entries were read. */
export class Log {
  /**
   * @param {'requests' | 'events'} name - The control API's path and the answer's field.
   * @param {HTMLElement} list - The `<ol>` that shows it.
   */
  constructor(name, list) {
    this.name = name;
    this.list = list;
    this.seen = 0;
    /** @type {string | null} The record whose events only are shown, or `null` for all. */
    this.objectId = null;
  }

  /** Forgets what was shown: the fake was reset, and counts from 1 again. */
  clear() {
    this.seen = 0;
    this.list.replaceChildren();
  }

  /**
   * Reads what is new and shows it first.
   *
   * @param {(method: string, path: string) => Promise<any>} call
   * @returns {Promise<boolean>} Whether anything was new.
   */
  async read(call) {
    const only = this.objectId === null ? '' : `&object_id=${encodeURIComponent(this.objectId)}`;
    const answer = await call('GET', `${this.name}?since=${this.seen}${only}`);
    // Fewer than were seen: the fake was reset since, and its count started again.
    if (answer.next < this.seen) {
      this.clear();
      return this.read(call);
    }
    const entries = answer[this.name];
    const items = [];
    if (answer.missed > 0)
      items.push(
        el(
          'li',
          { class: 'missed' },
          `${answer.missed} ${answer.missed === 1 ? this.name.slice(0, -1) : this.name} missed: the fake's history dropped ${answer.missed === 1 ? 'it' : 'them'} before the page read ${answer.missed === 1 ? 'it' : 'them'}.`,
        ),
      );
    for (const entry of entries)
      items.push(this.name === 'requests' ? requestItem(entry, call) : eventItem(entry));
    this.seen = answer.next;
    if (items.length === 0) return false;
    this.list.prepend(...items.reverse());
    while (this.list.childElementCount > shownLimit) this.list.lastElementChild?.remove();
    return true;
  }
}

function requestItem(request, call) {
  const failed = request.status === 0 || request.status >= 400;
  return opensJson(
    el(
      'li',
      { dataset: { sequence: request.sequence } },
      el('span', { class: 'sequence' }, `#${request.sequence}`),
      ' ',
      el('span', { class: 'method' }, request.method),
      ' ',
      el('span', { class: 'path' }, request.path),
      ' ',
      el('span', { class: `code ${failed ? 'bad' : 'good'}` }, String(request.status)),
      request.fault ? el('span', { class: 'fault' }, ` fault: ${request.fault}`) : null,
    ),
    `request #${request.sequence} and its answer`,
    // Read when opened: the answer as sent, or, once the fake no longer keeps it, the request alone.
    () =>
      call('GET', `requests/${request.sequence}`).catch(() => ({
        request: redacted(request),
        response: 'no longer kept: the fake keeps the answers to its latest 100 requests',
      })),
  );
}

function eventItem(event) {
  return opensJson(
    el(
      'li',
      { dataset: { sequence: event.sequence, type: event.type } },
      el('span', { class: 'sequence' }, `#${event.sequence}`),
      ' ',
      el('time', {}, event.at),
      ' ',
      el('span', { class: 'type' }, event.type),
      ' ',
      el('code', {}, event.objectId),
      ' ',
      event.status === null ? null : statusBadge(event.status),
      el('span', { class: 'cause' }, ` (${event.cause})`),
    ),
    `event #${event.sequence}`,
    event,
  );
}

/** A value with anything shaped like a key cut to its prefix, as the fake's own detail is. */
function redacted(value) {
  return JSON.parse(JSON.stringify(value).replace(/sk_(live|test)_[A-Za-z0-9_-]+/gi, 'sk_$1_***'));
}
