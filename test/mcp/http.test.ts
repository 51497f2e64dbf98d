/**
 * `chainbill-mcp --http` end to end: the built bin as an OAuth 2.1 resource server, a real
 * authorization server (oidc-provider) issuing client-credentials JWTs in this process, and the v2
 * SDK's `Client` getting its token through its own OAuth support (RFC 9728 discovery from the 401).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Client,
  ClientCredentialsProvider,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'dist/mcp/index.js');
const scopes = 'chainbill:read chainbill:write chainbill:approve';

let issuer = '';
let mcpUrl = '';
let authServer: Server;
let mcpProcess: ChildProcess;
let stderr = '';
let signingKey: CryptoKey;

/** An authorization server with three clients: a reader, a writer, and one that may approve. */
async function startAuthorizationServer(): Promise<void> {
  authServer = createServer();
  await new Promise<void>((resolve) => authServer.listen(0, '127.0.0.1', resolve));
  const { port } = authServer.address() as { port: number };
  issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  signingKey = privateKey;
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', use: 'sig', alg: 'RS256' };
  const client = (id: string, scope: string) => ({
    client_id: id,
    client_secret: `${id}-secret-of-32-characters-or-more`,
    grant_types: ['client_credentials'],
    redirect_uris: [],
    response_types: [],
    scope,
  });
  const provider = new Provider(issuer, {
    clients: [
      client('reader', 'chainbill:read'),
      client('writer', 'chainbill:read chainbill:write'),
      client('approver', scopes),
    ],
    scopes: scopes.split(' '),
    jwks: { keys: [jwk] },
    features: {
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => mcpUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resource: string) => ({
          scope: scopes,
          audience: resource,
          accessTokenFormat: 'jwt',
          accessTokenTTL: 300,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
  } as never);
  authServer.on('request', provider.callback());
}

/** Starts the bin on a free port and reads its URL from the line it prints. */
async function startMcp(): Promise<void> {
  mcpProcess = spawn(
    process.execPath,
    [
      bin,
      '--fake',
      '--tools',
      'write',
      '--allow-approve',
      '--http',
      '127.0.0.1:0',
      '--authorization-server',
      issuer,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CHAINBILL_API_KEY: '' } },
  );
  mcpUrl = await new Promise<string>((resolve, reject) => {
    mcpProcess.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const url = /tools at (http:\/\/\S+\/mcp)/.exec(stderr)?.[1];
      if (url !== undefined) resolve(url);
    });
    mcpProcess.once('exit', (code) => reject(new Error(`chainbill-mcp exited ${code}: ${stderr}`)));
  });
}

beforeAll(async () => {
  await startAuthorizationServer();
  await startMcp();
}, 60_000);
afterAll(async () => {
  mcpProcess?.kill();
  await new Promise<void>((resolve) => authServer?.close(() => resolve()));
  authServer?.closeAllConnections();
});

async function connectAs(id: string, scope: string): Promise<Client> {
  const authProvider = new ClientCredentialsProvider({
    clientId: id,
    clientSecret: `${id}-secret-of-32-characters-or-more`,
    scope,
    expectedIssuer: issuer,
  });
  const client = new Client(
    { name: `http-test-${id}`, version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider }));
  return client;
}

const post = (token?: string) =>
  fetch(mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

describe('chainbill-mcp --http', () => {
  it('publishes its protected resource metadata, naming the authorization server', async () => {
    const url = new URL(mcpUrl);
    const response = await fetch(`${url.origin}/.well-known/oauth-protected-resource/mcp`);
    expect(response.status).toBe(200);
    const metadata = await response.json();
    expect(metadata, JSON.stringify(metadata)).toMatchObject({
      resource: mcpUrl,
      authorization_servers: [issuer],
      scopes_supported: scopes.split(' '),
    });
  });

  it('refuses a request without a token, or with a forged, expired or foreign one: 401 with resource_metadata', async () => {
    const forge = (claims: Record<string, unknown>, key: CryptoKey) =>
      new SignJWT({
        scope: scopes,
        client_id: 'approver',
        exp: Math.floor(Date.now() / 1000) + 300,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(issuer)
        .setSubject('approver')
        .setIssuedAt()
        .sign(key);
    const { privateKey: stranger } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const tokens = [
      undefined,
      'not-a-jwt',
      await forge({ aud: mcpUrl }, stranger),
      await forge({ aud: 'http://127.0.0.1:1/mcp' }, signingKey),
      await forge({ aud: mcpUrl, exp: now - 60 }, signingKey),
    ];
    for (const token of tokens) {
      const response = await post(token);
      expect(response.status, String(token)).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(
        /^Bearer .*resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/,
      );
    }
    // A token signed by the authorization server's own key, for this resource, is served.
    expect((await post(await forge({ aud: mcpUrl }, signingKey))).status).toBe(200);
    // A read-only token calling a write: 403 naming the scope it needs.
    const readOnly = await forge({ aud: mcpUrl, scope: 'chainbill:read' }, signingKey);
    const write = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${readOnly}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'payouts_create', arguments: {} },
      }),
    });
    expect(write.status).toBe(403);
    expect(write.headers.get('www-authenticate')).toMatch(
      /error="insufficient_scope".*scope="chainbill:write"/,
    );
  });

  it('serves a client that got its token by client credentials; its scopes choose the tools', async () => {
    const reader = await connectAs('reader', 'chainbill:read');
    const names = (await reader.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('payouts_list');
    expect(names).not.toContain('payouts_create');
    const page = await reader.callTool({ name: 'payouts_list', arguments: { limit: 5 } });
    expect(page.structuredContent).toMatchObject({ has_more: false });
    // A write needs chainbill:write: 403 naming the scope, nothing sent.
    await expect(
      reader.callTool({
        name: 'payouts_create',
        arguments: {
          recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
          chain: 'tron',
          token: 'USDT',
          amount: 12.5,
          currency: 'USD',
        },
      }),
    ).rejects.toThrow(/scope/);
    await reader.close();

    const writer = await connectAs('writer', 'chainbill:read chainbill:write');
    const created = await writer.callTool({
      name: 'payouts_create',
      arguments: {
        recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
        chain: 'tron',
        token: 'USDT',
        amount: 12.5,
        currency: 'USD',
      },
    });
    expect(created.structuredContent).toMatchObject({ created: { status: 'draft', amount: 12.5 } });
    expect((await writer.listTools()).tools.map((tool) => tool.name)).not.toContain('payouts_approve');
    await writer.close();
    expect(stderr).not.toMatch(/sk_test_[A-Za-z0-9]{4}/);
  });
});
