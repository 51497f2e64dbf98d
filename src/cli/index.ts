#!/usr/bin/env node
// chainbill: the Chainbill API from the command line (docs/cli.md).
import { run } from './run.js';

const interrupt = new AbortController();
process.once('SIGINT', () => {
  interrupt.abort();
  // A second Ctrl+C, or a write stuck on a reader that stopped reading, does not hold it up.
  process.once('SIGINT', () => process.exit(130));
  setTimeout(() => process.exit(130), 2_000).unref();
});

run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: interrupt.signal,
}).then(
  (code) => {
    if (code === undefined) return; // `chainbill fake`: serving until it is stopped
    if (code === 130) process.exit(code);
    process.exitCode = code;
  },
  (error: unknown) => {
    // run() reports every error itself; this is a bug of the CLI: one line, no stack trace.
    process.stderr.write(`chainbill: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
