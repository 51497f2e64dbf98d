/**
 * The base URL (DESIGN.md: Security): absolute, `https:` or `http:` to a loopback host, without
 * credentials, a query or a fragment, or a `ConfigurationError` that never quotes it; one without a
 * version segment is accepted with a warning.
 */
import { Chainbill, type ClientOptions, ConfigurationError } from 'chainbill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, json, scriptedFetch, testKey } from './scripted-fetch.js';

const listBody = envelope([]);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('baseUrl', () => {
  it.each([
    [undefined, 'No base URL'],
    ['not a url', 'not an absolute URL'],
    ['api.chainbill.example/v1', 'not an absolute URL'],
    ['http://api.chainbill.test/v1', 'must use https'],
    ['http://api.chainbill.example/v1', 'must use https'],
    ['http://10.0.0.5/v1', 'must use https'],
    ['http://localhost.evil.example/v1', 'must use https'],
    ['http://127.0.0.1.nip.io/v1', 'must use https'],
    ['ftp://api.chainbill.test/v1', 'must use https'],
    ['ftp://api.chainbill.example/v1', 'must use https'],
    ['https://user:pw@api.chainbill.test/v1', 'credentials'],
    ['https://user:pass@api.chainbill.example/v1', 'credentials'],
    ['https://api.example.com/v1?', 'query or a fragment'],
    ['https://api.example.com/v1#', 'query or a fragment'],
    ['https://api.example.com/v1/?', 'query or a fragment'],
    ['https://api.example.com/v1?#', 'query or a fragment'],
  ])('%j is a ConfigurationError saying %s, and nothing is sent', (baseUrl, message) => {
    vi.stubEnv('CHAINBILL_BASE_URL', '');
    const fetch = vi.fn();
    const construct = () => new Chainbill({ apiKey: testKey, baseUrl, fetch });
    expect(construct).toThrow(ConfigurationError);
    expect(construct).toThrow(message);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    'https://api.chainbill.example/v1',
    'https://api.chainbill.example/v1/',
    'http://localhost:4010/v1',
    'http://127.0.0.1:4010/v1',
    'http://127.3.2.1/v1',
    'http://127.8.9.10/v1',
    'http://[::1]:4010/v1',
  ])('baseUrl %s is accepted', (baseUrl) => {
    expect(new Chainbill({ apiKey: testKey, baseUrl }).baseUrl).toBe(baseUrl.replace(/\/$/, ''));
  });

  it.each([
    ['sk_live_abc123', 'sk_live_abc123'],
    ['  sk_test_abc123 ', 'sk_test_abc123'],
    ['http:sk_live_abc123', 'sk_live_abc123'],
    ['ftp://sk_live_abc123.example/v1', 'sk_live_abc123'],
    ['https://sk_test_x@api.example.com/v1', 'sk_test_x'],
  ])('never quotes the value %j, which could be a key', (baseUrl, secret) => {
    const error = (() => {
      try {
        return new Chainbill({ apiKey: testKey, baseUrl });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(String(error)).not.toContain(secret);
    expect(JSON.stringify(error)).not.toContain(secret);
  });
});

describe('a base URL without a version segment', () => {
  function warnings(options: ClientOptions = {}) {
    const lines: string[] = [];
    const logger = { error() {}, info() {}, debug() {}, warn: (line: string) => void lines.push(line) };
    const { fetch } = scriptedFetch(json(200, listBody));
    const make = (baseUrl: string, more: ClientOptions = {}) =>
      new Chainbill({ apiKey: testKey, baseUrl, fetch, logger, ...options, ...more });
    return { lines, make };
  }

  it.each([
    'https://api.chainbill.test',
    'https://api.chainbill.test/',
    'https://api.chainbill.test/api',
    'https://api.chainbill.test/v1/payouts',
  ])('%s is accepted with one warn line, at construction', (baseUrl) => {
    const { lines, make } = warnings();
    expect(make(baseUrl).baseUrl).toBe(baseUrl.replace(/\/$/, ''));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[chainbill\] baseUrl does not end in a version such as \/v1, as the API's base URL does: every call will likely be a 404\.$/,
    );
    expect(lines[0]).not.toContain('api.chainbill.test');
  });

  it.each([
    'https://api.chainbill.test/v1',
    'https://api.chainbill.test/v1/',
    'https://api.chainbill.test/v2',
    'http://127.0.0.1:4010/proxy/v12',
  ])('%s ends in a version segment: no warning', (baseUrl) => {
    const { lines, make } = warnings();
    make(baseUrl);
    expect(lines).toEqual([]);
  });

  it('goes through the logger and its level: none at error or off', () => {
    for (const logLevel of ['off', 'error'] as const) {
      const { lines, make } = warnings({ logLevel });
      make('https://api.chainbill.test');
      expect(lines).toEqual([]);
    }
  });

  it('is not repeated by withOptions copies of the same base URL; a copy to another one warns once', () => {
    const { lines, make } = warnings();
    const client = make('https://api.chainbill.test');
    client.withOptions({ apiKey: 'sk_test_tenant' }).withOptions({ maxRetries: 1 });
    expect(lines).toHaveLength(1);
    client.withOptions({ baseUrl: 'https://other.chainbill.test' });
    expect(lines).toHaveLength(2);
    client.withOptions({ baseUrl: 'https://other.chainbill.test/v1' });
    expect(lines).toHaveLength(2);
  });
});
