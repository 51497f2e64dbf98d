/**
 * A served fake answers only the `Host` names a page on this machine can honestly send
 * (docs/security.md: The fake): loopback names, IP addresses, the host it binds and the names
 * listed in `allowedHosts`. Any other, the mark of a web page whose name was rebound to 127.0.0.1
 * (DNS rebinding), gets 403 `host_not_allowed` before the API, the control API or the inspector
 * sees it. Raw requests over loopback, so the `Host` header is exactly the test's.
 */
import { createFakeChainbill, type FakeChainbill, type FakeServer } from 'chainbill/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawAnswer, sendRaw } from './edge-helpers.js';

const token = 'host-check-control-token';
let fake: FakeChainbill;
let server: FakeServer;
let listed: FakeServer;

beforeAll(async () => {
  fake = createFakeChainbill();
  server = await fake.listen({ controlToken: token });
  listed = await fake.listen({ controlToken: token, allowedHosts: ['chainbill', '.Example.Test.'] });
});
afterAll(async () => {
  await Promise.all([server.close(), listed.close()]);
});

function get(
  at: FakeServer,
  path: string,
  host: string,
  authorization = `Bearer ${fake.apiKey}`,
): Promise<RawAnswer> {
  return sendRaw(
    at.port,
    `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${authorization}\r\nConnection: close\r\n\r\n`,
  );
}

describe('the Host header', () => {
  it.each([
    ['127.0.0.1:{port}'],
    ['localhost:{port}'],
    ['LOCALHOST.'],
    ['app.localhost:{port}'],
    ['[::1]:{port}'],
    ['192.168.1.20:{port}'],
  ])('%s is answered', async (host) => {
    const answer = await get(server, '/v1/customers', host.replace('{port}', String(server.port)));
    expect(answer.status).toBe(200);
  });

  it.each([
    ['rebound.attacker.example:{port}'],
    ['127.0.0.1.nip.io'],
    ['localhost.attacker.example'],
    ['chainbill'],
    [''],
    ['[::1]evil'],
  ])(
    '%j is refused with 403 on the API, the control API and the inspector, nothing recorded',
    async (host) => {
      const before = fake.requests.length;
      const value = host.replace('{port}', String(server.port));
      for (const [path, authorization] of [
        ['/v1/customers', `Bearer ${fake.apiKey}`],
        ['/_fake/', `Bearer ${token}`],
        ['/_fake/ui', ''],
      ] as const) {
        const answer = await get(server, path, value, authorization);
        expect(answer).toMatchObject({ status: 403, json: { error: { code: 'host_not_allowed' } } });
        const message = (answer.json as { error: { message: string } }).error.message;
        expect(message).toContain('--allow-remote');
      }
      expect(fake.requests.length).toBe(before);
    },
  );

  it('allowedHosts adds names: exact, or a .suffix for a name and every name under it', async () => {
    for (const host of ['chainbill:8080', 'CHAINBILL', 'example.test', 'api.example.test'])
      expect((await get(listed, '/v1/customers', host)).status).toBe(200);
    for (const host of ['chainbill.evil', 'notexample.test', 'example.test.evil'])
      expect((await get(listed, '/v1/customers', host)).status).toBe(403);
  });

  it('a hostile Host is shown cut and printable in the message', async () => {
    const answer = await get(server, '/v1/customers', `evil${'x'.repeat(5_000)}.example`);
    const message = (answer.json as { error: { message: string } }).error.message;
    expect(answer.status).toBe(403);
    expect(message).toMatch(/^Host evilx{96} is not/);
  });

  it('refuses an allowedHosts entry that is not a host name, before listening', async () => {
    for (const name of ['a b', 'evil.example/x', '*', '', 'x'.repeat(254)])
      await expect(fake.listen({ allowedHosts: [name] })).rejects.toThrow(RangeError);
  });
});
