import { request } from 'node:http';
import type { FakeChainbill, FakeServer } from 'chainbill/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenWithControl } from './edge-helpers.js';

// The inspector's files as listen({ controlToken }) serves them (docs/fake-server.md: The
// inspector); the page itself runs in Chromium in test/fake/inspector.test.ts.
const token = 'ctl#&=token%7';
let fake: FakeChainbill;
let server: FakeServer;
let origin: string;

beforeEach(async () => {
  ({ fake, server, origin } = await listenWithControl(token));
});
afterEach(() => server.close());

/** A request sent as written: `fetch` would resolve `..` and `%2e` before sending. */
function raw(method: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${origin}/`, { method, path }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', reject).end();
  });
}

describe('the inspector: its files', () => {
  it('is at the inspectorUrl listen() gives, the token in the fragment and nowhere a server sees', async () => {
    expect(server.inspectorUrl).toBe(`${origin}/_fake/ui#token=${encodeURIComponent(token)}`);
    const url = new URL(server.inspectorUrl ?? '');
    expect(new URLSearchParams(url.hash.slice(1)).get('token')).toBe(token);
    expect(`${url.pathname}${url.search}`).toBe('/_fake/ui');
  });

  it('serves the page with no token, a strict Content-Security-Policy and no inline script or style', async () => {
    for (const path of ['/_fake/ui', '/_fake/ui/']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
      ])
        expect(csp.split('; ')).toContain(directive);
      expect(csp).not.toMatch(/unsafe|\*/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain('<script type="module" src="/_fake/ui/inspector.js"></script>');
      expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script type="module" src="/_fake/ui/inspector.js">']);
      expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    }
  });

  it('serves every module the page imports and every stylesheet it links, with the same headers', async () => {
    const seen = new Set<string>();
    const queue = ['inspector.js'];
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      if (seen.has(name)) continue;
      seen.add(name);
      const response = await fetch(`${origin}/_fake/ui/${name}`);
      expect([name, response.status, response.headers.get('content-type')]).toEqual([
        name,
        200,
        'text/javascript; charset=utf-8',
      ]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      for (const [, imported] of (await response.text()).matchAll(/from '\.\/([\w-]+\.js)'/g))
        if (imported !== undefined) queue.push(imported);
    }
    expect(seen.size).toBeGreaterThan(1);
    const html = await (await fetch(`${origin}/_fake/ui`)).text();
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(([, href]) => href);
    expect(sheets.length).toBeGreaterThan(0);
    for (const href of sheets) {
      const css = await fetch(`${origin}${href}`);
      expect([href, css.status, css.headers.get('content-type')]).toEqual([
        href,
        200,
        'text/css; charset=utf-8',
      ]);
    }
  });

  it('serves nothing outside its folder, takes GET and HEAD only, and needs no token', async () => {
    for (const path of [
      '/_fake/ui/%2e%2e/%2e%2e/package.json',
      '/_fake/ui/..%2f..%2fpackage.json',
      '/_fake/ui/../../package.json',
      '/_fake/ui/nothing.js',
      '/_fake/ui/index.html',
      '/_fake/ui/sub/inspector.js',
      '/_fake/ui/.inspector.js',
    ]) {
      const { status, body } = await raw('GET', path);
      expect([path, status]).toEqual([path, 404]);
      expect(body).not.toContain('"name": "chainbill"');
    }
    const post = await fetch(`${origin}/_fake/ui`, { method: 'POST', body: '{}' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const head = await fetch(`${origin}/_fake/ui/inspector.js`, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
    // The control API beside it still wants the token.
    expect((await fetch(`${origin}/_fake/records`)).status).toBe(401);
  });

  it('is not served without a control token, as the control API is not', async () => {
    const plain = await fake.listen();
    try {
      expect(plain.inspectorUrl).toBeUndefined();
      const answer = await fetch(`${new URL(plain.url).origin}/_fake/ui`);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    } finally {
      await plain.close();
    }
  });
});
