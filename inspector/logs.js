// The request log and the event log, read as they grow: `?since=N` asks for what came after the N
// entries already shown; `missed` counts the ones the fake's bounded history dropped before then.

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
    const answer = await call('GET', `${this.name}?since=${this.seen}`);
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
    for (const entry of entries) items.push(this.name === 'requests' ? requestItem(entry) : eventItem(entry));
    this.seen = answer.next;
    if (items.length === 0) return false;
    this.list.prepend(...items.reverse());
    while (this.list.childElementCount > shownLimit) this.list.lastElementChild?.remove();
    return true;
  }
}

function requestItem(request) {
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
    `request #${request.sequence}`,
    request,
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
