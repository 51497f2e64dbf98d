// Edge consumer of the packed tarball: bundled into one script (no imports at run time) and run
// inside Vercel's edge-runtime, where code generation from strings is refused, as on workerd and
// Vercel's edge. No part of validation generates code any more (responses are checked in place,
// zod's plain parsers decide the rest), so the SDK must give the same answers there
// (scripts/smoke/edge.mjs hosts it; scripts/smoke.sh bundles it).
import { Chainbill, ResponseValidationError } from 'chainbill';
import { ChainbillCore } from 'chainbill/core';
import { payoutsList } from 'chainbill/funcs';

globalThis.runSmoke = async (baseUrl, apiKey) => {
  let evalRefused = false;
  try {
    new Function('return 1')();
  } catch {
    evalRefused = true;
  }
  if (!evalRefused) throw new Error('this runtime allows code generation: not an eval-free test');
  const chainbill = new Chainbill({ apiKey, baseUrl, maxRetries: 0 });
  const payout = await chainbill.payouts.create({
    recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc',
    chain: 'tron',
    token: 'USDT',
    amount: 12.5,
    currency: 'USD',
  });
  const listed = await chainbill.payouts.list().toArray();
  // Validation still refuses a body that breaks the spec on the plain path.
  const broken = new Chainbill({
    apiKey,
    baseUrl,
    maxRetries: 0,
    fetch: async () => Response.json({ data: [{ id: 42 }], has_more: false, next_cursor: null }),
  });
  const refused = await broken.payouts.list().then(
    () => 'nothing',
    (error) => (error instanceof ResponseValidationError ? 'ResponseValidationError' : String(error)),
  );
  if (listed.length !== 1 || listed[0].id !== payout.id || refused !== 'ResponseValidationError') {
    throw new Error(`unexpected answers: ${listed.length} listed, broken body -> ${refused}`);
  }
  const viaCore = await payoutsList(new ChainbillCore({ apiKey, baseUrl, maxRetries: 0 })).toArray();
  if (viaCore.length !== 1 || viaCore[0].id !== payout.id) throw new Error('the core door listed wrong');
  return `created ${payout.id}, listed ${listed.length} (and through core + payoutsList), broken body -> ${refused}`;
};
