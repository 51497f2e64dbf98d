/**
 * URL mode (docs/mcp.md: Approval page): for a client that cannot show a form, each approval is a
 * one-time page at `/approve/<nonce>` (a random 128-bit nonce), which answers until the person
 * approves or denies once, or it expires. Approving re-reads the draft and sends only when it is
 * what the page showed (the binding: a hash of its id, amount, token, chain and recipient).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { askPage, outcomePage, pageHeaders } from './approval-html.js';
import type { ApprovalView } from './prompt-text.js';

/** Where an approval stands. */
export type PageState = 'pending' | 'answering' | 'approved' | 'denied' | 'changed' | 'failed' | 'expired';

/** One approval waiting on its page. */
export interface PendingApproval {
  /** The tool and the draft's id: a later call with the same id finds it. */
  readonly key: string;
  /** The page's URL. */
  readonly url: string;
  /** When the page stops answering, ISO 8601. */
  readonly expiresAt: string;
  /** The hash of what the page shows. */
  readonly binding: string;
  /** Where it stands. */
  state: PageState;
  /** What approving answered (the approved record), or why it failed. */
  outcome?: unknown;
}

/** What the caller does when the person answers: each writes its audit line first. */
export interface PageActions {
  /** Re-reads the draft, checks the binding, sends the approval. Resolves to the record; rejects with why not. */
  approve(): Promise<unknown>;
  /** Records the denial. */
  deny(): Promise<void>;
}

interface Entry extends PendingApproval {
  readonly nonce: string;
  readonly formToken: string;
  readonly expires: number;
  readonly view: ApprovalView;
  readonly actions: PageActions;
}

const html = (status: number, body: string): Response => new Response(body, { status, headers: pageHeaders });

const sameText = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The approval pages of one server. */
export class ApprovalPages {
  readonly #byNonce = new Map<string, Entry>();
  readonly #byKey = new Map<string, Entry>();
  readonly #origin: () => Promise<string>;
  readonly #timeoutMs: number;
  readonly #now: () => number;

  /**
   * @param origin - The origin the pages are served at (`http://127.0.0.1:43117`); started on first use.
   * @param timeoutMs - How long a page answers.
   * @param now - The clock, in ms since the epoch.
   */
  constructor(origin: () => Promise<string>, timeoutMs: number, now: () => number = Date.now) {
    this.#origin = origin;
    this.#timeoutMs = timeoutMs;
    this.#now = now;
  }

  /**
   * The page of an approval: the one still pending for this key with the same binding, else a new
   * one (a pending page for a draft that changed since is dropped).
   *
   * @param key - The tool and the draft's id.
   * @param binding - The hash of what it shows.
   * @param view - What it shows.
   * @param actions - What the person's answers do.
   * @returns The pending approval.
   */
  async open(
    key: string,
    binding: string,
    view: ApprovalView,
    actions: PageActions,
  ): Promise<PendingApproval> {
    const known = this.status(key, false);
    if (known?.state === 'pending' && known.binding === binding) return known;
    if (known !== undefined) this.#drop(known as Entry);
    const nonce = randomBytes(16).toString('base64url');
    const expires = this.#now() + this.#timeoutMs;
    const entry: Entry = {
      key,
      nonce,
      url: `${await this.#origin()}/approve/${nonce}`,
      formToken: randomBytes(16).toString('base64url'),
      expires,
      expiresAt: new Date(expires).toISOString(),
      binding,
      view,
      actions,
      state: 'pending',
    };
    this.#byNonce.set(nonce, entry);
    this.#byKey.set(key, entry);
    return entry;
  }

  /**
   * Where the approval of a key stands. A final state is reported once: the page is then forgotten.
   *
   * @param key - The tool and the draft's id.
   * @param take - Whether a final state is forgotten once read (default `true`).
   * @returns The approval, or `undefined` when there is none.
   */
  status(key: string, take = true): PendingApproval | undefined {
    const entry = this.#byKey.get(key);
    if (entry === undefined) return undefined;
    this.#expire(entry);
    if (take && entry.state !== 'pending' && entry.state !== 'answering') this.#drop(entry);
    return entry;
  }

  #expire(entry: Entry): void {
    if (entry.state === 'pending' && this.#now() >= entry.expires) entry.state = 'expired';
  }

  #drop(entry: Entry): void {
    this.#byNonce.delete(entry.nonce);
    if (this.#byKey.get(entry.key) === entry) this.#byKey.delete(entry.key);
  }

  /**
   * Answers a request for a page: `GET` shows it, `POST` takes the person's answer once.
   *
   * @param request - The request; its URL's host is the one the client used.
   * @returns The answer, or `undefined` for a path that is not a page's.
   */
  async handle(request: Request): Promise<Response | undefined> {
    const url = new URL(request.url);
    const match = /^\/approve\/([A-Za-z0-9_-]{22})$/.exec(url.pathname);
    if (!url.pathname.startsWith('/approve/')) return undefined;
    // A name another site rebound to this address (DNS rebinding) is refused.
    if (url.origin !== (await this.#origin()))
      return html(403, outcomePage('Refused', 'This page is served to its own address only.'));
    const entry = match?.[1] === undefined ? undefined : this.#byNonce.get(match[1]);
    if (entry !== undefined) this.#expire(entry);
    if (entry === undefined || entry.state !== 'pending')
      return html(
        410,
        outcomePage('No longer valid', 'This approval page was used, has expired, or never existed.'),
      );
    if (request.method === 'GET' || request.method === 'HEAD')
      return html(200, askPage(entry.view, entry.formToken, entry.expiresAt));
    if (request.method !== 'POST')
      return html(405, outcomePage('Not allowed', 'Use the buttons of the page.'));
    return this.#answer(entry, request, url.origin);
  }

  async #answer(entry: Entry, request: Request, origin: string): Promise<Response> {
    // With `no-referrer` a browser posts the page's own form with `Origin: null`; its
    // `Sec-Fetch-Site` still says where the post came from.
    const from = request.headers.get('origin');
    const site = request.headers.get('sec-fetch-site');
    const foreign = from !== null && from !== origin && !(from === 'null' && site === 'same-origin');
    if (foreign || (site !== null && site !== 'same-origin'))
      return html(403, outcomePage('Refused', 'The answer must come from the page itself.'));
    const form = new URLSearchParams(await request.text().catch(() => ''));
    const token = form.get('token') ?? '';
    const decision = form.get('decision');
    if (!sameText(token, entry.formToken) || (decision !== 'approve' && decision !== 'deny'))
      return html(400, outcomePage('Refused', 'The form was not sent by this page.'));
    entry.state = 'answering';
    if (decision === 'deny') {
      await entry.actions.deny().catch(() => undefined);
      entry.state = 'denied';
      return html(200, outcomePage('Denied', 'Nothing was approved. The agent is told when it asks again.'));
    }
    try {
      entry.outcome = await entry.actions.approve();
      entry.state = 'approved';
      return html(200, outcomePage('Approved', `${entry.view.record['id'] ?? 'The payout'} is approved.`));
    } catch (error) {
      entry.outcome = error;
      entry.state = (error as { code?: unknown }).code === 'draft_changed' ? 'changed' : 'failed';
      return html(
        409,
        outcomePage(
          'Not approved',
          error instanceof Error ? error.message : 'The approval could not be sent.',
        ),
      );
    }
  }
}
