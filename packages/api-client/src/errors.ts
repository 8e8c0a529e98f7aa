import type { components } from '@purchasing/contract';
import type { FetchResponse } from 'openapi-fetch';

/** One field-level problem of a failed call: a dotted body path or a query/header name, and its message. */
export type ApiErrorDetail = components['schemas']['ErrorDetail'];

/** The code of an {@link ApiError} raised because the server could not be reached at all. */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** What the client needs of a failed answer to describe it. */
interface ResponseLike {
  status: number;
  statusText: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isErrorDetail(value: unknown): value is ApiErrorDetail {
  return isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';
}

/**
 * A failed API call (document 1 §8): the server's `message`, `code` and `details` when its body carries
 * them, otherwise `HTTP {status}: {statusText}`, `HTTP_{status}` and `[]`. A call that never reached the
 * server has `status` 0 and `code` `NETWORK_ERROR`.
 */
export class ApiError extends Error {
  /** A stable machine code (`VALIDATION_FAILED`, `HTTP_503`, `NETWORK_ERROR`…): for programs, never shown. */
  readonly code: string;
  /** Field-level problems; `[]` when nothing applies. */
  readonly details: ApiErrorDetail[];
  /** The HTTP status of the answer; 0 when there was none (network failure). */
  readonly status: number;

  /** Builds an error from its parts; most code gets one from {@link unwrap} or {@link ApiError.fromResponse}. */
  constructor(
    message: string,
    options: { code: string; status: number; details?: ApiErrorDetail[]; cause?: unknown },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.details = options.details ?? [];
  }

  /**
   * Describes a failed answer from its status and its (parsed) body, which may be the contract's
   * `{message, code, details}`, some other JSON, text, or nothing.
   */
  static fromResponse(response: ResponseLike, body: unknown): ApiError {
    const serverMessage = isRecord(body) && typeof body.message === 'string' ? body.message.trim() : '';
    const statusText = response.statusText.trim();
    const fallback = statusText ? `HTTP ${response.status}: ${statusText}` : `HTTP ${response.status}`;
    const code =
      isRecord(body) && typeof body.code === 'string' && body.code ? body.code : `HTTP_${response.status}`;
    const details = isRecord(body) && Array.isArray(body.details) ? body.details.filter(isErrorDetail) : [];
    return new ApiError(serverMessage || fallback, { code, status: response.status, details });
  }

  /** The error for a call that never got an answer (offline, DNS, refused connection, CORS). */
  static network(cause?: unknown): ApiError {
    return new ApiError('The server could not be reached. Check your connection and try again.', {
      code: NETWORK_ERROR_CODE,
      status: 0,
      cause,
    });
  }
}

/** Whether `error` is an {@link ApiError} (also across bundle copies, by its name and shape). */
export function isApiError(error: unknown): error is ApiError {
  if (error instanceof ApiError) return true;
  return (
    error instanceof Error &&
    error.name === 'ApiError' &&
    typeof (error as Partial<ApiError>).status === 'number' &&
    typeof (error as Partial<ApiError>).code === 'string'
  );
}

/** Whether `error` is the abort of a call by its `AbortSignal` (which must stay an abort, not become an ApiError). */
export function isAbortError(error: unknown): boolean {
  return isRecord(error) && (error as { name?: unknown }).name === 'AbortError';
}

/** A media type such as `application/json` (openapi-fetch's `MediaType`). */
type MediaType = `${string}/${string}`;

/** The successful body type of an openapi-fetch result. */
export type UnwrappedData<
  T extends Record<string | number, unknown>,
  Options,
  Media extends MediaType,
> = Extract<FetchResponse<T, Options, Media>, { error?: never }>['data'];

/**
 * Waits for an openapi-fetch call and returns its `data` (the success body, typed from the contract), or
 * throws the failure as an {@link ApiError}. A call that could not reach the server throws an ApiError
 * with status 0 and code `NETWORK_ERROR`; an aborted call rethrows its `AbortError`.
 *
 * @example
 * const { user } = await unwrap(client.api.GET('/auth/me'));
 */
export async function unwrap<T extends Record<string | number, unknown>, Options, Media extends MediaType>(
  promise: Promise<FetchResponse<T, Options, Media>>,
): Promise<UnwrappedData<T, Options, Media>> {
  let result: FetchResponse<T, Options, Media>;
  try {
    result = await promise;
  } catch (error) {
    if (isApiError(error) || isAbortError(error)) throw error;
    throw ApiError.network(error);
  }
  if (result.error !== undefined || !result.response.ok) {
    throw ApiError.fromResponse(result.response, result.error);
  }
  return result.data as UnwrappedData<T, Options, Media>;
}
