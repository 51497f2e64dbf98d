/**
 * Bearer tokens of `--http`, checked as JWTs with `jose` (docs/mcp.md: Remote): the signature
 * against the authorization server's JWKS, the issuer, the expiry, and the audience, which must be
 * this server's own URL (RFC 8707), so a token issued for another resource is refused.
 */
import { OAuthError, OAuthErrorCode, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { UsageError } from './options.js';

/** What the authorization server's metadata (RFC 8414) says, as far as a resource server needs. */
export interface AuthorizationServer {
  readonly issuer: string;
  readonly jwks_uri: string;
  readonly [field: string]: unknown;
}

/**
 * Reads the authorization server's metadata: `/.well-known/oauth-authorization-server`, else
 * `/.well-known/openid-configuration`, under its issuer URL.
 *
 * @param issuer - The `--authorization-server` URL.
 * @returns Its metadata, whose `issuer` is that URL.
 * @throws {UsageError} when neither document can be read, or it names another issuer or no JWKS.
 */
export async function readAuthorizationServer(issuer: URL): Promise<AuthorizationServer> {
  const base = issuer.href.replace(/\/$/, '');
  const path = issuer.pathname === '/' ? '' : issuer.pathname.replace(/\/$/, '');
  const candidates = [
    `${issuer.origin}/.well-known/oauth-authorization-server${path}`,
    `${base}/.well-known/openid-configuration`,
  ];
  for (const url of candidates) {
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) }).catch(
      () => undefined,
    );
    if (response?.ok !== true) continue;
    const metadata = (await response.json().catch(() => null)) as Partial<AuthorizationServer> | null;
    if (typeof metadata?.issuer !== 'string' || typeof metadata.jwks_uri !== 'string') continue;
    if (metadata.issuer.replace(/\/$/, '') !== base)
      throw new UsageError(
        `--authorization-server: ${url} names the issuer ${metadata.issuer}, not ${issuer.href}`,
      );
    return metadata as AuthorizationServer;
  }
  throw new UsageError(`--authorization-server: no OAuth metadata at ${candidates.join(' or ')}`);
}

const words = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(' ').filter(Boolean) : [];

/**
 * The verifier of one authorization server's tokens, for a resource URL.
 *
 * @param server - The authorization server's metadata.
 * @returns For a resource URL, a verifier whose `AuthInfo` carries the scopes, client id, expiry,
 *   audience, and the subject in `extra.sub`.
 */
export function jwtVerifier(server: AuthorizationServer): (resource: URL) => OAuthTokenVerifier {
  const keys = createRemoteJWKSet(new URL(server.jwks_uri));
  return (resource) => ({
    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer: server.issuer,
          audience: resource.href,
          requiredClaims: ['exp'],
        });
        const clientId =
          typeof payload['client_id'] === 'string'
            ? payload['client_id']
            : (payload['azp'] as string | undefined);
        return {
          token,
          clientId: clientId ?? '',
          scopes: words(payload['scope']),
          expiresAt: payload.exp as number, // required above
          resource,
          extra: { sub: payload.sub ?? null },
        };
      } catch (error) {
        const why = error instanceof Error ? error.message : 'it could not be verified';
        throw new OAuthError(OAuthErrorCode.InvalidToken, `The token is refused: ${why}`);
      }
    },
  });
}
