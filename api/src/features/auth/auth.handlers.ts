import { NotFound } from '../../domain/errors.js';
import { clientAddress } from '../../http/client-address.js';
import type { OperationHandlers } from '../../http/context.js';
import { requireCaller } from '../../http/context.js';
import { login, logout, refresh } from './auth.service.js';
import { loadUser } from './user.presenter.js';

/** Sign-in, token refresh, sign-out and the current user. */
export const authHandlers: OperationHandlers = {
  login: {
    handler: async ({ request, app }) => {
      const body = request.payload as { email: string; password: string };
      return login(app.db, app.config, {
        email: body.email,
        password: body.password,
        ip: clientAddress(request, app.config),
        userAgent: request.headers['user-agent'] as string | undefined,
      });
    },
  },
  refreshSession: {
    handler: async ({ request, app }) => {
      const body = request.payload as { refresh_token: string };
      return refresh(app.db, app.config, body.refresh_token);
    },
  },
  logout: {
    handler: async ({ request, h, app, caller }) => {
      const body = (request.payload ?? {}) as { refresh_token?: string };
      await logout(app.db, { sessionId: caller?.sessionId ?? undefined, refreshToken: body.refresh_token });
      return h.response().code(204);
    },
  },
  getMe: {
    handler: async (input) => {
      const user = await loadUser(input.app.db, requireCaller(input).userId);
      if (!user) throw new NotFound('User');
      return { user };
    },
  },
};
