// The control API as the inspector calls it: same origin, the token as a bearer, errors thrown with
// the API's own code and message so the page can show them as they are.

/** A refusal or failure of the control API (status 0: the fake did not answer at all). */
export class ControlError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.name = 'ControlError';
    this.status = status;
    this.code = code;
  }

  /** Whether the token was refused: nothing more can be asked with it. */
  get refusedToken() {
    return this.status === 401 || this.status === 403;
  }
}

/**
 * @param {string} token - The control token.
 * @returns {(method: string, path: string, body?: unknown) => Promise<any>} A call of the control
 *   API under `/_fake/`, resolving with the JSON answer.
 */
export function controlApi(token) {
  return async (method, path, body) => {
    const headers = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response;
    try {
      response = await fetch(`/_fake/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
        credentials: 'omit',
      });
    } catch {
      throw new ControlError(0, 'unreachable', 'The fake does not answer: is chainbill-fake still running?');
    }
    const data = await response.json().catch(() => null);
    if (response.ok) return data;
    const error = data?.error ?? {};
    throw new ControlError(
      response.status,
      String(error.code ?? 'error'),
      String(error.message ?? `The control API answered ${response.status}.`),
    );
  };
}

/**
 * @param {unknown} error
 * @returns {string} One line for the page: the status and code of a refusal, then its message.
 */
export function describeError(error) {
  if (error instanceof ControlError)
    return error.status === 0 ? error.message : `${error.status} ${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
