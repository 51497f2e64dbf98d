// Every record the fake holds: a group per organization and environment, a table per resource with
// the columns its resource declares most important first (`columns` of `GET /_fake/records`), a
// search and a status filter, and pages back through every record (`GET /_fake/records/{name}`).
// Groups and tables stay the same elements across reads, so a search being typed keeps its focus.

import { copyableId, el, opensJson, statusBadge } from './dom.js';

/** How many of its declared columns a table shows, those that hold something. */
const shownColumns = 7;
/** The resources whose records link to their events. */
const withEvents = new Set(['payouts', 'checkouts']);

/** @type {Map<string, { details: HTMLDetailsElement, summary: HTMLElement }>} */
const groups = new Map();
/** @type {Map<string, TableView>} */
const views = new Map();
/** Groups the reader closed, kept closed across refreshes. */
const closed = new Set();

/**
 * @typedef {object} Wiring
 * @property {(method: string, path: string) => Promise<any>} call - The control API.
 * @property {(id: string) => void} showEvents - Shows one record's events.
 */

/**
 * @param {HTMLElement} container
 * @param {{ limit: number, columns: Record<string, string[]>, scopes: { org_id: string, environment: string, resources: Record<string, { total: number, statuses: Record<string, number>, data: Record<string, unknown>[] }> }[] }} answer
 * @param {Wiring} wiring
 */
export function renderRecords(container, answer, wiring) {
  const shown = answer.scopes.map((scope) => {
    const name = `${scope.org_id} · ${scope.environment}`;
    const group = groups.get(name) ?? makeGroup(name);
    groups.set(name, group);
    const resources = Object.entries(scope.resources);
    const held = resources.filter(([, { total }]) => total > 0);
    const count = held.reduce((sum, [, { total }]) => sum + total, 0);
    group.summary.replaceChildren(
      name,
      el('span', { class: 'count' }, ` ${count} record${count === 1 ? '' : 's'}`),
    );
    if (count > 0 && !closed.has(name)) group.details.open = true;
    const tables = held.map(([resource, records]) => {
      const key = `${name} · ${resource}`;
      const view = views.get(key) ?? new TableView(scope, resource, answer.columns[resource] ?? [], wiring);
      views.set(key, view);
      view.show(records, answer.limit);
      return view.section;
    });
    const empty = resources.filter(([, { total }]) => total === 0).map(([resource]) => resource);
    const none = empty.length > 0 ? el('p', { class: 'empty' }, `None: ${empty.join(', ')}`) : null;
    keep(group.details, [group.summary, ...tables, ...(none ? [none] : [])]);
    return group.details;
  });
  keep(container, shown);
}

/** Forgets every table: the token changed, or the page shows nothing. */
export function forgetRecords() {
  groups.clear();
  views.clear();
}

function makeGroup(name) {
  const summary = el('summary', {});
  const details = /** @type {HTMLDetailsElement} */ (
    el('details', { class: 'scope', dataset: { scope: name } }, summary)
  );
  details.addEventListener('toggle', () => (details.open ? closed.delete(name) : closed.add(name)));
  return { details, summary };
}

/** Puts `children` in `parent`, moving nothing that is already in place (a focused input stays focused). */
function keep(parent, children) {
  const same =
    children.length === parent.children.length && children.every((child, i) => parent.children[i] === child);
  if (!same) parent.replaceChildren(...children);
}

/** One resource's table in one organization and environment, with its search, filter and pages. */
class TableView {
  constructor(scope, resource, columns, wiring) {
    this.scope = scope;
    this.resource = resource;
    this.declared = columns;
    this.wiring = wiring;
    this.query = { q: '', status: '', offset: 0 };
    this.pageSize = 100;
    this.count = el('span', { class: 'count' });
    this.search = el('input', {
      type: 'search',
      name: 'q',
      placeholder: 'id or text',
      'aria-label': `Search ${resource}`,
    });
    this.status = el('select', { name: 'status', 'aria-label': `Status of ${resource}` });
    this.head = el('thead');
    this.body = el('tbody');
    this.position = el('span', { class: 'position' });
    this.newer = el('button', { type: 'button', class: 'newer' }, 'Newer');
    this.older = el('button', { type: 'button', class: 'older' }, 'Older');
    let typing;
    this.search.addEventListener('input', () => {
      clearTimeout(typing);
      typing = setTimeout(() => this.change({ q: this.search.value.trim(), offset: 0 }), 250);
    });
    this.status.addEventListener('change', () => this.change({ status: this.status.value, offset: 0 }));
    this.newer.addEventListener('click', () =>
      this.change({ offset: Math.max(0, this.query.offset - this.pageSize) }),
    );
    this.older.addEventListener('click', () => this.change({ offset: this.query.offset + this.pageSize }));
    this.section = el(
      'section',
      { class: 'resource', dataset: { resource } },
      el('h3', {}, resource, this.count),
      el('div', { class: 'filters' }, this.search, this.status, this.newer, this.position, this.older),
      el('table', {}, this.head, this.body),
    );
  }

  /** Whether it shows the newest records unfiltered: what `GET /_fake/records` gave. */
  get plain() {
    return this.query.q === '' && this.query.status === '' && this.query.offset === 0;
  }

  /** The newest records, from the page's read of every resource; a searched or paged table reads its own. */
  show(records, limit) {
    this.pageSize = limit;
    this.total = records.total;
    this.statuses = records.statuses;
    if (this.plain) this.fill(records.data, records.total);
    else void this.read();
  }

  change(query) {
    Object.assign(this.query, query);
    if (this.plain && this.latest !== undefined) this.fill(this.latest.data, this.latest.total);
    void this.read();
  }

  async read() {
    const { q, status, offset } = this.query;
    const params = new URLSearchParams({
      org_id: this.scope.org_id,
      environment: this.scope.environment,
      offset: String(offset),
      limit: String(this.pageSize),
    });
    if (q !== '') params.set('q', q);
    if (status !== '') params.set('status', status);
    const asked = JSON.stringify(this.query);
    const page = await this.wiring.call('GET', `records/${encodeURIComponent(this.resource)}?${params}`);
    if (JSON.stringify(this.query) !== asked) return; // the reader asked for another page meanwhile
    this.total = page.total;
    this.statuses = page.statuses;
    this.fill(page.data, page.matched);
    if (this.plain) this.latest = { data: page.data, total: page.total };
  }

  /** Shows rows from `offset`, of `matched` records. */
  fill(data, matched) {
    if (this.plain) this.latest = { data, total: matched };
    const columns = this.columnsOf(data);
    this.head.replaceChildren(
      el(
        'tr',
        {},
        ...columns.map((column) => el('th', {}, column)),
        withEvents.has(this.resource) ? el('th', {}) : null,
      ),
    );
    this.body.replaceChildren(...data.map((record) => this.row(record, columns)));
    const { offset } = this.query;
    const filtered = matched === this.total ? '' : ` (${this.total} in all)`;
    this.count.textContent = ` (${this.total})`;
    this.position.textContent =
      matched === 0 ? 'none match' : `${offset + 1}–${offset + data.length} of ${matched}${filtered}`;
    this.newer.disabled = offset === 0;
    this.older.disabled = offset + data.length >= matched;
    this.statusChoices();
  }

  /** The declared columns that hold something in these records, the first few; `id` always. */
  columnsOf(data) {
    const declared = this.declared.length > 0 ? this.declared : Object.keys(data[0] ?? {});
    const used = declared.filter((column) =>
      data.some((record) => record[column] !== null && record[column] !== undefined),
    );
    return used.slice(0, shownColumns);
  }

  row(record, columns) {
    const id = String(record.id);
    const cells = columns.map((column, i) =>
      el(
        'td',
        { dataset: { column } },
        column === 'status'
          ? statusBadge(record.status)
          : i === 0
            ? copyableId(String(record[column]))
            : cell(record[column]),
      ),
    );
    if (withEvents.has(this.resource)) {
      const events = el(
        'button',
        { type: 'button', class: 'events', title: `Show the events of ${id}` },
        'events',
      );
      events.addEventListener('click', (event) => {
        event.stopPropagation();
        this.wiring.showEvents(id);
      });
      cells.push(el('td', {}, events));
    }
    return opensJson(el('tr', { dataset: { id } }, ...cells), `${this.resource} ${id}`, record);
  }

  /** The status filter's choices: every status the resource holds, with its count. */
  statusChoices() {
    const entries = Object.entries(this.statuses ?? {});
    this.status.hidden = entries.length === 0;
    const wanted = ['every status', ...entries.map(([status, n]) => `${status} (${n})`)];
    const now = [...this.status.options].map((option) => option.textContent);
    if (JSON.stringify(wanted) === JSON.stringify(now)) return;
    this.status.replaceChildren(
      el('option', { value: '' }, 'every status'),
      ...entries.map(([status, n]) => el('option', { value: status }, `${status} (${n})`)),
    );
    this.status.value = this.query.status;
  }
}

function isPlain(value) {
  return ['string', 'number', 'boolean'].includes(typeof value);
}

/** A value as a cell's text: plain values as they are, anything else summed up. */
function cell(value) {
  if (value === null || value === undefined) return '';
  if (isPlain(value)) return String(value);
  return Array.isArray(value) ? `[${value.length}]` : '{…}';
}
