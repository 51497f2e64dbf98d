/**
 * zod keeps its configuration on `globalThis`, shared by every copy of zod in a process, the
 * one the package inlines included. An app that imports the full `zod` installs a locale there (and may
 * set a `customError`): neither may change the messages of the SDK's errors or of the fake's.
 */
import { RequestValidationError, ResponseValidationError } from 'chainbill';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as zod from 'zod';
import { failure, useFakeApi } from './helpers.js';
import { clientOn, json, scriptedFetch } from './scripted-fetch.js';

const { fake, client, raw } = useFakeApi();

// What the worker had before (the full zod installs English when it is first imported).
let saved: { localeError: unknown; customError: unknown };
beforeEach(() => {
  const { localeError, customError } = zod.config();
  saved = { localeError, customError };
  zod.config(zod.locales.fr());
  zod.config({ customError: (issue) => (issue.code === 'too_small' ? 'trop petit' : undefined) });
});
afterEach(() => {
  zod.config(saved as Parameters<typeof zod.config>[0]);
});

describe("an app's zod configuration", () => {
  it("leaves the client's messages for bad params as they are", async () => {
    const long = await failure(client().paymentMethods.update('pm_1', { display_name: 'x'.repeat(257) }));
    expect(long).toBeInstanceOf(RequestValidationError);
    expect((long as RequestValidationError).message).toBe(
      'Invalid parameter `display_name`: must be at most 256 characters',
    );
    const zero = await failure(client().paymentMethods.update('pm_1', { required_confirmations: 0 }));
    expect((zero as RequestValidationError).issues[0]?.message).toBe('must be at least 1');
    expect(fake().requests).toHaveLength(0);
  });

  it('leaves the messages of a response that does not fit as they are', async () => {
    const { fetch } = scriptedFetch(json(200, { data: [{ id: 7 }], has_more: false, next_cursor: null }));
    const error = await failure(clientOn(fetch).payouts.list());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.message).toBe('must be a string');
  });

  it("leaves the fake's 400 messages as they are", async () => {
    const { status, json: body } = await raw('PATCH', '/payment-methods/pm_1', { required_confirmations: 0 });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: { param: 'required_confirmations', message: expect.stringContaining('must be at least 1') },
    });
  });
});
