/**
 * Asking the person, where they are (docs/mcp.md: Approvals): a 2026-07-28 client that declared
 * form elicitation gets an `input_required` round (the answer comes back with the retried call,
 * bound to what was shown by a signed `requestState`); a 2025 client with forms an
 * `elicitation/create` request; any other client a one-time page on loopback.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  inputRequired,
  inputResponse,
  PROTOCOL_VERSION_META_KEY,
  type RequestStateCodec,
  SdkError,
  SdkErrorCode,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { Ask, Asked, Channel, Question } from './approval.js';
import type { ApprovalPages, PageActions } from './approval-page.js';
import { approvalMessage } from './prompt-text.js';

/** What a minted `requestState` carries: which approval, and what was shown. */
export interface ApprovalState {
  readonly key: string;
  readonly binding: string;
}

// One boolean the person must tick: an accept without it, or with `false`, approves nothing.
const requestedSchema = {
  type: 'object' as const,
  properties: {
    approve: {
      type: 'boolean' as const,
      title: 'Approve',
      description: 'Send exactly what is shown above.',
      default: false,
    },
  },
  required: ['approve'],
};

/**
 * The channel a request's client allows: its per-request capabilities on 2026-07-28, those of
 * its `initialize` on a 2025 connection (none over stateless HTTP, which cannot ask back).
 *
 * @param server - The server instance serving the request.
 * @param ctx - The request's context.
 * @returns How to ask.
 */
export function channelOf(server: Server, ctx: ServerContext): Channel {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const modern = envelope?.[PROTOCOL_VERSION_META_KEY] !== undefined;
  const capabilities = (modern ? envelope?.[CLIENT_CAPABILITIES_META_KEY] : server.getClientCapabilities()) as
    | ClientCapabilities
    | undefined;
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined;
  // A bare `elicitation: {}` is the form mode of revisions before modes existed.
  const form =
    elicitation !== undefined && (elicitation['form'] !== undefined || Object.keys(elicitation).length === 0);
  if (!form) return 'page';
  return modern ? 'input_required' : 'elicitation';
}

/** What the asker needs beside the request. */
export interface AskSetup {
  readonly server: Server;
  readonly ctx: ServerContext;
  readonly codec: RequestStateCodec;
  readonly timeoutMs: number;
  readonly pages: ApprovalPages;
  /** What the page's answers do, given the question's own sending. */
  readonly pageActions: (send: () => Promise<unknown>) => PageActions;
}

function fromState(ctx: ServerContext, key: string, binding: string): Asked | undefined {
  const state = ctx.mcpReq.requestState<ApprovalState>();
  if (state?.key !== key) return undefined;
  if (state.binding !== binding) return { kind: 'no', answer: 'changed' };
  const answer = inputResponse(ctx.mcpReq.inputResponses, 'approval');
  if (answer.kind !== 'elicit') return undefined;
  if (answer.action === 'accept')
    return answer.content?.['approve'] === true ? { kind: 'yes' } : { kind: 'no', answer: 'decline' };
  return { kind: 'no', answer: answer.action === 'decline' ? 'decline' : 'cancel' };
}

async function byElicitation(setup: AskSetup, message: string): Promise<Asked> {
  const { ctx, timeoutMs } = setup;
  try {
    const result = await ctx.mcpReq.elicitInput(
      { mode: 'form', message, requestedSchema },
      { timeout: timeoutMs },
    );
    if (result.action !== 'accept') return { kind: 'no', answer: result.action };
    return result.content?.['approve'] === true ? { kind: 'yes' } : { kind: 'no', answer: 'decline' };
  } catch (error) {
    const timedOut = error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout;
    return { kind: 'no', answer: timedOut && !ctx.mcpReq.signal.aborted ? 'timeout' : 'failed' };
  }
}

/** An answer the person gave on a page, reported once to the next call for that draft. */
function settledOn(pages: ApprovalPages, key: string): Exclude<Asked, { kind: 'yes' }> | undefined {
  const known = pages.status(key, false);
  if (known === undefined || known.state === 'pending' || known.state === 'answering') return undefined;
  pages.status(key);
  if (known.state === 'approved')
    return {
      kind: 'later',
      answer: 'accept',
      result: { payout: known.outcome, approval: { status: 'approved' } },
    };
  if (known.state === 'failed') throw known.outcome;
  const answer = known.state === 'denied' ? 'decline' : known.state === 'expired' ? 'timeout' : 'changed';
  return { kind: 'no', answer };
}

async function byPage(setup: AskSetup, question: Question): Promise<Asked> {
  const pending = await setup.pages.open(
    question.key,
    question.binding,
    question.view,
    setup.pageActions(question.send),
  );
  const approval = { status: 'awaiting_person', approval_url: pending.url, expires_at: pending.expiresAt };
  return {
    kind: 'later',
    answer: 'pending',
    result: { payout: { id: question.view.record['id'], status: 'draft' }, approval },
  };
}

/**
 * The asker of one request.
 *
 * @param setup - The server, the request, the state codec, the timeout and the pages.
 * @returns The asker: the approval answered, refused, or to be answered later.
 */
export function askerFor(setup: AskSetup): Ask {
  const channel = channelOf(setup.server, setup.ctx);
  const ask = async (question: Question): Promise<Asked> => {
    if (channel === 'page') return byPage(setup, question);
    const message = approvalMessage(question.view);
    if (channel === 'elicitation') return byElicitation(setup, message);
    const known = fromState(setup.ctx, question.key, question.binding);
    if (known !== undefined) return known;
    const state: ApprovalState = { key: question.key, binding: question.binding };
    return {
      kind: 'later',
      answer: 'pending',
      result: inputRequired({
        inputRequests: { approval: inputRequired.elicit({ message, requestedSchema }) },
        requestState: await setup.codec.mint(state, setup.ctx),
      }),
    };
  };
  return Object.assign(ask, { settled: (key: string) => settledOn(setup.pages, key) });
}
