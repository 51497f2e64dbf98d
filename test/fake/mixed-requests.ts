/** The mixed requests of the long-run tests: bounded history under a steady load. */

/** One of the mixed requests: even ones pause or resume with a new key, odd ones list payouts. */
export function mixed(
  baseUrl: string,
  apiKey: string,
  subscriptionId: string,
  k: number,
): [string, RequestInit] {
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  if (k % 2 === 1) return [`${baseUrl}/payouts?limit=1`, { headers }];
  return [
    `${baseUrl}/subscriptions/${subscriptionId}`,
    {
      method: 'PATCH',
      headers: { ...headers, 'idempotency-key': `job-${k}` },
      body: JSON.stringify({ action: k % 4 === 0 ? 'pause' : 'resume' }),
    },
  ];
}
