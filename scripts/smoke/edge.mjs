// Hosts the edge consumer (edge-bundle.js, built by scripts/smoke.sh) in Vercel's edge-runtime,
// against chainbill/testing's listen() on 127.0.0.1, and prints one `ok` line.
import { readFileSync } from 'node:fs';
import { createFakeChainbill } from 'chainbill/testing';
import { EdgeRuntime } from 'edge-runtime';

const fake = createFakeChainbill();
const server = await fake.listen();
try {
  const runtime = new EdgeRuntime({ initialCode: readFileSync('edge-bundle.js', 'utf8') });
  const result = await runtime.evaluate(
    `runSmoke(${JSON.stringify(server.url)}, ${JSON.stringify(fake.apiKey)})`,
  );
  console.log(`ok edge-runtime (code generation refused): ${result}, via ${server.url}`);
} finally {
  await server.close();
}
