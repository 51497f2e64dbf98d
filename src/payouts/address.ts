import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import { decimalPlaces, tokenDecimals } from '../core/money.js';
import type { Chain, Token } from '../core/types.js';
import { chains, tokens } from '../core/types.js';

// The checks on what a payout sends: the recipient address and the amount (docs/money.md).
// Offline, from the address alone: no network, no RPC.

/**
 * The issuers' own token contracts per chain (Tether's USDT, Circle's native USDC), as
 * docs/money.md lists them: a payout sent to one of them is lost. Base has no USDT of Tether's.
 *
 * @internal
 */
export const tokenContracts: Readonly<Record<Chain, Readonly<Partial<Record<Token, string>>>>> = {
  tron: { USDT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', USDC: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8' },
  arbitrum: {
    USDT: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
    USDC: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  },
  base: { USDC: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
};

/**
 * The tokens `chain` has, in the spec's order: those {@link tokenContracts} lists for it, so the
 * contracts and the tokens are one table (base: USDC only).
 *
 * @param chain - A chain of the spec.
 * @returns For example `['USDT', 'USDC']` on tron, `['USDC']` on base.
 * @internal
 */
export function chainTokens(chain: Chain): Token[] {
  return tokens.filter((token) => tokenContracts[chain][token] !== undefined);
}

/**
 * Why a payout of `token` cannot be made on `chain`, or `null`: the chain has no such token of
 * its issuer's (a predicate for ``Invalid parameter `token`: …``).
 *
 * @param chain - The payout's chain.
 * @param token - The payout's token.
 * @returns For example `USDT is not on base, which has USDC only`, or `null`.
 * @internal
 */
export function chainTokenProblem(chain: Chain, token: Token): string | null {
  const has = chainTokens(chain);
  if (has.includes(token)) return null;
  return `${token} is not on ${chain}, which has ${has.join(' and ')}${has.length === 1 ? ' only' : ''}`;
}

/**
 * An address shortened for a message: its first 6 and last 4 characters, enough to tell two
 * recipients apart without writing out someone's address.
 *
 * @param address - Any address.
 * @returns For example `TDT4qB…goKn`; a short string is cut to its first 6 characters.
 * @internal
 */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : `${address.slice(0, 6)}…`;
}

/**
 * The zero address of each chain (20 zero bytes; on Tron, base58check of `0x41` and 20 zero bytes).
 *
 * @internal
 */
export const zeroAddresses: Readonly<Record<Chain, string>> = {
  tron: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
  arbitrum: '0x0000000000000000000000000000000000000000',
  base: '0x0000000000000000000000000000000000000000',
};

const base58Alphabet = /^[1-9A-HJ-NP-Za-km-z]*$/;
const edgeSpace = /^\s$/;
const hexDigits = /^[0-9a-fA-F]*$/;
const tronVersion = 0x41;

function isChain(chain: unknown): chain is Chain {
  // A lookup by value, not `chain in {…}`: `'__proto__'` and `'constructor'` are no chains.
  return typeof chain === 'string' && (chains as readonly string[]).includes(chain);
}

/** Why `address` is not a Tron address, or `null` (base58check, version byte `0x41`). */
function tronProblem(address: string): string | null {
  // Length first: a 10 MB string is refused before anything reads it.
  if (address.length !== 34) return `it has ${address.length} characters, not 34`;
  if (!base58Alphabet.test(address)) return 'it has a character outside base58 (which has no 0, O, I or l)';
  const bytes = base58.decode(address);
  if (bytes.length !== 25) return `it decodes to ${bytes.length} bytes, not 25`;
  if (bytes[0] !== tronVersion) {
    const version = (bytes[0] ?? 0).toString(16).padStart(2, '0');
    return `its version byte is 0x${version}, not 0x41 (a Tron address starts with T)`;
  }
  const check = sha256(sha256(bytes.subarray(0, 21)));
  for (let i = 0; i < 4; i++) {
    if (check[i] !== bytes[21 + i]) return 'its base58check checksum does not match';
  }
  return null;
}

/**
 * The EIP-55 form of 40 lower-case hex digits: a letter is upper case where the same nibble of
 * Keccak-256 of the lower-case digits (as ASCII) is 8 or more.
 *
 * @param lowerHex - 40 hex digits, lower case, without `0x`.
 * @returns The 40 digits with EIP-55 case, without `0x`.
 * @internal
 */
export function eip55(lowerHex: string): string {
  const hash = keccak_256(utf8ToBytes(lowerHex));
  let out = '';
  for (let i = 0; i < lowerHex.length; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    const digit = lowerHex.charAt(i);
    out += nibble >= 8 ? digit.toUpperCase() : digit;
  }
  return out;
}

/** Why `address` is not an EVM address, or `null` (`0x` + 40 hex; mixed case must be EIP-55). */
function evmProblem(address: string): string | null {
  if (!address.startsWith('0x')) return 'it does not start with 0x';
  const hex = address.slice(2);
  if (hex.length !== 40) return `it has ${hex.length} hex digits after 0x, not 40`;
  if (!hexDigits.test(hex)) return 'it has a character that is not a hex digit';
  const lower = hex.toLowerCase();
  // One case carries no checksum (EIP-55); mixed case is a checksum, and must be the right one.
  if (hex === lower || hex === hex.toUpperCase()) return null;
  return hex === eip55(lower) ? null : 'its mixed case does not match its EIP-55 checksum';
}

// The last answers of formProblem, by chain and address: a merchant pays the same recipients
// again and again, and each new check's hashing weighs on the collector (docs/performance.md).
// At most 256 answers, cleared when full, and only for strings of an address's length.
let known: Map<string, string | null> | undefined;

function formProblem(chain: Chain, address: string): string | null {
  if (address === '') return 'it is empty';
  // A paste often brings a space or a line break: say so, rather than count it as a character.
  if (edgeSpace.test(address.charAt(0)) || edgeSpace.test(address.charAt(address.length - 1))) {
    return 'it has leading or trailing whitespace';
  }
  if (address.length > 64) return chain === 'tron' ? tronProblem(address) : evmProblem(address);
  known ??= new Map();
  const key = `${chain} ${address}`;
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const problem = chain === 'tron' ? tronProblem(address) : evmProblem(address);
  if (known.size >= 256) known.clear();
  known.set(key, problem);
  return problem;
}

/**
 * Checks the form of a blockchain address on a chain, offline: whether a payout to it can reach
 * an account at all (a typo, a truncated paste or a case slip is refused). It does not check that
 * the account exists or is yours.
 *
 * - `tron`: base58check, 34 characters, decoding to 25 bytes: version byte `0x41`, the 20-byte
 *   account, and a 4-byte checksum equal to the first 4 bytes of SHA-256(SHA-256(first 21 bytes)).
 * - `arbitrum`, `base`: `0x` and 40 hex digits. An address in one case (all lower or all upper)
 *   carries no checksum and passes; one in mixed case must match its EIP-55 checksum
 *   (Keccak-256 of the lower-case hex).
 *
 * It never throws, and never rewrites an address: anything that is not a string, a chain it does
 * not know (`'__proto__'` included) and the empty string give `false`. `payouts.create` refuses
 * more: the zero address and the tokens' own contracts (docs/money.md, "Recipient addresses").
 *
 * @param chain - `'tron'`, `'arbitrum'` or `'base'` (spec: `chain` enum).
 * @param address - The address as the recipient gave it, unchanged.
 * @returns `true` when `address` has a valid form on `chain`, else `false`.
 * @example
 * ```ts
 * isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'); // true: base58check
 * isValidAddress('base', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'); // true: EIP-55
 * isValidAddress('base', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'); // true: one case
 * isValidAddress('base', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'); // false: checksum
 * isValidAddress('tron', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'); // false: another chain
 * ```
 */
export function isValidAddress(chain: unknown, address: unknown): boolean {
  if (!isChain(chain) || typeof address !== 'string') return false;
  try {
    return formProblem(chain, address) === null;
  } catch {
    // Nothing above throws on a string; the promise is `false`, never an exception.
    return false;
  }
}

/**
 * Why a payout to `address` on `chain` would be lost, or `null` when it may be sent: an address
 * {@link isValidAddress} refuses, the zero address, or the chain's USDT or USDC contract (compared
 * without regard to case). The message is one line, a predicate for
 * ``Invalid parameter `recipient_address`: …``; it names the chain and the problem, and never
 * quotes the address (it may be someone's).
 *
 * @param chain - The payout's chain.
 * @param address - The payout's `recipient_address`.
 * @returns For example `is not a valid tron address: its base58check checksum does not match`,
 *   `is the zero address on base: tokens sent there are lost`, or `null`.
 * @internal
 */
export function recipientAddressProblem(chain: Chain, address: string): string | null {
  if (!isChain(chain)) return 'cannot be checked: the chain is not one of tron, arbitrum, base';
  let problem: string | null;
  try {
    problem = formProblem(chain, address);
  } catch {
    problem = 'it cannot be read';
  }
  if (problem !== null) return `is not a valid ${chain} address: ${problem}`;
  const lower = address.toLowerCase();
  if (lower === zeroAddresses[chain].toLowerCase()) {
    return `is the zero address on ${chain}: tokens sent there are lost`;
  }
  for (const [token, contract] of Object.entries(tokenContracts[chain])) {
    if (lower === contract.toLowerCase()) {
      return `is the ${token} contract on ${chain}: tokens sent to it are lost`;
    }
  }
  return null;
}

/**
 * Why a payout `amount` (token units, a number) cannot be paid exactly, or `null`: more decimal
 * places than the token's smallest unit (6), counted as {@link toAtomicUnits} counts them, so
 * `10.1234567`, `1e-7` and `0.1 + 0.2` (`0.30000000000000004`) are refused. Nothing is rounded
 * for the caller. Signs, limits and non-finite values are the params schema's to refuse.
 *
 * @param amount - The payout's `amount`.
 * @returns A one-line predicate for ``Invalid parameter `amount`: …`` saying how to fix it, or
 *   `null`.
 * @internal
 */
export function tokenAmountProblem(amount: number): string | null {
  if (!Number.isFinite(amount)) return null;
  // USDT and USDC have 6 decimals on every chain here; read in the call, so that an app that
  // does not check amounts has no module-level statement to keep.
  const payoutDecimals = Math.min(tokenDecimals.USDT, tokenDecimals.USDC);
  const places = decimalPlaces(amount);
  if (places <= payoutDecimals) return null;
  return (
    `has ${places} decimal places (${amount}), more than the ${payoutDecimals} of USDT and USDC: ` +
    `round it to ${payoutDecimals} decimals, or keep amounts exact with toAtomicUnits and send ` +
    'Number(fromAtomicUnits(atomic, token))'
  );
}
