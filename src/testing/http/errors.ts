/** An error the fake API answers with: `{ error: { type, code, message, param } }` (spec: Errors). */
export class FakeApiError extends Error {
  /** Always `FakeApiError`. */
  override name = 'FakeApiError';
  /** HTTP status the fake answers with, for example `400` or `409`. */
  readonly status: number;
  /** Error category, for example `invalid_request_error` or `authentication_error`. */
  readonly type: string;
  /** Machine-readable code, for example `parameter_invalid` or `resource_missing`. */
  readonly code: string;
  /** The offending parameter, or `null` when none applies. */
  readonly param: string | null;

  /**
   * @param status - HTTP status.
   * @param type - Error category, for example `invalid_request_error`.
   * @param code - Machine-readable code, for example `parameter_invalid`.
   * @param message - Human-readable text.
   * @param param - Offending parameter, or `null`.
   */
  constructor(status: number, type: string, code: string, message: string, param: string | null = null) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }

  /**
   * The error as the API sends it (spec: Errors).
   *
   * @returns `{ error: { type, code, message, param } }`.
   */
  toBody(): {
    /** The error object of the wire body. */
    error: {
      /** Error category. */
      type: string;
      /** Machine-readable code. */
      code: string;
      /** Human-readable text. */
      message: string;
      /** Offending parameter, or `null`. */
      param: string | null;
    };
  } {
    return { error: { type: this.type, code: this.code, message: this.message, param: this.param } };
  }
}

/**
 * 400 `parameter_invalid` naming the parameter: the one way the fake and its control API refuse a
 * value.
 *
 * @param param - The offending parameter, as `param`.
 * @param problem - What is wrong with it, after its name: `must be a number`.
 * @param at - Where in it, when deeper than the parameter (`match.route`); it starts the message.
 * @returns The error, `<at> <problem>` as its message.
 */
export function invalid(param: string, problem: string, at: string = param): FakeApiError {
  return new FakeApiError(400, 'invalid_request_error', 'parameter_invalid', `${at} ${problem}`, param);
}

/** 400 `parameter_missing` naming the parameter. */
export function missing(param: string): FakeApiError {
  return new FakeApiError(400, 'invalid_request_error', 'parameter_missing', `${param} is required`, param);
}

/** 404 `resource_missing`. */
export function notFound(kind: string, id: string): FakeApiError {
  return new FakeApiError(404, 'invalid_request_error', 'resource_missing', `No such ${kind}: ${id}`, 'id');
}

/**
 * @param error - Anything thrown.
 * @returns The first line of its message, never a stack: for the one-line errors of the CLI and
 *   the control API.
 */
export function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/**
 * An options argument of a simulation or seed (`{ confirmations }`, `{ apiKey }`): absent, or an
 * object. The one check every such argument passes, in process and over the control API alike.
 *
 * @param value - What the caller passed.
 * @param param - Its name, for the 400.
 * @returns The object, or `{}` for none.
 * @throws {FakeApiError} 400 `parameter_invalid` naming it, for `null`, an array or a non-object.
 */
export function optionsArgument<T extends object>(value: T | undefined, param: string): Partial<T> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(param, `must be an object or left out, got ${value === null ? 'null' : typeof value}`);
  return value;
}

/**
 * A string argument of a simulation or seed (an id, a reason, a key).
 *
 * @throws {FakeApiError} 400 `parameter_invalid` naming it, for anything but a string.
 */
export function stringArgument(value: unknown, param: string): string {
  if (typeof value !== 'string')
    throw invalid(param, `must be a string, got ${value === null ? 'null' : typeof value}`);
  return value;
}

/** 409 `invalid_state`: the resource's state does not allow the change. */
export function conflict(message: string): FakeApiError {
  return new FakeApiError(409, 'invalid_request_error', 'invalid_state', message, null);
}
