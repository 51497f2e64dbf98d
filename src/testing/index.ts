export type { FakeClock } from './clock.js';
export { FakeApiError } from './errors.js';
export type { FakeChainbill, FakeChainbillOptions, FakeSeeds, FakeSimulations } from './fake.js';
export { createFakeChainbill } from './fake.js';
export type { FakeRequest } from './router.js';
export type { PayoutSeeds, PayoutSimulations } from './routes/payouts.js';
export type { FakeServer } from './server.js';
export type { FakeEnvironment } from './state.js';
