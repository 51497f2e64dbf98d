// The `chainbill` bin of the packed tarball, as `npx chainbill` runs it: `chainbill fake` serves the
// fake, and a call against it prints JSON (scripts/smoke.sh runs this with each Node first on PATH).
import { spawn, spawnSync } from 'node:child_process';

const bin = 'node_modules/.bin/chainbill';
const fake = spawn(bin, ['fake', '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
try {
  const line = await new Promise((resolve, reject) => {
    let out = '';
    fake.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))));
    });
    fake.on('exit', (code) => reject(new Error(`chainbill fake exited ${code}`)));
  });
  const env = {
    ...process.env,
    CHAINBILL_API_KEY: line.organizations[0].keys.sandbox[0],
    CHAINBILL_BASE_URL: line.baseUrl,
  };
  const created = spawnSync(bin, ['customers', 'create', '--email', 'ada@example.com'], {
    env,
    encoding: 'utf8',
  });
  if (created.status !== 0 || JSON.parse(created.stdout).email !== 'ada@example.com')
    throw new Error(`chainbill customers create: exit ${created.status}: ${created.stderr}`);
  const create = ['payouts', 'create', '--recipient-address', 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc'];
  const refused = spawnSync(bin, [...create, '--chain', 'tron', '--token', 'USDT', '--amount', '5'], {
    env,
    encoding: 'utf8',
  });
  if (refused.status !== 3) throw new Error(`a money move without --yes: exit ${refused.status}, not 3`);
  console.log(`ok chainbill bin: ${process.version}, chainbill fake, exit codes 0 and 3`);
} finally {
  fake.kill();
}
