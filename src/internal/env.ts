/**
 * Reads an environment variable where one exists (Node, Bun, Deno with `process`), without
 * importing `node:process`, so the package stays web-standard.
 *
 * @param name - The variable's name, for example `CHAINBILL_API_KEY`.
 * @returns The value, or `undefined` when unset, empty or there is no `process`.
 */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value ? value : undefined;
}
