/**
 * `--http host:port`: Streamable HTTP at `/mcp`, stateless (both protocol eras, a server per
 * request), as an OAuth 2.1 resource server (docs/mcp.md: Remote). Every request carries a JWT the
 * `--authorization-server` issued for this server's URL (RFC 8707); its scopes choose the tools.
 * The API key stays here, in the environment: no client ever sends or sees it.
 */
import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  createMcpHandler,
  getOAuthProtectedResourceMetadataUrl,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  OAuthError,
  OAuthErrorCode,
  type OAuthMetadata,
  oauthMetadataResponse,
  verifyBearerToken,
} from '@modelcontextprotocol/server';
import { ApprovalPages } from './approval-page.js';
import type { Prepared } from './main.js';
import { serveFetch } from './node-http.js';
import { jwtVerifier, readAuthorizationServer } from './oauth.js';
import { type Caller, chainbillMcp } from './server.js';
import type { ChainbillTool, ToolKind } from './tools.js';

/** The scope each kind of tool needs. */
export const scopeOf: Readonly<Record<ToolKind, string>> = {
  read: 'chainbill:read',
  write: 'chainbill:write',
  approval: 'chainbill:approve',
};

/** The tool a JSON-RPC body calls, if it is a `tools/call`. */
function calledTool(body: unknown): string | undefined {
  const message = body as { method?: unknown; params?: { name?: unknown } } | null;
  return message?.method === 'tools/call' && typeof message.params?.name === 'string'
    ? message.params.name
    : undefined;
}

/**
 * Serves `--http` until the process ends.
 *
 * @param prepared - The options, client, key and audit log.
 * @param onAuditFailure - Told once when the audit log fails.
 * @returns The MCP endpoint's URL.
 * @throws {Error} when the authorization server's metadata cannot be read, or the address cannot be bound.
 */
export async function serveHttp(
  prepared: Prepared,
  onAuditFailure: (error: unknown) => void,
): Promise<string> {
  const { options, client, apiKey, audit } = prepared;
  const listen = options.http as NonNullable<typeof options.http>;
  const issuer = options.authorizationServer as URL;
  const authorizationServer = await readAuthorizationServer(issuer);
  let origin = '';
  const pages = new ApprovalPages(async () => origin, options.approvalTimeoutMs);
  const mcp = chainbillMcp({
    client,
    apiKey,
    tools: options.tools,
    audit,
    approvalTimeoutMs: options.approvalTimeoutMs,
    pages,
    onAuditFailure,
  });
  const handler = createMcpHandler((ctx) => mcp.server(callerOf(ctx.authInfo, options.tools)));
  const loopbackNames = ['127.0.0.1', '[::1]', ...localhostAllowedHostnames()];
  const allowed = [listen.host.includes(':') ? `[${listen.host}]` : listen.host, ...loopbackNames];

  const handle = async (request: Request): Promise<Response> => {
    // A name another site rebound to this address (DNS rebinding) reaches nothing.
    const rebound = hostHeaderValidationResponse(request, allowed);
    if (rebound !== undefined) return rebound;
    const resource = new URL(`${origin}/mcp`);
    const metadata = oauthMetadataResponse(request, {
      oauthMetadata: authorizationServer as unknown as OAuthMetadata,
      resourceServerUrl: resource,
      scopesSupported: ['chainbill:read', 'chainbill:write', 'chainbill:approve'],
      resourceName: 'Chainbill',
      dangerouslyAllowInsecureIssuerUrl: issuer.protocol === 'http:',
    });
    if (metadata !== undefined) return metadata;
    const page = await pages.handle(request);
    if (page !== undefined) return page;
    if (new URL(request.url).pathname !== '/mcp') return new Response('Not found\n', { status: 404 });
    return serveMcp(request, resource);
  };

  const verifier = jwtVerifier(authorizationServer);
  const serveMcp = async (request: Request, resource: URL): Promise<Response> => {
    const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(resource);
    let auth: AuthInfo;
    try {
      auth = await verifyBearerToken(request.headers.get('authorization'), {
        verifier: verifier(resource),
        expectedResource: resource,
        resourceMetadataUrl,
      });
    } catch (error) {
      // The challenge names the least scope that serves anything; a call that needs more says so.
      return bearerAuthChallengeResponse(error, { resourceMetadataUrl, requiredScopes: ['chainbill:read'] });
    }
    const body: unknown =
      request.method === 'POST'
        ? await request
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
    const name = calledTool(body);
    const tool = options.tools.find((candidate) => candidate.name === name);
    const needed = tool === undefined ? 'chainbill:read' : scopeOf[tool.kind];
    if (!auth.scopes.includes(needed) && (tool !== undefined || !hasAnyScope(auth))) {
      const refusal = new OAuthError(OAuthErrorCode.InsufficientScope, `this call needs the scope ${needed}`);
      return bearerAuthChallengeResponse(refusal, { requiredScopes: [needed], resourceMetadataUrl });
    }
    return handler.fetch(request, { authInfo: auth, ...(body === undefined ? {} : { parsedBody: body }) });
  };

  const server = await serveFetch(handle, listen.host, listen.port);
  origin = server.origin;
  const stop = () =>
    void Promise.all([handler.close(), server.close(), audit?.close()]).then(() => process.exit(0));
  process.once('SIGINT', stop).once('SIGTERM', stop);
  return `${origin}/mcp`;
}

const hasAnyScope = (auth: AuthInfo): boolean =>
  Object.values(scopeOf).some((scope) => auth.scopes.includes(scope));

/** Who calls, from their token: the tools its scopes allow among those offered. */
function callerOf(auth: AuthInfo | undefined, offered: readonly ChainbillTool[]): Caller {
  const scopes = auth?.scopes ?? [];
  const extra = (auth?.extra ?? {}) as { sub?: unknown };
  return {
    sub: typeof extra.sub === 'string' ? extra.sub : null,
    clientId: auth?.clientId ?? null,
    tools: new Set(offered.filter((tool) => scopes.includes(scopeOf[tool.kind])).map((tool) => tool.name)),
  };
}
