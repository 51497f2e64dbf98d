/**
 * A setupFile of every tier: each property runs with the run's one seed (test/setup/seed.ts), so
 * `fc.assert` draws the same inputs in every run until `FC_SEED` says otherwise, and as many times
 * as the run says when it gives no `numRuns` of its own.
 */
import fc from 'fast-check';
import { inject } from 'vitest';

fc.configureGlobal({ seed: inject('fcSeed'), numRuns: inject('fcRuns') });
