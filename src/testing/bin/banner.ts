/**
 * What `chainbill-fake` prints once it serves (docs/fake-server.md: Start it): one JSON line with
 * `--json`, else the lines a person reads, ending with `export` lines to paste into a shell so the
 * `chainbill` CLI and an app reach this fake.
 */
import { VERSION } from '../../version.js';
import type { FakeOrganization } from '../seed/seed-file.js';

/** What the banner tells. */
export interface Served {
  program: string;
  baseUrl: string;
  controlUrl: string;
  controlToken: string;
  inspectorUrl: string | undefined;
  organizations: FakeOrganization[];
  names: Record<string, string>;
  /** The sandbox key of the fake's own organization, for the `export` line. */
  apiKey: string;
}

/** The JSON line of `--json`. */
export function jsonBanner(served: Served): string {
  const { baseUrl, controlUrl, controlToken, inspectorUrl, organizations, names } = served;
  // `pid`: to signal the server itself where a wrapper (npx) does not pass SIGTERM on.
  const line = { baseUrl, controlUrl, controlToken, inspectorUrl, organizations, names, pid: process.pid };
  return `${JSON.stringify(line)}\n`;
}

/** The lines a person reads. */
export function textBanner(served: Served): string {
  const lines = [
    `${served.program} ${VERSION} serving the fake Chainbill API`,
    `  base URL       ${served.baseUrl}`,
  ];
  for (const org of served.organizations)
    for (const environment of ['sandbox', 'live'] as const)
      for (const key of org.keys[environment])
        lines.push(`  ${environment.padEnd(7)} key    ${key}  (${org.id})`);
  for (const [name, id] of Object.entries(served.names)) lines.push(`  seeded         ${name} = ${id}`);
  lines.push(
    `  control URL    ${served.controlUrl}`,
    `  control token  ${served.controlToken}`,
    `  inspector      ${served.inspectorUrl}`,
    'To reach it from a shell (the chainbill CLI, your app, chainbill trigger):',
    `  export CHAINBILL_BASE_URL=${shellWord(served.baseUrl)} CHAINBILL_API_KEY=${shellWord(served.apiKey)}`,
    `  export CHAINBILL_FAKE_CONTROL_URL=${shellWord(served.controlUrl)} CHAINBILL_FAKE_CONTROL_TOKEN=${shellWord(served.controlToken)}`,
    'Stop with Ctrl+C.',
  );
  return `${lines.join('\n')}\n`;
}

/** A value as one word of a POSIX shell: as it is when plain, else single-quoted. */
function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
