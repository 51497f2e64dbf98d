// Building the page from the fake's data: every value goes in as text (a text node, or an attribute
// set by name), never parsed as markup, so a record holding `<img onerror=…>` shows as those characters.

/**
 * Makes an element.
 *
 * @param {string} tag
 * @param {Record<string, unknown>} [props] - Attributes by name; `on<event>` a listener; `dataset` data-* values.
 * @param {...(Node | string | number | null | undefined | false)} children - Strings become text nodes.
 * @returns {HTMLElement}
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), value);
    else if (name === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children)
    if (child !== null && child !== undefined && child !== false)
      node.append(typeof child === 'number' ? String(child) : child);
  return node;
}

/**
 * @param {string} id
 * @returns {HTMLElement} The page's element with that id.
 */
export function byId(id) {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the page has no #${id}`);
  return found;
}

// Statuses by how they end: green once done, red once failed or ended, amber while moving.
const good = new Set(['active', 'confirmed', 'settled', 'succeeded', 'paid']);
const bad = new Set([
  'failed',
  'canceled',
  'expired',
  'past_due',
  'revoked',
  'disabled',
  'inactive',
  'archived',
]);

/**
 * A status, coloured by where it is in its lifecycle.
 *
 * @param {unknown} status
 * @returns {HTMLElement}
 */
export function statusBadge(status) {
  const text = String(status);
  const tone = good.has(text) ? 'good' : bad.has(text) ? 'bad' : 'moving';
  return el('span', { class: `status ${tone}` }, text);
}

/**
 * An id with a button that copies it.
 *
 * @param {string} id
 * @returns {HTMLElement}
 */
export function copyableId(id) {
  const copy = el(
    'button',
    { type: 'button', class: 'copy', title: `Copy ${id}`, 'aria-label': `Copy ${id}` },
    'copy',
  );
  copy.addEventListener('click', async (event) => {
    event.stopPropagation();
    try {
      await navigator.clipboard.writeText(id);
      copy.textContent = 'copied';
    } catch {
      // No clipboard (an insecure origin, a denied permission): select the id to copy by hand.
      const range = document.createRange();
      range.selectNodeContents(code);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    }
  });
  const code = el('code', {}, id);
  return el('span', { class: 'id' }, code, copy);
}

const dialog = /** @type {HTMLDialogElement} */ (byId('json-dialog'));
byId('json-close').addEventListener('click', () => dialog.close());

/**
 * Shows a value as indented JSON in the page's dialog.
 *
 * @param {string} title
 * @param {unknown} value
 */
export function showJson(title, value) {
  byId('json-title').textContent = title;
  byId('json').textContent = JSON.stringify(value, null, 2);
  if (!dialog.open) dialog.showModal();
}

/**
 * Makes a row open its JSON on click or Enter.
 *
 * @param {HTMLElement} row
 * @param {string} title
 * @param {unknown} value - The JSON, or a function that reads it when the row is opened.
 * @returns {HTMLElement} The row.
 */
export function opensJson(row, title, value) {
  const open = async () => showJson(title, typeof value === 'function' ? await value() : value);
  row.tabIndex = 0;
  row.classList.add('opens');
  row.title = 'Show the JSON';
  row.addEventListener('click', () => void open());
  row.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') void open();
  });
  return row;
}
