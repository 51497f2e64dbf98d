/**
 * Reads an environment variable where there is a `process` (Node, Bun, Deno), without importing
 * `node:process`. Deno without `--allow-env` throws on a read: a denied read counts as unset, so a
 * client built from its options alone still works there.
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
