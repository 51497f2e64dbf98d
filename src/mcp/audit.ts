/**
 * `--audit-log file.jsonl`: one JSON line per tool call, appended before the answer goes back to
 * the agent, and one before any write a call sends (docs/mcp.md: Audit log). A log that failed once
 * stays failed: every later line, of calls in flight too, is refused, so nothing more is sent.
 * The server takes the key out of a record before it comes here.
 */
import { type FileHandle, open } from 'node:fs/promises';
import type { ToolError } from './errors.js';

/** What the person answered when asked to approve, as the log records it. */
export interface ApprovalRecord {
  /**
   * `accept` (and approved), `decline`, `cancel`, or why nobody answered: `timeout`, `failed`,
   * `changed` (the draft changed after it was shown); `pending` while a page waits for the person.
   */
  answer: 'accept' | 'decline' | 'cancel' | 'timeout' | 'failed' | 'changed' | 'pending';
  /** How the person was asked: `form` (in the MCP client) or `page` (a one-time page on loopback). */
  via?: 'form' | 'page';
  /** What the person was shown: the record as the API answered it. */
  shown?: Record<string, unknown>;
}

/** One line of the audit log. */
export interface AuditRecord {
  /** When the call ended, ISO 8601. */
  time: string;
  /** The tool's name, as the agent sent it. */
  tool: string;
  /** The arguments, as the agent sent them. */
  arguments: unknown;
  /**
   * `ok`; `error` (refused by a check, the policy, the person, or failed at the API); `sending`,
   * written before a write is sent (its outcome follows on its own line); `awaiting_person`, an
   * approval shown to the person and not answered yet.
   */
  outcome: 'ok' | 'error' | 'sending' | 'awaiting_person';
  /** The API's request id of the call's last request, when one was answered. */
  requestId: string | null;
  /** The error the agent got. */
  error?: ToolError;
  /** For a tool that asks the person: what they answered. */
  approval?: ApprovalRecord;
  /** Over `--http`: the token's subject, who the agent acts for. */
  sub?: string | null;
  /** Over `--http`: the OAuth client the token was issued to. */
  client_id?: string | null;
}

/** An open audit log. */
export interface AuditLog {
  /**
   * Appends one record as a JSON line.
   *
   * @param record - The call.
   * @returns Once the line is written.
   * @throws {Error} when the file cannot be written, or an earlier line could not be.
   */
  write(record: AuditRecord): Promise<void>;
  /** Whether a line could not be written: from then on, every write is refused. */
  readonly failed: boolean;
  /** Closes the file. */
  close(): Promise<void>;
}

/**
 * Opens (or creates) an audit log for appending, so a file that cannot be written fails at start.
 *
 * @param path - The file.
 * @returns The log.
 * @throws {Error} when the file cannot be opened (its `code`: `ENOENT`, `EACCES`, `EISDIR`).
 */
export async function openAuditLog(path: string): Promise<AuditLog> {
  const file: FileHandle = await open(path, 'a', 0o600);
  // One write at a time, so lines of concurrent calls never interleave.
  let queue: Promise<void> = Promise.resolve();
  let failure: unknown;
  return {
    write(record) {
      const line = `${JSON.stringify(record)}\n`;
      const written = queue.then(async () => {
        if (failure !== undefined) throw failure;
        try {
          await file.write(line);
        } catch (error) {
          failure = error;
          throw error;
        }
      });
      queue = written.catch(() => undefined);
      return written;
    },
    get failed() {
      return failure !== undefined;
    },
    close: () => queue.then(() => file.close()),
  };
}
