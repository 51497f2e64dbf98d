import {
  APIError,
  type APIErrorInit,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../core/error.js';

const byStatus: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/**
 * Picks the error class for an API error: `type: authentication_error` wins, then the status.
 *
 * @param init - Status, parsed error body, headers and raw body.
 * @returns The matching {@link APIError} subclass instance.
 */
export function makeAPIError(init: APIErrorInit): APIError {
  if (init.error?.type === 'authentication_error') return new AuthenticationError(init);
  const status = init.status ?? 0;
  const Class = byStatus[status] ?? (status >= 500 ? InternalServerError : APIError);
  return new Class(init);
}
