/**
 * The approval page's HTML (docs/mcp.md: Approval page): the draft, its checks and the agent's
 * text, every value escaped, no script at all, and the headers of the fake's inspector (its CSP,
 * no framing, no referrer, no sniffing, nothing cached) with a form that posts to itself only.
 */
import { createHash } from 'node:crypto';
import { pageHeaders as securityHeaders } from '../internal/page-headers.js';
import type { ApprovalView } from './prompt-text.js';

const style = `body{font:15px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#111}
table{border-collapse:collapse}th,td{text-align:left;padding:.2rem .8rem .2rem 0;vertical-align:top}
td{font-family:ui-monospace,monospace;word-break:break-all}.fail{color:#b00020;font-weight:600}
.agent{border-left:4px solid #c77700;padding:.2rem 1rem;background:#fff8e6}
button{font-size:1rem;padding:.5rem 1.4rem;margin-right:1rem}.live{color:#b00020;font-weight:700}`;

const styleHash = createHash('sha256').update(style).digest('base64');

/** The page's headers: the inspector's, with a form allowed to post to this origin only. */
export const pageHeaders: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  ...securityHeaders([
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]),
};

const entities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text as HTML text or an attribute value: the five characters HTML reads escaped.
 *
 * @param text - Any text.
 * @returns The escaped text.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title><style>${style}</style></head><body>${body}</body></html>`;
}

const rows = (fields: Readonly<Record<string, string>>): string =>
  Object.entries(fields)
    .map(
      ([key, value]) =>
        `<tr><th>${escapeHtml(key)}</th><td data-field="${escapeHtml(key)}">${escapeHtml(value)}</td></tr>`,
    )
    .join('');

/**
 * The page that asks the person.
 *
 * @param view - The approval, every value already cleaned.
 * @param formToken - The one-time token the form posts back.
 * @param expiresAt - When the page stops answering, ISO 8601.
 * @returns The HTML.
 */
export function askPage(view: ApprovalView, formToken: string, expiresAt: string): string {
  const live = view.record['environment'] === 'live';
  const checks = view.checks
    .map(
      (check) =>
        `<li class="${check.ok ? 'pass' : 'fail'}" data-rule="${escapeHtml(check.rule)}">${check.ok ? 'pass' : 'FAIL'} ${escapeHtml(check.rule)}${check.message ? `: ${escapeHtml(check.message)}` : ''}</li>`,
    )
    .join('');
  const agent = Object.keys(view.agentText).length
    ? `<section class="agent"><h2>Written by the agent, not checked</h2><table>${rows(view.agentText)}</table></section>`
    : '';
  return page(
    'Approve a payout?',
    `<h1>Approve this payout?</h1>
<p${live ? ' class="live"' : ''}>${live ? 'LIVE: real money. ' : ''}An AI agent asks to approve it with ${escapeHtml(view.action)}. Approving moves money and cannot be undone.</p>
<h2>The payout, as the Chainbill API has it</h2><table id="record">${rows(view.record)}</table>
<h2>Checks</h2><ul id="checks">${checks || '<li>none</li>'}</ul>${agent}
<form method="post"><input type="hidden" name="token" value="${escapeHtml(formToken)}">
<button type="submit" name="decision" value="approve" id="approve">Approve</button>
<button type="submit" name="decision" value="deny" id="deny">Deny</button></form>
<p>This page works once and expires at ${escapeHtml(expiresAt)}.</p>`,
  );
}

/**
 * The page after an answer, or for a URL that no longer asks anything.
 *
 * @param title - What happened: `Approved`, `Denied`, `Expired`, ….
 * @param text - One sentence more.
 * @returns The HTML.
 */
export function outcomePage(title: string, text: string): string {
  return page(title, `<h1 id="outcome">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}
