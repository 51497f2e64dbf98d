/**
 * Ties a zod schema to the written-out interface it checks, in both directions.
 * `z.ZodMiniType<T>` alone only proves that what the schema outputs fits `T`: an
 * optional interface field the schema forgot, a schema field the interface lacks, or a params
 * interface drifting from its schema all compiled. Here a key on one side only, a key optional on
 * one side only, or a key typed differently is a compile error that names the key:
 *
 * ```txt
 * Property '"only in the interface: tag"' is missing in type 'ZodMiniObject<…>'
 * ```
 */
import type * as z from 'zod/mini';

/** The declared keys of `T`, without index signatures (a loose object's `[k: string]: unknown`). */
type Known<T> = keyof {
  [K in keyof T as string extends K
    ? never
    : number extends K
      ? never
      : symbol extends K
        ? never
        : K]: unknown;
};
type OptionalKeys<T> = { [K in Known<T>]-?: Record<never, never> extends Pick<T, K> ? K : never }[Known<T>];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Keys on both sides whose properties (type and optionality) are not mutually assignable. */
type Differs<S, T> = {
  [K in Known<S> & Known<T>]: Same<Pick<S, K>, Pick<T, K>> extends true ? never : K;
}[Known<S> & Known<T>];

/** Where a schema's type `S` and an interface `T` disagree, by kind; each `never` when tied. */
type Drift<S, T> = {
  'only in the schema': Exclude<Known<S>, Known<T>>;
  'only in the interface': Exclude<Known<T>, Known<S>>;
  'optional only in the schema': Exclude<OptionalKeys<S>, OptionalKeys<T>>;
  'optional only in the interface': Exclude<OptionalKeys<T>, OptionalKeys<S>>;
  'typed differently': Differs<S, T>;
};
/** One required property per disagreement, named after it, so the compiler's error names the key. */
type Report<D> = { [R in keyof D as D[R] extends never ? never : `${R & string}: ${D[R] & string}`]: true };
/**
 * `unknown` when `S` and `T` agree, else a type no schema has. The check indexes `Drift` by its
 * keys: a conditional on the object type itself would be settled, wrongly, before `S` is known.
 */
type Tied<S, T> = [Drift<S, T>[keyof Drift<S, T>]] extends [never] ? unknown : Report<Drift<S, T>>;

/**
 * What a params schema outputs for params `P`, and so what the wire and the fake see: the same
 * keys, date-times as ISO strings (a `Date | string` field accepts both and sends a string).
 */
export type Wire<P> = { [K in keyof P]: Exclude<P[K], Date> };

/**
 * Ties a response schema to its model interface: the schema's output has exactly the interface's
 * keys, optional where it is optional, each typed the same (unknown fields are still kept at run
 * time: the index signature of a loose object is not a key).
 *
 * @returns A function taking the schema and returning it typed as `z.ZodMiniType<T>`.
 * @example
 * ```ts
 * const payoutIntentSchema = lazy(() => model<PayoutIntent>()(responseObject({ id: z.string(), … })));
 * ```
 */
export function model<T>(): <S extends z.ZodMiniType>(schema: S & Tied<z.output<S>, T>) => z.ZodMiniType<T> {
  return (schema) => schema as unknown as z.ZodMiniType<T>; // tied at compile time
}

/**
 * Ties a params schema to its params interface: what the schema accepts is exactly the interface
 * (keys, optionality, types), and what it outputs is {@link Wire} of it, which the fake reads.
 *
 * @returns A function taking the schema and returning it typed as `z.ZodMiniType<Wire<P>, P>`.
 */
export function paramsFor<P>(): <S extends z.ZodMiniType>(
  schema: S & Tied<z.input<S>, P> & Tied<z.output<S>, Wire<P>>,
) => z.ZodMiniType<Wire<P>, P> {
  return (schema) => schema as unknown as z.ZodMiniType<Wire<P>, P>; // tied at compile time
}
