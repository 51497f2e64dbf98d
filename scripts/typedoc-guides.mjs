/**
 * TypeDoc plugin for the API reference (npm run docs), for the guides that typedoc.json adds as
 * project documents (`projectDocuments`):
 *
 * 1. Each is shown by its own title, the first `#` heading of the page up to a colon
 *    (`# Money: token units and atomic units` → "Money"), rather than by its file name. The
 *    title is written once, in the guide; the page keeps its file's name (`docs_money.html`):
 *    the pages' URLs are fixed before the renderer begins, and the titles are set first thing
 *    once it does, before the navigation and the search index are built.
 * 2. A heading's anchor counts its code spans, as GitHub's does: typedoc's slug of
 *    "### `payouts.settlements.list`" is `_` (it reads only plain text), so the guides' links
 *    to such a heading (`#payoutssettlementslist`) led nowhere in the site. Each code span in a
 *    heading gets its text as a child, which typedoc's slug reads and the renderer ignores.
 */
import { Application, Renderer } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.renderer.on(
    Renderer.EVENT_BEGIN,
    (event) => {
      for (const document of event.project.documents ?? []) {
        const text = document.content.map((part) => part.text).join('');
        const heading = /^#\s+(.+)$/m.exec(text)?.[1];
        if (heading) document.name = heading.split(':')[0].replaceAll('`', '').trim();
        else app.logger.warn(`The guide ${document.name} has no "# title" line to be named by.`);
      }
    },
    1000,
  );
  // Set once the options are read: they are read again after the plugins load.
  app.on(Application.EVENT_BOOTSTRAP_END, () => app.options.setValue('markdownItLoader', headingCodeSlugs));
}

/**
 * The markdown-it rule of point 2 above.
 *
 * @param {any} parser TypeDoc's markdown-it instance.
 */
function headingCodeSlugs(parser) {
  parser.core.ruler.push('chainbill-heading-code-slugs', (/** @type {any} */ state) => {
    state.tokens.forEach((/** @type {any} */ token, /** @type {number} */ i) => {
      if (token.type !== 'inline' || state.tokens[i - 1]?.type !== 'heading_open') return;
      for (const child of token.children ?? []) {
        if (child.type !== 'code_inline') continue;
        const text = new state.Token('text', '', 0);
        text.content = child.content;
        child.children = [text];
      }
    });
  });
}
