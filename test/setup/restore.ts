/**
 * A setupFile of the unit tier, whose files share a worker (`isolate: false`): after each test,
 * whatever it faked, stubbed or spied on is undone, so no test file runs on another's clock,
 * environment or globals.
 */
import { afterEach, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
