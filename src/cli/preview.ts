/**
 * What a money move would do, before it is sent: the payout (amount, token, chain, recipient),
 * every check `payouts.create` runs and the payout policy's verdict, from `payouts.preview`. For a
 * move by id that approves a draft, the draft as the API lists it, checked the same way: the
 * policy bounds what this command approves, not only what it creates.
 */

import type { CatalogEntry } from '../catalog/catalog.js';
import { type MovePreview, NoDraftError, previewMove } from '../catalog/money-move.js';
import type { Chainbill } from '../client.js';
import type { Environment } from '../core/types.js';
import { clean, jsonOf } from './encode.js';
import { Refusal, UsageError } from './errors.js';

/** The preview of a money move, as `--dry-run` prints it. */
export interface MoneyPreview {
  /** Where it goes: `live` (real money) or `sandbox`, from the key. */
  readonly environment: Environment;
  /** The API's host, from the base URL. */
  readonly host: string;
  /** The command: `payouts approve`. */
  readonly command: string;
  readonly route: string;
  /** The path id, for a move by id. */
  readonly id: string | null;
  /** What the request sends: the body of a create, the fields of an update. */
  readonly sends: unknown;
  /** For an approval, the draft it approves, as the API lists it. */
  readonly payout: Record<string, unknown> | null;
  /** Whether every check passed (`true` for a move that approves nothing). */
  readonly ok: boolean;
  readonly checks: MovePreview['checks'];
  /** The amount in atomic units. */
  readonly amountAtomic: string | null;
}

/**
 * The preview of a money move.
 *
 * @param client - The command's client, with its payout policy.
 * @param entry - The move's catalog entry.
 * @param words - The command's words.
 * @param input - Its path id and params.
 * @param signal - Ctrl+C.
 * @returns The preview.
 * @throws {UsageError} when the params themselves are refused (a limit, a format): a bad value.
 * @throws {RequestValidationError} for a path id the call would refuse.
 * @throws {Refusal} for an approval of a payout that is not a draft (naming its status).
 * @throws {NoDraftError} for an approval of a payout the API does not list.
 */
export async function previewOf(
  client: Chainbill,
  entry: CatalogEntry,
  words: readonly string[],
  input: { id: string | undefined; params: Record<string, unknown> | undefined },
  signal: AbortSignal | undefined,
): Promise<MoneyPreview> {
  let move: MovePreview;
  try {
    move = await previewMove(client, entry, input, { signal });
  } catch (error) {
    // A payout past its draft is refused (exit 3); no payout at all is the API's miss (exit 1).
    if (error instanceof NoDraftError && error.status !== null) throw new Refusal(error.message);
    throw error;
  }
  const params = move.checks.find((check) => check.rule === 'params' && !check.ok);
  if (params !== undefined) throw new UsageError(flagMessage(params.message ?? 'is invalid'));
  const { route, id, sends, payout, ok, checks, amountAtomic } = move;
  const where = { environment: client.environment, host: new URL(client.baseUrl).host };
  return { ...where, command: words.join(' '), route, id, sends, payout, ok, checks, amountAtomic };
}

/** `Invalid parameter \`amount\`: …` as the CLI says it: `--amount: …`. */
function flagMessage(message: string): string {
  return message.replace(
    /^Invalid parameter `([^`]+)`: /,
    (_, param: string) => `--${param.replaceAll('_', '-')}: `,
  );
}

/**
 * The first line of every preview and question: the environment, loud when it is live, and the
 * API's host.
 *
 * @param preview - The preview.
 * @returns The line, ending in a newline.
 */
export function environmentLine(preview: Pick<MoneyPreview, 'environment' | 'host'>): string {
  const name = preview.environment === 'live' ? 'LIVE: real money' : 'sandbox: test money';
  return `${name} · ${clean(preview.host)}\n`;
}

/**
 * The preview for a person: where it goes, the payout, each check, the policy's verdict. Every
 * value from the server or the command line is cleaned for a terminal.
 *
 * @param preview - The preview, redacted.
 * @param policy - Whether the client has a payout policy.
 * @returns The lines, each ending in a newline.
 */
export function previewText(preview: MoneyPreview, policy: boolean): string {
  const payout = (preview.payout ?? (preview.sends as Record<string, unknown> | null) ?? {}) as Record<
    string,
    unknown
  >;
  const text = (value: unknown): string => clean(String(value));
  const sends = preview.payout === null ? '' : `, sends ${jsonOf(preview.sends)}`;
  const lines = [
    `${preview.command}${preview.id === null ? '' : ` ${text(preview.id)}`} (${preview.route}${sends})`,
  ];
  if (payout['amount'] !== undefined) {
    const atomic = preview.amountAtomic === null ? '' : ` (${text(preview.amountAtomic)} atomic units)`;
    lines.push(`  amount     ${text(payout['amount'])} ${text(payout['token'])}${atomic}`);
    lines.push(`  chain      ${text(payout['chain'])}`, `  recipient  ${text(payout['recipient_address'])}`);
  }
  const rules = preview.checks.filter((check) => !check.rule.startsWith('policy.'));
  const bounds = preview.checks.filter((check) => check.rule.startsWith('policy.'));
  if (rules.length > 0)
    lines.push(
      `  checks     ${rules.map((check) => `${check.rule} ${check.ok ? 'ok' : 'FAILED'}`).join(', ')}`,
    );
  if (preview.payout !== null || preview.id === null)
    lines.push(
      `  policy     ${
        !policy
          ? 'none (--policy <file.json> bounds what may be paid)'
          : bounds.every((check) => check.ok)
            ? `passes (${bounds.map((check) => check.rule).join(', ') || 'no rule applies'})`
            : 'REFUSES'
      }`,
    );
  for (const check of preview.checks)
    if (!check.ok) lines.push(`  ✗ ${check.rule}: ${text(check.message ?? 'failed')}`);
  return `${environmentLine(preview)}${lines.join('\n')}\n`;
}
