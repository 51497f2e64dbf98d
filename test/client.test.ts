import { Chainbill, VERSION } from 'chainbill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pkg from '../package.json' with { type: 'json' };

const baseUrl = 'https://api.chainbill.test/v1';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('client configuration', () => {
  it('reads CHAINBILL_API_KEY and CHAINBILL_BASE_URL when options are absent', () => {
    vi.stubEnv('CHAINBILL_API_KEY', 'sk_live_env');
    vi.stubEnv('CHAINBILL_BASE_URL', 'https://env.chainbill.test/v1/');
    const client = new Chainbill();
    expect(client.environment).toBe('live');
    expect(client.baseUrl).toBe('https://env.chainbill.test/v1');
  });

  it('prefers options over the environment', () => {
    vi.stubEnv('CHAINBILL_API_KEY', 'sk_live_env');
    const client = new Chainbill({ apiKey: 'sk_test_opt', baseUrl });
    expect(client.environment).toBe('sandbox');
  });

  it.each([
    [{ timeout: 0 }, 'timeout'],
    [{ timeout: Number.NaN }, 'timeout'],
    [{ maxRetries: -1 }, 'maxRetries'],
    [{ maxRetries: 1.5 }, 'maxRetries'],
  ])('refuses %j', (options, message) => {
    expect(() => new Chainbill({ apiKey: 'sk_test_1', baseUrl, ...options })).toThrow(message);
  });

  it('looks up globalThis.fetch on every request when no fetch is given', async () => {
    const client = new Chainbill({ apiKey: 'sk_test_1', baseUrl });
    const first = vi.fn(async () => Response.json({ data: [], has_more: false, next_cursor: null }));
    const second = vi.fn(async () => Response.json({ data: [], has_more: false, next_cursor: null }));
    vi.stubGlobal('fetch', first);
    await client.payouts.list();
    vi.stubGlobal('fetch', second);
    await client.payouts.list();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('sends the auth, JSON and default headers, and per-call headers over them', async () => {
    const seen: Request[] = [];
    const client = new Chainbill({
      apiKey: 'sk_test_secret',
      baseUrl,
      defaultHeaders: { 'X-Team': 'payments', 'X-Trace': 'default' },
      fetch: async (input, init) => {
        seen.push(new Request(input, init));
        return Response.json({ data: [], has_more: false, next_cursor: null });
      },
    });
    await client.payouts.list({}, { headers: { 'X-Trace': 'call' } });
    const request = seen[0];
    expect(request?.url).toBe(`${baseUrl}/payouts`);
    expect(request?.headers.get('authorization')).toBe('Bearer sk_test_secret');
    expect(request?.headers.get('accept')).toBe('application/json');
    expect(request?.headers.get('x-team')).toBe('payments');
    expect(request?.headers.get('x-trace')).toBe('call');
    expect(request?.headers.get('user-agent')).toBe(`chainbill-js/${VERSION}`);
  });

  it('keeps VERSION in step with package.json', () => {
    expect(VERSION).toBe(pkg.version);
  });
});
