/**
 * Typed MSW handlers for the public password screens (forgot password, reset password, accept an
 * invitation): `createPasswordApi()` answers them as the server does for the tokens of
 * {@link passwordTokens}; the factories after it give the throttled, failing and pending states.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { http } from './handlers';

type ErrorDetail = Schemas['ErrorDetail'];

function errorBody(message: string, code: Schemas['ErrorCode'], details: ErrorDetail[] = []) {
  return { message, code, details };
}

/** Tokens the password handlers know: one that works, one expired, one already used; others are invalid. */
export const passwordTokens = {
  valid: 'valid-token-0123456789',
  expired: 'expired-token-0123456789',
  used: 'used-token-0123456789',
  invalid: 'unknown-token-0123456789',
} as const;

const TOKEN_MESSAGES = {
  invalid: 'This link is not valid. Please request a new one.',
  expired: 'This link has expired. Please request a new one.',
  used: 'This link has already been used. Please request a new one.',
} as const;

const PASSWORD_RULES =
  'Password must contain at least one uppercase letter, one lowercase letter, and one number';

/**
 * `POST /auth/forgot-password` (always 202, whether the address exists or not), `/auth/reset-password`
 * and `/auth/accept-invite` (204 for {@link passwordTokens}.valid, once; 400 `INVALID_TOKEN` with the
 * server's message otherwise; 400 with a `password` detail for a password that breaks the rules), and
 * `POST /auth/check-token` as the server answers it. `requests` records every body the first three
 * received; `checks`, every link checked.
 */
export function createPasswordApi() {
  const requests: { path: string; body: unknown }[] = [];
  const spent = new Set<string>();

  const setPassword = (path: '/auth/reset-password' | '/auth/accept-invite') =>
    http.post(path, async ({ request, response }) => {
      const body = await request.json();
      requests.push({ path, body });
      let tokenMessage: string | null = null;
      if (body.token === passwordTokens.expired) tokenMessage = TOKEN_MESSAGES.expired;
      else if (body.token === passwordTokens.used || spent.has(body.token))
        tokenMessage = TOKEN_MESSAGES.used;
      else if (body.token !== passwordTokens.valid) tokenMessage = TOKEN_MESSAGES.invalid;
      if (tokenMessage) {
        return response(400).json(
          errorBody(tokenMessage, 'INVALID_TOKEN', [{ field: 'token', message: tokenMessage }]),
        );
      }
      const { password } = body;
      const passwordMessage =
        password.length < 8
          ? 'Password must be at least 8 characters'
          : /[a-z]/.test(password) && /[A-Z]/.test(password) && /[0-9]/.test(password)
            ? null
            : PASSWORD_RULES;
      if (passwordMessage) {
        return response(400).json(
          errorBody(passwordMessage, 'VALIDATION_FAILED', [{ field: 'password', message: passwordMessage }]),
        );
      }
      spent.add(body.token);
      return response(204).empty();
    });

  const checks: { token: string; purpose: string }[] = [];
  const handlers = [
    // Checks a link without spending it: 204, or 404 INVALID_TOKEN / 410 TOKEN_USED / TOKEN_EXPIRED.
    http.post('/auth/check-token', async ({ request, response }) => {
      const body = await request.json();
      checks.push(body);
      if (body.token === passwordTokens.expired) {
        return response(410).json(errorBody(TOKEN_MESSAGES.expired, 'TOKEN_EXPIRED'));
      }
      if (body.token === passwordTokens.used || spent.has(body.token)) {
        return response(410).json(errorBody(TOKEN_MESSAGES.used, 'TOKEN_USED'));
      }
      if (body.token !== passwordTokens.valid) {
        return response(404).json(errorBody(TOKEN_MESSAGES.invalid, 'INVALID_TOKEN'));
      }
      return response(204).empty();
    }),
    http.post('/auth/forgot-password', async ({ request, response }) => {
      requests.push({ path: '/auth/forgot-password', body: await request.json() });
      return response(202).empty();
    }),
    setPassword('/auth/reset-password'),
    setPassword('/auth/accept-invite'),
  ];
  return { handlers, requests, checks };
}

/** `POST /auth/forgot-password` throttled: 429 with the server's message. */
export function forgotPasswordThrottledHandler() {
  return http.post('/auth/forgot-password', ({ response }) =>
    response(429).json(
      errorBody('Too many password reset requests. Please try again in 42 minutes.', 'RATE_LIMITED'),
    ),
  );
}

// A proxy's bare 503 (no contract body), which the contract does not declare.
const serviceUnavailable = () => new Response(null, { status: 503, statusText: 'Service Unavailable' });

/** `POST /auth/forgot-password`, `/auth/reset-password` and `/auth/accept-invite` failing with a bare 503. */
export function passwordServiceDownHandlers() {
  return [
    http.post('/auth/forgot-password', ({ response }) => response.untyped(serviceUnavailable())),
    http.post('/auth/reset-password', ({ response }) => response.untyped(serviceUnavailable())),
    http.post('/auth/accept-invite', ({ response }) => response.untyped(serviceUnavailable())),
  ];
}

/** `POST /auth/check-token` answering 204 whatever the token (a link spent after it was opened). */
export function tokenCheckPassesHandler() {
  return http.post('/auth/check-token', ({ response }) => response(204).empty());
}

/** The password calls that never answer (submitting state). */
export function passwordPendingHandlers() {
  return [
    http.post('/auth/forgot-password', async ({ response }) => {
      await delay('infinite');
      return response(202).empty();
    }),
    http.post('/auth/reset-password', async ({ response }) => {
      await delay('infinite');
      return response(204).empty();
    }),
    http.post('/auth/accept-invite', async ({ response }) => {
      await delay('infinite');
      return response(204).empty();
    }),
  ];
}
