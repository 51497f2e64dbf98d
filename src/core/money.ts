import type { Token } from './types.js';

/** Decimals of each token (USDT and USDC use 6 on Tron, Arbitrum and Base). */
export const tokenDecimals: Readonly<Record<Token, number>> = { USDT: 6, USDC: 6 };

const decimalPattern = /^(\d+)(?:\.(\d+))?$/;

/**
 * An atomic amount as the API writes it and {@link fromAtomicUnits} reads it: ASCII digits only,
 * no sign, point, exponent, `0x` or whitespace (docs/money.md). Response schemas use it too.
 */
export const atomicPattern: RegExp = /^\d+$/;

function decimalsOf(token: Token): number {
  const decimals = tokenDecimals[token];
  if (decimals === undefined) throw new RangeError(`Unknown token: ${String(token)}`);
  return decimals;
}

/**
 * The decimal places of a number as its shortest round-trip form writes it (`String(n)`), exponent
 * forms included: `12.5` has 1, `0.1 + 0.2` (`0.30000000000000004`) 17, `1e-7` 7, `1.5e-10` 11,
 * `1e21` 0. The one count behind {@link toAtomicUnits} and the payout amount check.
 *
 * @param amount - Any number; `NaN` and the infinities have 0.
 * @returns How many digits follow the point once the exponent is applied.
 * @internal
 */
export function decimalPlaces(amount: number): number {
  const [mantissa = '', exponent = '0'] = String(amount).split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

/**
 * Converts an amount in token units to the token's smallest unit, exactly (bigint arithmetic,
 * no floating point).
 *
 * @param amount - Token units: a number such as `12.5` or a decimal string such as `'12.500001'`.
 * @param token - `USDT` or `USDC` (6 decimals).
 * @returns The atomic amount as a decimal string, as in the API's `amount_atomic`.
 * @throws {RangeError} on a negative, non-finite or malformed amount, or more decimals than the
 *   token has (nothing is rounded away).
 * @example
 * ```ts
 * toAtomicUnits(12.5, 'USDT'); // '12500000'
 * ```
 */
export function toAtomicUnits(amount: number | string, token: Token): string {
  const decimals = decimalsOf(token);
  if (typeof amount === 'number' && !Number.isFinite(amount))
    throw new RangeError(`Not a finite amount: ${amount}`);
  // String(number) gives the shortest round-trip form; exponent forms are refused as malformed,
  // but a number's decimals are counted first, so `1e-7` is reported as too precise.
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  const match = decimalPattern.exec(text);
  const fraction = match?.[2] ?? '';
  const places = typeof amount === 'number' ? decimalPlaces(amount) : fraction.replace(/0+$/, '').length;
  if (places > decimals) throw new RangeError(`${text} has more than ${decimals} decimals for ${token}.`);
  if (match === null) throw new RangeError(`Not a non-negative decimal amount: ${JSON.stringify(amount)}`);
  const whole = match[1] ?? '0';
  const atomic =
    BigInt(whole) * 10n ** BigInt(decimals) +
    BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0');
  return atomic.toString();
}

/**
 * Converts an atomic amount (the token's smallest unit) to token units, exactly.
 *
 * @param atomic - A non-negative integer: a string of ASCII digits only such as `'12500000'` (no
 *   sign, point, exponent, `0x` or whitespace), or a bigint.
 * @param token - `USDT` or `USDC` (6 decimals).
 * @returns Token units as a decimal string without trailing zeros, for example `'12.5'`.
 * @throws {RangeError} on a negative amount or a string that is not `/^\d+$/`.
 * @example
 * ```ts
 * fromAtomicUnits('12500000', 'USDC'); // '12.5'
 * ```
 */
export function fromAtomicUnits(atomic: string | bigint, token: Token): string {
  const decimals = decimalsOf(token);
  // Untrimmed: `BigInt` alone would also take ' 5', '0x10' and '' (as 0).
  if (typeof atomic === 'string' && !atomicPattern.test(atomic)) {
    throw new RangeError(`Not a non-negative integer amount of digits only: ${JSON.stringify(atomic)}`);
  }
  const value = typeof atomic === 'bigint' ? atomic : BigInt(atomic);
  if (value < 0n) throw new RangeError(`Negative amount: ${value}`);
  const scale = 10n ** BigInt(decimals);
  const fraction = (value % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction === '' ? (value / scale).toString() : `${value / scale}.${fraction}`;
}
