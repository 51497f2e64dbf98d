/**
 * `--audit-log file.jsonl`: one JSON line per tool call, appended before the answer goes back to
 * the agent (docs/mcp.md: Audit log). The server takes the key out of a record before it comes here.
 */
import { type FileHandle, open } from 'node:fs/promises';
import type { ToolError } from './errors.js';

/** What the person answered when asked to approve, as the log records it. */
export interface ApprovalRecord {
  /** `accept` (and approved), `decline`, `cancel`, or why nobody could answer: `unsupported`, `timeout`, `failed`. */
  answer: 'accept' | 'decline' | 'cancel' | 'unsupported' | 'timeout' | 'failed';
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
  /** `ok`, or `error` (refused by a check, the policy, the person, or failed at the API). */
  outcome: 'ok' | 'error';
  /** The API's request id of the call's last request, when one was answered. */
  requestId: string | null;
  /** The error the agent got. */
  error?: ToolError;
  /** For a tool that asks the person: what they answered. */
  approval?: ApprovalRecord;
}

/** An open audit log. */
export interface AuditLog {
  /**
   * Appends one record as a JSON line.
   *
   * @param record - The call.
   * @returns Once the line is written.
   * @throws {Error} when the file cannot be written.
   */
  write(record: AuditRecord): Promise<void>;
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
  return {
    write(record) {
      const line = `${JSON.stringify(record)}\n`;
      const written = queue.then(async () => {
        await file.write(line);
      });
      queue = written.catch(() => undefined);
      return written;
    },
    close: () => queue.then(() => file.close()),
  };
}
