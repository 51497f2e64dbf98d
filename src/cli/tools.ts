/**
 * The commands that read their own arguments (`fake`, `completion`, `trigger`), each loaded by its
 * own command only: no other command loads the fake, a completion script or the control API's
 * client.
 */
import type { ToolName } from './commands.js';
import type { Io } from './io.js';
import type { Output } from './output.js';

/**
 * Runs a tool.
 *
 * @param name - Which.
 * @param args - Its arguments, after its word.
 * @param io - Streams, environment, signal.
 * @param streams - stdout and stderr, redacted.
 * @returns The exit code; `undefined` for `fake`, which serves until it is stopped.
 * @throws {UsageError} for arguments the tool does not take.
 */
export async function runTool(
  name: ToolName,
  args: string[],
  io: Io,
  streams: { out: Output; err: Output },
): Promise<number | undefined> {
  switch (name) {
    case 'fake': {
      const { serveFake } = await import('../testing/bin/serve.js');
      serveFake(args, 'chainbill fake');
      return undefined;
    }
    case 'completion': {
      const { completionScript } = await import('./completion.js');
      await streams.out.write(completionScript(args));
      return 0;
    }
    case 'trigger': {
      const { trigger } = await import('./trigger.js');
      return trigger(args, io, streams);
    }
  }
}
