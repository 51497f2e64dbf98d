/**
 * What the person reads before approving (docs/mcp.md: Approvals): the draft as the API has it,
 * the checks, and apart from them the text an agent wrote. Agent text can hold characters that
 * draw a line of its own or reorder what follows (U+2028, a bidi override), so it is shown only
 * cleaned of them, quoted, under its own heading.
 */
import type { MovePreview } from '../catalog/money-move.js';

/** One check a preview ran, whatever its rule (`address`, `policy.max_amount`, `policy.budget`, …). */
type Check = MovePreview['checks'][number];

/** The fields of the record the person sees, in this order: what moves, where, and when. */
export const shownFields = [
  'id',
  'amount',
  'token',
  'chain',
  'recipient_address',
  'currency',
  'environment',
  'status',
  'reference_type',
  'due_date',
  'created_at',
] as const;

/** The record's fields whose text an agent wrote: shown apart, cleaned. */
export const agentFields = ['description', 'reference_id'] as const;

// Line and paragraph separators, controls (C0, DEL, C1), and format characters (Cf: bidi
// embeddings, overrides and isolates, zero-width characters, the BOM, tags).
const unsafe = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * Agent-written text made safe to show on one line: every control, separator and format
 * character becomes a visible `\u{…}`, so nothing it holds draws a line or turns the text around.
 *
 * @param text - Text an agent wrote, or any value.
 * @param max - The most characters kept; longer text ends in `…`.
 * @returns The text, one line.
 */
export function cleanText(text: unknown, max = 300): string {
  const value = typeof text === 'string' ? text : (JSON.stringify(text) ?? String(text));
  const cleaned = value.replace(
    unsafe,
    (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}}`,
  );
  return cleaned.length > max ? `${cleaned.slice(0, max)}…` : cleaned;
}

/** What a person is shown for one approval. */
export interface ApprovalView {
  /** The tool and its route: `payouts_approve (PATCH /payouts/{id})`. */
  readonly action: string;
  /** The record's fields as the API answered them, in {@link shownFields}' order. */
  readonly record: Readonly<Record<string, string>>;
  /** Agent-written fields of the record and of the request, cleaned. */
  readonly agentText: Readonly<Record<string, string>>;
  /** Every check the preview ran, whatever its rule. */
  readonly checks: readonly Check[];
}

/**
 * The view of an approval, every value cleaned: the record's own fields and the agent's text apart.
 *
 * @param action - The tool and its route.
 * @param record - The draft as the API lists it.
 * @param sends - What the request sends besides the id (`status = approved`, a new description).
 * @param checks - The preview's checks.
 * @returns The view.
 */
export function approvalView(
  action: string,
  record: Readonly<Record<string, unknown>>,
  sends: Readonly<Record<string, unknown>>,
  checks: readonly Check[],
): ApprovalView {
  const shown: Record<string, string> = {};
  for (const field of shownFields)
    if (record[field] !== undefined && record[field] !== null) shown[field] = cleanText(record[field]);
  const agentText: Record<string, string> = {};
  for (const field of agentFields)
    if (typeof record[field] === 'string') agentText[field] = cleanText(record[field]);
  for (const [key, value] of Object.entries(sends))
    if (key !== 'status') agentText[`new ${cleanText(key, 40)}`] = cleanText(value);
  return { action, record: shown, agentText, checks };
}

/**
 * The question as plain text, for a form in the MCP client.
 *
 * @param view - The approval.
 * @returns The message: the record's lines, the checks, then the agent's text set apart.
 */
export function approvalMessage(view: ApprovalView): string {
  const width = Math.max(...Object.keys(view.record).map((key) => key.length));
  const lines = Object.entries(view.record).map(([key, value]) => `  ${key.padEnd(width)}  ${value}`);
  const checks = view.checks.map(
    (check) =>
      `  ${check.ok ? 'pass' : 'FAIL'}  ${check.rule}${check.message ? `: ${cleanText(check.message)}` : ''}`,
  );
  const agent = Object.entries(view.agentText).map(([key, value]) => `  ${key}: «${value}»`);
  return [
    `An AI agent asks to approve this payout with ${view.action}: it moves money and cannot be undone.`,
    '',
    'The payout, as the Chainbill API has it:',
    ...lines,
    '',
    'Checks (address, amount, token, payout policy):',
    ...(checks.length > 0 ? checks : ['  none']),
    ...(agent.length > 0
      ? ['', 'Written by the agent, not checked (shown cleaned, between « »):', ...agent]
      : []),
    '',
    'Approve only if you mean to send exactly this.',
  ].join('\n');
}
