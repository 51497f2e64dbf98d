/**
 * Reads an environment variable where one exists (Node, Bun, Deno with `process`), without
 * importing `node:process`, so the package stays web-standard.
 *
 * Under Deno without `--allow-env`, reading `process.env.X` throws `NotCapable` (Deno 2; older
 * versions `PermissionDenied`): a denied permission reads as "not set", so `deno run` without
 * flags builds a client from its options alone instead of failing in the constructor.
 *
 * @param name - The variable's name, for example `CHAINBILL_API_KEY`.
 * @returns The value, or `undefined` when unset, empty, unreadable, or there is no `process`.
 */
export function readEnv(name: string): string | undefined {
  let value: unknown;
  try {
    const env = (globalThis as { process?: { env?: Record<string, unknown> } }).process?.env;
    value = env?.[name];
  } catch {
    return undefined;
  }
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? undefined : trimmed;
}
