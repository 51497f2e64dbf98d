// TypeScript consumer compiled with `moduleResolution: bundler` (as Vite, esbuild or Next.js apps are).
import { Chainbill, NotFoundError } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';

const fake = createFakeChainbill();
const server = await fake.listen();
try {
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url });
  let outcome = 'no error';
  try {
    await chainbill.payouts.approve('po_missing');
  } catch (error) {
    if (error instanceof NotFoundError) outcome = `NotFoundError ${error.status} ${error.code}`;
  }
  const pages: number[] = [];
  for await (const page of chainbill.payouts.list({ limit: 5 }).pages()) pages.push(page.data.length);
  console.log(
    `ok ts bundler: approve(po_missing) -> ${outcome}; pages ${JSON.stringify(pages)}, via ${server.url}`,
  );
} finally {
  await server.close();
}
