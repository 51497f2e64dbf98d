// Every record the fake holds (`GET /_fake/records`): a group per organization and environment, a
// table per resource, a few columns chosen from the records themselves and the whole JSON on click.

import { copyableId, el, opensJson, statusBadge } from './dom.js';

/** Fields every table leaves out of its columns: the group's heading already says them. */
const hidden = new Set(['id', 'status', 'object', 'org_id', 'environment', 'created_at', 'updated_at']);
/** How many columns besides id, status and created_at. */
const extraColumns = 4;
/** Groups the reader closed, kept closed across refreshes. */
const closed = new Set();

/**
 * @param {HTMLElement} container
 * @param {{ limit: number, scopes: { org_id: string, environment: string, resources: Record<string, { total: number, data: Record<string, unknown>[] }> }[] }} answer
 */
export function renderRecords(container, answer) {
  const groups = answer.scopes.map((scope) => {
    const name = `${scope.org_id} · ${scope.environment}`;
    const resources = Object.entries(scope.resources);
    const held = resources.filter(([, { total }]) => total > 0);
    const count = held.reduce((sum, [, { total }]) => sum + total, 0);
    const group = el(
      'details',
      { class: 'scope', open: count > 0 && !closed.has(name), dataset: { scope: name } },
      el('summary', {}, name, el('span', { class: 'count' }, ` ${count} record${count === 1 ? '' : 's'}`)),
      ...held.map(([resource, records]) => table(resource, records, answer.limit)),
      held.length < resources.length
        ? el(
            'p',
            { class: 'empty' },
            `None: ${resources
              .filter(([, { total }]) => total === 0)
              .map(([resource]) => resource)
              .join(', ')}`,
          )
        : null,
    );
    group.addEventListener('toggle', () => (group.open ? closed.delete(name) : closed.add(name)));
    return group;
  });
  container.replaceChildren(...groups);
}

/**
 * @param {string} resource
 * @param {{ total: number, data: Record<string, unknown>[] }} records
 * @param {number} limit
 */
function table(resource, { total, data }, limit) {
  const columns = columnsOf(data);
  const hasStatus = data.some((record) => 'status' in record);
  const head = el(
    'tr',
    {},
    el('th', {}, 'id'),
    hasStatus ? el('th', {}, 'status') : null,
    ...columns.map((column) => el('th', {}, column)),
    el('th', {}, 'created_at'),
  );
  const rows = data.map((record) =>
    opensJson(
      el(
        'tr',
        { dataset: { id: String(record.id) } },
        el('td', {}, copyableId(String(record.id))),
        hasStatus ? el('td', {}, 'status' in record ? statusBadge(record.status) : '') : null,
        ...columns.map((column) => el('td', {}, cell(record[column]))),
        el('td', {}, cell(record.created_at)),
      ),
      `${resource} ${record.id}`,
      record,
    ),
  );
  const shown = total > data.length ? ` (the newest ${limit} of ${total})` : ` (${total})`;
  return el(
    'section',
    { class: 'resource', dataset: { resource } },
    el('h3', {}, resource, el('span', { class: 'count' }, shown)),
    el('table', {}, el('thead', {}, head), el('tbody', {}, ...rows)),
  );
}

/** The first few fields holding a plain value, in the order the records have them. */
function columnsOf(records) {
  const columns = [];
  for (const record of records)
    for (const [name, value] of Object.entries(record))
      if (!hidden.has(name) && !columns.includes(name) && columns.length < extraColumns && isPlain(value))
        columns.push(name);
  return columns;
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
