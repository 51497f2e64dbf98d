/**
 * The person's yes (docs/mcp.md: Approvals): a tool that moves drafted money reads the record
 * from the API, shows it to the person through the MCP client, and sends only on their explicit
 * approval. Nothing the agent passes is shown as the record: the agent chooses only the id.
 */
import { findDraft, NoDraftError } from '../catalog/money-move.js';
import { requestOf } from '../internal/operation.js';
import type { ApprovalRecord } from './audit.js';
import { type CallContext, type CallInput, callMethod } from './call.js';
import { ToolRefusal } from './errors.js';
import type { ChainbillTool } from './tools.js';

/**
 * Asks the person a question and says what they answered: `accept` only for an explicit yes.
 * The server's implementation says `unsupported` for a client without elicitation.
 */
export type Ask = (message: string, signal: AbortSignal | undefined) => Promise<ApprovalRecord['answer']>;

/** The fields of the record the person sees, in this order: what moves, where, and why. */
const shownFields = [
  'id',
  'amount',
  'token',
  'chain',
  'recipient_address',
  'currency',
  'description',
  'reference_type',
  'reference_id',
  'due_date',
  'environment',
  'status',
  'created_at',
] as const;

/** Why nothing was approved, for each answer but a yes. */
const refusals: Record<Exclude<ApprovalRecord['answer'], 'accept'>, string> = {
  decline: 'the person declined',
  cancel: 'the person dismissed the question without answering',
  unsupported:
    'this MCP client cannot ask the person (it has no elicitation capability); approve it in the Chainbill dashboard instead',
  timeout: 'the person did not answer in time',
  failed: 'the MCP client could not ask the person',
};

function messageOf(
  tool: ChainbillTool,
  sent: Record<string, unknown>,
  shown: Record<string, unknown>,
): string {
  const width = Math.max(...Object.keys(shown).map((key) => key.length));
  const lines = Object.entries(shown).map(
    ([key, value]) => `  ${key.padEnd(width)}  ${JSON.stringify(value)}`,
  );
  const changes = Object.entries(sent).map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
  return [
    `An AI agent asks to run ${tool.name} (${tool.entry.route}), which moves money and cannot be undone.`,
    `It would send: ${changes.length > 0 ? changes.join(', ') : 'no change'}.`,
    '',
    'The record, as the Chainbill API has it (not as the agent describes it):',
    ...lines,
    '',
    'Approve only if you mean to send exactly this.',
  ].join('\n');
}

/**
 * Runs an approval tool: the input checked without sending, the record read from the API, the
 * person asked; the method is called only on their yes.
 *
 * @param tool - An approval tool.
 * @param input - The id, and params for a tool that takes them.
 * @param context - The client, options and notes; `notes.approval` gets the answer and what was shown.
 * @param ask - Asks the person.
 * @returns What the method answers.
 * @throws {RequestValidationError} for a bad id or params, before anyone is asked.
 * @throws {ToolRefusal} (`not_found`, `not_approved`) when nothing was sent.
 */
export async function runApproval(
  tool: ChainbillTool,
  input: CallInput,
  context: CallContext,
  ask: Ask,
): Promise<unknown> {
  const { entry } = tool;
  const sent = { ...(entry.fixed ?? input.params ?? {}) };
  // The same checks the method runs, so a bad id or params never reaches the person.
  requestOf(entry.operation, { id: input.id, params: sent });
  let record: Record<string, unknown>;
  try {
    record = await findDraft(context.client, tool.entry, String(input.id), context.options);
  } catch (error) {
    if (!(error instanceof NoDraftError)) throw error;
    throw new ToolRefusal(
      'not_found',
      `${error.id} is not a draft of this account: there is nothing to approve`,
      'id',
    );
  }
  const shown: Record<string, unknown> = {};
  for (const field of shownFields) if (field in record) shown[field] = record[field];
  const answer = await ask(messageOf(tool, sent, shown), context.options.signal);
  context.notes.approval = { answer, shown };
  if (answer !== 'accept')
    throw new ToolRefusal('not_approved', `Nothing was approved: ${refusals[answer]}.`);
  return callMethod(tool, input, context);
}
