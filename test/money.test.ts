import { fromAtomicUnits, toAtomicUnits } from 'chainbill';
import { describe, expect, it } from 'vitest';

describe('toAtomicUnits / fromAtomicUnits', () => {
  it.each([
    [12.5, '12500000'],
    ['12.5', '12500000'],
    [0.01, '10000'],
    ['0.000001', '1'],
    [0, '0'],
    ['1000000000.123456', '1000000000123456'],
    [0.3, '300000'],
    ['7.120000000', '7120000'],
  ])('toAtomicUnits(%j) is %s', (amount, atomic) => {
    expect(toAtomicUnits(amount, 'USDT')).toBe(atomic);
    expect(toAtomicUnits(amount, 'USDC')).toBe(atomic);
  });

  it.each([
    ['12500000', '12.5'],
    [12500000n, '12.5'],
    ['1', '0.000001'],
    ['0', '0'],
    ['99999999999999999999', '99999999999999.999999'],
  ])('fromAtomicUnits(%s) is %s', (atomic, amount) => {
    expect(fromAtomicUnits(atomic, 'USDC')).toBe(amount);
  });

  it.each([-1, '-1', '1.0000001', 'abc', '1e3', Number.NaN, Number.POSITIVE_INFINITY, '', 1e-7])(
    'toAtomicUnits refuses %j with RangeError',
    (amount) => {
      expect(() => toAtomicUnits(amount, 'USDT')).toThrow(RangeError);
    },
  );

  it('counts the decimals of a number in exponent form: 1e-7 is too precise, not malformed', () => {
    expect(() => toAtomicUnits(1e-7, 'USDT')).toThrow(/more than 6 decimals/);
    expect(() => toAtomicUnits(1.5e-10, 'USDC')).toThrow(/more than 6 decimals/);
    expect(() => toAtomicUnits(1e21, 'USDT')).toThrow(/Not a non-negative decimal amount/);
  });

  it.each(['-5', '1.5', 'x', '', -1n])('fromAtomicUnits refuses %s with RangeError', (atomic) => {
    expect(() => fromAtomicUnits(atomic, 'USDT')).toThrow(RangeError);
  });

  it.each(['-5000000', '0x10', '0b1', '1e6', '+5', ' 5', '5 ', '\n5', '5\n', '\uff15', '1_000'])(
    'fromAtomicUnits refuses %j, not a string of digits only, with RangeError',
    (atomic) => {
      expect(() => fromAtomicUnits(atomic, 'USDT')).toThrow(RangeError);
    },
  );

  it('round-trips exactly where floating point would not', () => {
    for (const amount of ['0.1', '0.7', '1.005', '123456789.987654']) {
      expect(fromAtomicUnits(toAtomicUnits(amount, 'USDT'), 'USDT')).toBe(amount);
    }
    expect(toAtomicUnits(1.005, 'USDC')).toBe('1005000');
  });
});
