/**
 * Which `Host` a served fake answers: a guard against DNS rebinding, where a web page whose name
 * now resolves to 127.0.0.1 would reach the fake's API and control API with the docs' public seed
 * keys. A browser sends the page's own name as `Host`, so, as dev servers do, only loopback names,
 * IP addresses (which no rebinding can give), the bound host and the names a caller lists pass.
 */
import { FakeApiError } from './errors.js';

/** A host name of letters, digits and `-` in dot-separated labels; a leading `.` matches subdomains. */
const hostName =
  /^\.?(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const ipv4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * The extra host names a server answers, checked: `chainbill` matches itself, `.example.test`
 * matches `example.test` and any name under it.
 *
 * @param names - Host names, in any case.
 * @returns The names, lower case.
 * @throws {RangeError} For a value that is not a host name.
 */
export function allowedHostsOf(names: readonly unknown[] = []): string[] {
  return names.map((name) => {
    const lower = typeof name === 'string' ? name.toLowerCase().replace(/\.$/, '') : '';
    if (!hostName.test(lower))
      throw new RangeError(
        `allowedHosts: ${JSON.stringify(name)} is not a host name (letters, digits, - and dots; .name for every name under it)`,
      );
    return lower;
  });
}

/**
 * A check of a request's `Host` header.
 *
 * @param bound - The address or name the server binds (`--host`).
 * @param extra - Names from {@link allowedHostsOf}.
 * @returns `undefined` when the request may go on (no `Host` at all is HTTP/1.0, never a browser),
 *   or the 403 to answer.
 */
export function hostCheck(
  bound: string,
  extra: readonly string[],
): (host: string | undefined) => FakeApiError | undefined {
  const own = bound.toLowerCase();
  return (host) => {
    if (host === undefined) return undefined;
    const name = nameOf(host);
    if (
      name !== undefined &&
      (ipv4.test(name) ||
        name.startsWith('[') ||
        name === 'localhost' ||
        name.endsWith('.localhost') ||
        name === own ||
        extra.some(
          (entry) =>
            name === entry || (entry.startsWith('.') && (name.endsWith(entry) || name === entry.slice(1))),
        ))
    )
      return undefined;
    const shown = host.replace(/[^\x21-\x7e]/g, '?').slice(0, 100);
    return new FakeApiError(
      403,
      'invalid_request_error',
      'host_not_allowed',
      `Host ${shown} is not a name this fake answers: it answers loopback names, IP addresses and the host it binds; ` +
        'add a name with chainbill-fake --allow-remote <name> (listen({ allowedHosts }) in process). A web page on ' +
        'another name reaching 127.0.0.1 is what this refuses (DNS rebinding).',
    );
  };
}

/** The host of a `Host` header, lower case, without its port or a final dot; an IPv6 address keeps its brackets. */
function nameOf(host: string): string | undefined {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) {
    const end = lower.indexOf(']');
    const rest = lower.slice(end + 1);
    return end > 1 && /^[0-9a-f:.]+$/.test(lower.slice(1, end)) && /^(?::\d{1,5})?$/.test(rest)
      ? lower.slice(0, end + 1)
      : undefined;
  }
  const match = /^([^:]*)(?::\d{1,5})?$/.exec(lower);
  return match?.[1]?.replace(/\.$/, '');
}
