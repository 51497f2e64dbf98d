// IMF-fixdate (RFC 9110 §5.6.7), the one HTTP-date form a sender may generate.
const imfFixdate =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * Reads a `Retry-After` value (RFC 9110 §10.2.3): delay-seconds (digits only) or an IMF-fixdate.
 * Anything else (`-1`, `1.5`, `x 5`, `1, 2`, an obsolete date form, an impossible date) is
 * unreadable, so the normal backoff applies.
 *
 * @param value - The header value, or `null`.
 * @param now - Current time in ms since the epoch.
 * @returns Seconds to wait (never negative), or `null` when absent or unreadable.
 */
export function parseRetryAfterSeconds(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (!imfFixdate.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  // A date that rolls over (31 Feb) or names the wrong weekday does not print back the same.
  if (Number.isNaN(date) || new Date(date).toUTCString() !== trimmed) return null;
  return Math.max(0, (date - now) / 1000);
}
