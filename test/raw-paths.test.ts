/**
 * The paths raw calls refuse before sending (docs/raw-calls.md): anything that could leave the API's
 * base path or smuggle a header (`..` in any encoding, a scheme or host, `;`, encoded controls, a
 * query or fragment), never quoting the path; and the `path` tag that encodes each value.
 */
import { path, RequestValidationError } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure, useFakeApi } from './helpers.js';
import { clientOn, json, scriptedFetch } from './scripted-fetch.js';

const { client, refusedBeforeSending } = useFakeApi();

describe('what is refused before sending', () => {
  it.each([
    ['no leading slash', 'payouts'],
    ['an empty path', ''],
    ['a scheme', 'https://evil.example/x'],
    ['a host', '//evil.example/x'],
    ['a .. segment', '/payouts/../admin'],
    ['a trailing .. segment', '/payouts/..'],
    ['a . segment', '/./payouts'],
    ['an encoded .. segment', '/payouts/%2e%2e/admin'],
    ['a mixed-encoded .. segment', '/payouts/.%2E/admin'],
    ['an encoded slash', '/payouts/..%2F..%2Fadmin'],
    ['a query', '/payouts?status=draft'],
    ['a fragment', '/payouts#x'],
    ['a backslash', '/payouts\\..\\admin'],
    ['a space', '/payouts/po 1'],
    ['a line break', '/payouts/po_1\r\nX-Injected: 1'],
    ['a control character', '/payouts/po_\u0000'],
    ['a lone surrogate', '/payouts/po_\ud800'],
    ['a stray %', '/payouts/100%'],
    ['bytes that are not UTF-8', '/payouts/%ff'],
    ['a Tomcat path parameter climbing out', '/payouts/..;/admin'],
    ['a ; anywhere', '/payouts;jsessionid=1'],
    ['an encoded ;', '/payouts/..%3B/admin'],
    ['an encoded ;, lower-case hex', '/payouts/..%3b/admin'],
    ['an encoded NUL', '/payouts/po_1%00'],
    ['encoded CR/LF', '/payouts/po_1%0d%0aX-Injected:%201'],
    ['encoded CR/LF, upper-case hex', '/payouts/po_1%0D%0A'],
    ['an encoded unit separator', '/payouts/%1F'],
    ['an encoded tab', '/payouts/%09'],
    ['an encoded DEL', '/payouts/%7f'],
    ['an encoded DEL, upper-case hex', '/payouts/%7F'],
    ['an encoded C1 control', '/payouts/%C2%85'],
  ])('%s', async (_, bad) => {
    await refusedBeforeSending(client().get(bad), 'path');
    await refusedBeforeSending(client().post(bad, { body: {} }), 'path');
    await refusedBeforeSending(client().getList(bad, { pagination: 'cursor' }), 'path');
  });

  it('the message names `;` and encoded control characters, without quoting the path', async () => {
    const error = await failure(client().get('/payouts/..;/sk_test_secretvalue%0d%0a'));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain('`;`');
    expect((error as Error).message).toContain('`%0d%0a`');
    expect((error as Error).message).not.toContain('sk_test_secretvalue');
  });

  it('still sends encoded characters that are not controls: a space, a letter beyond ASCII', async () => {
    const { fetch, seen } = scriptedFetch(json(200, { ok: true }));
    await clientOn(fetch).get(path`/things/${'a b ü'}`);
    expect(seen[0]?.url.pathname).toBe('/v1/things/a%20b%20%C3%BC');
  });

  it('a path that is not a string', async () => {
    await refusedBeforeSending(client().delete(42 as never), 'path');
  });

  it.each([
    ['an object value', { a: { b: 1 } }],
    ['null', { a: null }],
    ['NaN', { a: Number.NaN }],
    ['a bigint', { a: 1n }],
    ['an array as the query', ['a']],
  ])('a query holding %s', async (_, query) => {
    await refusedBeforeSending(client().get('/payouts', { query: query as never }), 'query');
  });

  it.each([
    ['a bigint', { amount: 1n }],
    ['a function', () => 1],
    [
      'a cycle',
      (() => {
        const cycle: Record<string, unknown> = {};
        cycle['self'] = cycle;
        return cycle;
      })(),
    ],
  ])('a body holding %s', async (_, body) => {
    await refusedBeforeSending(client().post('/payouts', { body }), 'body');
  });

  it('a body on a GET', async () => {
    await refusedBeforeSending(client().get('/payouts', { body: {} } as never), 'body');
  });

  it('names the problem without quoting the path', async () => {
    const error = await failure(client().get('/payouts/../sk_test_secretvalue'));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain('`..`');
    expect((error as Error).message).not.toContain('sk_test_secretvalue');
  });
});

describe('the path tag', () => {
  it('percent-encodes each value, not the literal parts', () => {
    expect(path`/payouts/${'po_1'}`).toBe('/payouts/po_1');
    expect(path`/a/${'x y?#&'}/b/${42}`).toBe('/a/x%20y%3F%23%26/b/42');
  });

  it('turns a value that would add a segment into one the raw calls refuse', async () => {
    expect(path`/payouts/${'../admin'}`).toBe('/payouts/..%2Fadmin');
    await refusedBeforeSending(client().get(path`/payouts/${'../admin'}`), 'path');
    await refusedBeforeSending(client().get(path`/payouts/${'..'}`), 'path');
    await refusedBeforeSending(client().get(path`/payouts/${'po_\ud800'}`), 'path');
  });
});
