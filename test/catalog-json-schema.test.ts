/**
 * The JSON Schema of every catalog entry's input (the CLI's help, the MCP server's input schemas):
 * it converts, a strict validator compiles it, and it accepts what the SDK accepts.
 */

import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { RequestValidationError } from 'chainbill';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalog, invoke } from '../src/catalog/catalog.js';
import { inputJsonSchema, paramsJsonSchema } from '../src/catalog/json-schema.js';
import { failure, fakeClient } from './helpers.js';
import { rows, validId, validParams } from './property-rows.js';

// Strict: an unknown keyword or format (zod's own `starts_with`) is an error, not ignored. The
// schemas use no keyword newer than draft-07, so Ajv's default draft reads them as 2020-12 would.
const ajv = addFormats.default(new Ajv({ strict: true, allErrors: true }));
const { client } = fakeClient();
/** As an MCP client or the CLI has it: JSON (a `Date` becomes its ISO string). */
const asJson = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value ?? {}));

describe('JSON Schema of each entry', () => {
  it.each(catalog.map((entry) => [entry.name, entry] as const))(
    '%s: compiles, and accepts what the SDK accepts',
    async (name, entry) => {
      const row = rows.find((r) => r.name === name);
      if (row === undefined) throw new Error(`no property row for ${name}`);
      const schema = inputJsonSchema(entry);
      expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(paramsJsonSchema(entry).properties).not.toHaveProperty('id');
      const validate = ajv.compile(schema);
      await fc.assert(
        fc.asyncProperty(validId(row), validParams(row), async (id, params) => {
          const json = asJson(params);
          const input = {
            ...(entry.idPrefix === undefined ? {} : { id }),
            ...(entry.takesParams ? json : {}),
          };
          expect(validate(input), JSON.stringify(validate.errors)).toBe(true);
          const { id: _, ...rest } = input as { id?: string };
          const sent = invoke(client, entry, {
            ...(entry.idPrefix === undefined ? {} : { id }),
            ...(entry.takesParams ? { params: rest } : {}),
          });
          expect(await failure(sent)).not.toBeInstanceOf(RequestValidationError);
        }),
        { numRuns: 15 },
      );
    },
  );

  it('says the limits, enums and requirements of the params schema', () => {
    const byName = (name: string) => catalog.find((entry) => entry.name === name);
    const create = byName('payouts.create');
    const list = byName('payouts.list');
    if (create === undefined || list === undefined) throw new Error('missing entries');
    const created = paramsJsonSchema(create);
    expect(created.required).toEqual(['recipient_address', 'chain', 'token', 'amount', 'currency']);
    expect(created.properties['amount']).toMatchObject({ type: 'number', minimum: 0.01 });
    expect(created.properties['token']).toMatchObject({ enum: ['USDT', 'USDC'] });
    expect(created.properties['description']).toMatchObject({
      anyOf: [{ type: 'string', maxLength: 512 }, { type: 'null' }],
    });
    expect(created.properties['due_date']).toMatchObject({
      anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }],
    });
    expect(paramsJsonSchema(list).properties['limit']).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    expect(created.properties['amount']?.['description']).toMatch(/token units/);
  });

  it('refuses what the SDK refuses at the schema level: a limit of 101, an unknown field, a missing id', () => {
    const list = catalog.find((entry) => entry.name === 'payouts.list');
    const approve = catalog.find((entry) => entry.name === 'payouts.approve');
    if (list === undefined || approve === undefined) throw new Error('missing entries');
    const validateList = ajv.compile(inputJsonSchema(list));
    expect(validateList({ limit: 101 })).toBe(false);
    expect(validateList({ colour: 'red' })).toBe(false);
    expect(validateList({ due_date_after: '2026-12-01T00:00:00Z' })).toBe(true);
    const validateApprove = ajv.compile(inputJsonSchema(approve));
    expect(validateApprove({})).toBe(false);
    expect(validateApprove({ id: 'sub_1' })).toBe(false);
    expect(validateApprove({ id: 'po_1', status: 'canceled' })).toBe(false);
    expect(validateApprove({ id: 'po_1' })).toBe(true);
  });
});
