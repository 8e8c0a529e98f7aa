import type { Boom } from '@hapi/boom';
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { DomainError, type ErrorCode } from '../domain/errors.js';

/** The body of every error the API answers, as `openapi.yaml` declares it. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  details: { field: string; message: string }[];
}

const CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  501: 'NOT_IMPLEMENTED',
  503: 'SERVICE_UNAVAILABLE',
};

/** 405: the path exists under other methods, which `Allow` names. */
export class MethodNotAllowed extends DomainError {
  constructor(
    method: string,
    readonly allow: readonly string[],
  ) {
    super(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here: use ${allow.join(' or ')}`);
  }
}

/** Messages for errors Hapi raises itself, so that no framework wording leaks to clients. */
function frameworkMessage(boom: Boom, status: number): { message: string; code: ErrorCode } {
  const raw = boom.message ?? '';
  if (status === 400 && /JSON/i.test(raw))
    return { message: 'The request body is not valid JSON', code: 'INVALID_JSON' };
  if (status === 400 && /prototype/i.test(raw))
    return { message: 'The request body contains a forbidden key', code: 'INVALID_BODY' };
  if (status === 401) return { message: 'Authentication required', code: 'UNAUTHORIZED' };
  if (status === 404) return { message: 'Not found', code: 'NOT_FOUND' };
  if (status === 413) return { message: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' };
  if (status === 415) return { message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' };
  if (status >= 500)
    return {
      message: 'Something went wrong on our side. Please try again.',
      code: CODES[status] ?? 'INTERNAL_ERROR',
    };
  return {
    message: boom.output.payload.message || raw || 'Request failed',
    // A status without a code of its own (414, 431…) is a refusal like any other bad request.
    code: CODES[status] ?? 'BAD_REQUEST',
  };
}

/** Path segments that are secrets (an emailed decision link's token), never written to the log. */
const SECRET_PATH = /^(\/api\/email-decisions\/|\/email-decision\/)[^/]+/;

/** `path` as it may be logged: a secret segment replaced by `[token]`. */
export function loggablePath(path: string): string {
  return path.replace(SECRET_PATH, '$1[token]');
}

/**
 * Maps every error (domain errors thrown by services, Hapi's own, unexpected ones) to
 * `{ message, code, details }` in one place. Unexpected errors are logged, never described.
 */
export const errorResponsePlugin: Plugin<undefined> = {
  name: 'error-response',
  register(server) {
    server.ext('onPreResponse', (request: Request, h: ResponseToolkit) => {
      const response = request.response;
      if (!('isBoom' in response) || !response.isBoom) return h.continue;
      const boom = response as Boom;
      let status = boom.output.statusCode;
      let body: ErrorBody;
      if (boom instanceof DomainError) {
        status = boom.status;
        body = { message: boom.message, code: boom.code, details: boom.details };
      } else {
        if (status >= 500) {
          request.log(['error'], boom);
          console.error(`[api] ${request.method.toUpperCase()} ${loggablePath(request.path)} failed:`, boom);
        }
        body = { ...frameworkMessage(boom, status), details: [] };
      }
      const reply = h.response(body).code(status);
      const retryAfterSec = (boom as { retryAfterSec?: unknown }).retryAfterSec;
      if (boom instanceof DomainError && typeof retryAfterSec === 'number') {
        reply.header('Retry-After', String(retryAfterSec));
      }
      if (status === 401) reply.header('WWW-Authenticate', 'Bearer');
      if (boom instanceof MethodNotAllowed) reply.header('Allow', boom.allow.join(', '));
      return reply;
    });
  },
};
