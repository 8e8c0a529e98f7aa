import type { components } from '@purchasing/contract';

/**
 * Every machine code the API may answer, as `openapi.yaml` declares it (`ErrorCode`): a code the
 * contract does not declare does not compile.
 */
export type ErrorCode = components['schemas']['ErrorCode'];

/** One field-level problem, named by a dotted path (`line_items.0.quantity`) or a parameter name. */
export interface ErrorDetail {
  field: string;
  message: string;
}

/**
 * Base of every error a service may throw on purpose. The HTTP layer maps it to
 * `{ message, code, details }` with `status`; anything else is an unexpected 500.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request is malformed or breaks a rule; `details` names the fields. */
export class ValidationFailed extends DomainError {
  constructor(message: string, details: ErrorDetail[] = [], code: ErrorCode = 'VALIDATION_FAILED') {
    super(400, code, message, details);
  }
}

/** 401: not signed in, or the credentials/token are not (or no longer) valid. */
export class Unauthorized extends DomainError {
  constructor(message = 'Authentication required', code: ErrorCode = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}

/** 403: signed in but not allowed. */
export class Forbidden extends DomainError {
  constructor(message = 'You do not have permission to perform this action', code: ErrorCode = 'FORBIDDEN') {
    super(403, code, message);
  }
}

/** 404: absent, or belonging to another organisation (never told apart). */
export class NotFound extends DomainError {
  constructor(what = 'Resource', code: ErrorCode = 'NOT_FOUND') {
    super(404, code, `${what} not found`);
  }
}

/** 409: the request conflicts with the record's current state. */
export class Conflict extends DomainError {
  constructor(message: string, code: ErrorCode = 'CONFLICT', details: ErrorDetail[] = []) {
    super(409, code, message, details);
  }
}

/** 429: too many attempts; `retryAfterSec` becomes the Retry-After header. */
export class TooManyRequests extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSec: number,
  ) {
    super(429, 'RATE_LIMITED', message);
  }
}

/**
 * 503: the server is at capacity for this kind of work (e.g. the password-hashing queue is full);
 * `retryAfterSec` becomes the Retry-After header.
 */
export class ServiceBusy extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSec: number,
  ) {
    super(503, 'SERVER_BUSY', message);
  }
}
