/**
 * The person's yes (docs/mcp.md: Approvals): a tool that moves drafted money reads the draft from
 * the API, checks it against the payout policy (a draft outside it is refused, nobody is asked),
 * shows it to the person, and sends only on their explicit approval of what they saw. The person
 * is asked where they are: a form through `input_required` (2026 clients) or `elicitation/create`
 * (2025 clients with forms), else a one-time page on loopback. The agent chooses only the id.
 */
import { createHash } from 'node:crypto';
import { findDraft, type MovePreview, NoDraftError, previewMove } from '../catalog/money-move.js';
import { requestOf } from '../internal/operation.js';
import type { ApprovalRecord } from './audit.js';
import { type CallContext, type CallInput, callMethod } from './call.js';
import { ToolRefusal } from './errors.js';
import { type ApprovalView, approvalView, shownFields } from './prompt-text.js';
import type { ChainbillTool } from './tools.js';

/** How the person can be asked, from what the client declared. */
export type Channel = 'input_required' | 'elicitation' | 'page';

/** What asking the person came to. */
export type Asked =
  /** They approved what they saw: send. */
  | { readonly kind: 'yes' }
  /** They did not: why (`decline`, `cancel`, `timeout`, `failed`). */
  | { readonly kind: 'no'; readonly answer: Exclude<ApprovalRecord['answer'], 'accept' | 'pending'> }
  /** Answer the agent this: an `input_required` round, the page's URL, or what the page approved. */
  | { readonly kind: 'later'; readonly result: unknown; readonly answer: 'pending' | 'accept' };

/**
 * Asks the person about one draft, by the channel the client allows; `settled` reports an answer
 * already given on a page (the draft is then no longer one).
 */
export interface Ask {
  (question: Question): Promise<Asked>;
  settled(key: string): Exclude<Asked, { kind: 'yes' }> | undefined;
}

/** One approval to ask about. */
export interface Question {
  /** The tool and the draft's id. */
  readonly key: string;
  /** The hash of the draft's id, amount, token, chain and recipient. */
  readonly binding: string;
  /** What the person is shown. */
  readonly view: ApprovalView;
  /** Sends the approval once the person said yes (used by the page, which answers later). */
  readonly send: () => Promise<unknown>;
}

/** Why nothing was approved, for each answer but a yes. */
const refusals: Record<Exclude<ApprovalRecord['answer'], 'accept' | 'pending'>, string> = {
  decline: 'the person declined',
  cancel: 'the person dismissed the question without answering',
  timeout: 'the person did not answer in time',
  failed: 'the MCP client could not ask the person',
  changed: 'the draft changed after the person was shown it; ask again',
};

/**
 * The binding of an approval: what the person approves, as a hash. A draft whose amount, token,
 * chain or recipient changed after it was shown no longer matches, and nothing is approved.
 *
 * @param id - The draft's id.
 * @param preview - The move's preview, with the draft as the API lists it.
 * @returns A SHA-256, hex.
 */
export function bindingOf(id: string, preview: MovePreview): string {
  const record = preview.record ?? {};
  const fields = [
    id,
    preview.amountAtomic ?? record['amount'],
    record['token'],
    record['chain'],
    record['recipient_address'],
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** The draft and its checks; a draft outside a check is refused before anyone is asked. */
async function checkedDraft(tool: ChainbillTool, input: CallInput, context: CallContext) {
  const { entry } = tool;
  const sends = { ...(entry.fixed ?? input.params ?? {}) };
  // The same checks the method runs, so a bad id or params never reaches the person.
  requestOf(entry.operation, { id: input.id, params: sends });
  const id = String(input.id);
  try {
    const preview = await previewMove(context.client, entry, { id, params: input.params }, context.options);
    const record = preview.record ?? (await findDraft(context.client, entry, id, context.options));
    const failed = preview.checks.find((check) => !check.ok);
    if (failed !== undefined) {
      context.notes.preview = preview;
      const type = failed.rule.startsWith('policy.') ? 'PayoutPolicyError' : 'RequestValidationError';
      throw new ToolRefusal(
        failed.rule,
        `${failed.message ?? failed.rule}; nobody was asked, nothing was sent`,
        null,
        type,
      );
    }
    return { id, sends, preview: { ...preview, record }, record };
  } catch (error) {
    if (!(error instanceof NoDraftError)) throw error;
    throw new ToolRefusal(
      'not_found',
      `${error.id} is not a draft of this account: there is nothing to approve`,
      'id',
    );
  }
}

/**
 * Sends an approval the person gave, if the draft is still what they saw.
 *
 * @param tool - The approval tool.
 * @param input - Its id and params.
 * @param context - The client, options, notes, and the audit line before the write.
 * @param binding - What the person saw.
 * @returns The method's answer.
 * @throws {ToolRefusal} (`draft_changed`) when the draft changed: nothing is sent.
 */
export async function sendApproved(
  tool: ChainbillTool,
  input: CallInput,
  context: CallContext,
  binding: string,
): Promise<unknown> {
  const again = await checkedDraft(tool, input, context);
  if (bindingOf(again.id, again.preview) !== binding)
    throw new ToolRefusal('draft_changed', `Nothing was approved: ${refusals.changed}.`, 'id');
  return callMethod(tool, input, context);
}

/**
 * Runs an approval tool: the input checked, the draft read and checked against the policy, the
 * person asked; the method is called only on their yes to the draft as it still is.
 *
 * @param tool - An approval tool.
 * @param input - The id, and params for a tool that takes them.
 * @param context - The client, options and notes; `notes.approval` gets the answer and what was shown.
 * @param ask - Asks the person.
 * @returns `{ payout, approval }`, or what asking answers for now (an `input_required` round, a page).
 * @throws {RequestValidationError} for a bad id or params, before anyone is asked.
 * @throws {ToolRefusal} (`not_found`, `not_approved`, `draft_changed`, a policy rule) when nothing was sent.
 */
export async function runApproval(
  tool: ChainbillTool,
  input: CallInput,
  context: CallContext,
  ask: Ask,
): Promise<unknown> {
  requestOf(tool.entry.operation, { id: input.id, params: { ...(tool.entry.fixed ?? input.params ?? {}) } });
  const settled = ask.settled(`${tool.name}:${String(input.id)}`);
  if (settled !== undefined) return finish(settled, context, {});
  const { id, sends, preview, record } = await checkedDraft(tool, input, context);
  const view = approvalView(`${tool.name} (${tool.entry.route})`, record, sends, preview.checks);
  const binding = bindingOf(id, preview);
  // The audit log keeps the values as the API answered them; the person reads them cleaned.
  const shown = Object.fromEntries(
    shownFields.filter((field) => record[field] != null).map((f) => [f, record[f]]),
  );
  context.notes.approval = { answer: 'pending', shown };
  const asked = await ask({
    key: `${tool.name}:${id}`,
    binding,
    view,
    // The page sends after this call answered: with options of its own, not this call's signal.
    send: () => sendApproved(tool, input, { ...context, options: {} }, binding),
  });
  if (asked.kind !== 'yes') return finish(asked, context, shown);
  context.notes.approval = { answer: 'accept', shown };
  const payout = await sendApproved(tool, input, context, binding);
  return { payout, approval: { status: 'approved' } };
}

/** What an approval answers when this call sends nothing: later, or refused. */
function finish(
  asked: Exclude<Asked, { kind: 'yes' }>,
  context: CallContext,
  shown: Record<string, unknown>,
): unknown {
  context.notes.approval = { answer: asked.answer, shown };
  if (asked.kind === 'later') return asked.result;
  throw new ToolRefusal('not_approved', `Nothing was approved: ${refusals[asked.answer]}.`);
}
