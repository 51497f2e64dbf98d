/**
 * The headers of a page the package serves itself (the fake's inspector, `chainbill-mcp`'s approval
 * page): its content security policy, then no framing, no referrer, no MIME sniffing, no sharing
 * with another origin, nothing cached.
 *
 * @param policy - The page's `Content-Security-Policy` directives, each as `name value`.
 * @returns The headers.
 */
export function pageHeaders(policy: readonly string[]): Readonly<Record<string, string>> {
  return {
    'content-security-policy': policy.join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}
