/**
 * Every schema of the SDK is tied to its written-out interface in both directions (DESIGN.md:
 * Responses): a key on one side only, optional on one side only, or typed differently, is a
 * compile error. These cases prove the tie itself; the resource files use it for every model and
 * every params schema, so a drift there fails `tsc` the same way.
 */
import { describe, it } from 'vitest';
import * as z from 'zod/mini';
import { model, paramsFor } from '../src/internal/tie.js';

interface Model {
  id: string;
  note: string | null;
  tag?: string | null;
}

interface Params {
  plan_id: string;
  limit?: number | undefined;
  due?: Date | string | undefined;
}

const due = z.pipe(
  z.custom<Date | string>((value) => value instanceof Date || typeof value === 'string'),
  z.transform((value: Date | string) => (value instanceof Date ? value.toISOString() : value)),
);

describe('model<T>() ties a response schema to its interface', () => {
  it('accepts the same keys, optionality and types; unknown fields stay allowed at run time', () => {
    model<Model>()(
      z.looseObject({
        id: z.string(),
        note: z.nullable(z.string()),
        tag: z.exactOptional(z.nullable(z.string())),
      }),
    );
  });

  it('refuses an optional interface field the schema lacks', () => {
    // @ts-expect-error only in the interface: tag
    model<Model>()(z.looseObject({ id: z.string(), note: z.nullable(z.string()) }));
  });

  it('refuses a schema field the interface lacks', () => {
    model<Model>()(
      // @ts-expect-error only in the schema: extra
      z.looseObject({
        id: z.string(),
        note: z.nullable(z.string()),
        tag: z.exactOptional(z.nullable(z.string())),
        extra: z.string(),
      }),
    );
  });

  it('refuses a field optional on one side only, or typed differently', () => {
    model<Model>()(
      // @ts-expect-error optional only in the schema: note
      z.looseObject({
        id: z.string(),
        note: z.exactOptional(z.nullable(z.string())),
        tag: z.exactOptional(z.nullable(z.string())),
      }),
    );
    model<Model>()(
      // @ts-expect-error typed differently: note (the interface allows null)
      z.looseObject({ id: z.string(), note: z.string(), tag: z.exactOptional(z.nullable(z.string())) }),
    );
  });
});

describe('paramsFor<P>() ties a params schema to its interface', () => {
  it('accepts what the interface accepts, `| undefined` included', () => {
    paramsFor<Params>()(
      z.strictObject({ plan_id: z.string(), limit: z.optional(z.int()), due: z.optional(due) }),
    );
  });

  it('refuses a parameter on one side only', () => {
    // @ts-expect-error only in the interface: due
    paramsFor<Params>()(z.strictObject({ plan_id: z.string(), limit: z.optional(z.int()) }));
    paramsFor<Params>()(
      // @ts-expect-error only in the schema: cursor
      z.strictObject({
        plan_id: z.string(),
        limit: z.optional(z.int()),
        due: z.optional(due),
        cursor: z.string(),
      }),
    );
  });

  it('refuses a required parameter the interface makes optional', () => {
    // @ts-expect-error optional only in the interface: limit
    paramsFor<Params>()(z.strictObject({ plan_id: z.string(), limit: z.int(), due: z.optional(due) }));
  });
});
