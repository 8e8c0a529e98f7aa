import type { components } from '@purchasing/contract';
import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { requireCaller, requireScope } from '../../http/context.js';
import { publicBaseUrl } from '../mail/links.js';
import {
  type Actor,
  assignRole,
  createMember,
  deactivateMember,
  getMember,
  listMembers,
  sendPasswordReset,
  updateMember,
} from './users.service.js';

/** The verified caller, their membership of the `X-Organization-Id` organisation and the link base. */
const actorOf = (input: HandlerInput): Actor => ({
  userId: requireCaller(input).userId,
  scope: requireScope(input),
  linkBase: publicBaseUrl(input.app.config),
});

const idOf = (input: HandlerInput) => (input.request.params as { id: string }).id;

/**
 * Users of the organisation (document 2 §2–§9). Permissions: `user.create` creates (and invites),
 * `user.edit` lists, reads, edits, assigns roles and sends password resets, `user.delete`
 * deactivates (DECISIONS §2; the mapping is in docs/decisions.md).
 */
export const userHandlers: OperationHandlers = {
  listUsers: {
    handler: async (input) => ({ users: await listMembers(input.app.db, actorOf(input)) }),
  },
  createUser: {
    handler: async (input) => {
      const user = await createMember(
        input.app.db,
        actorOf(input),
        input.request.payload as components['schemas']['UserCreateInput'],
      );
      return input.h.response({ user }).code(201);
    },
  },
  getUser: {
    handler: async (input) => ({ user: await getMember(input.app.db, actorOf(input), idOf(input)) }),
  },
  updateUser: {
    handler: async (input) => ({
      user: await updateMember(
        input.app.db,
        actorOf(input),
        idOf(input),
        input.request.payload as components['schemas']['UserUpdateInput'],
      ),
    }),
  },
  deactivateUser: {
    handler: async (input) => {
      await deactivateMember(input.app.db, actorOf(input), idOf(input));
      return input.h.response().code(204);
    },
  },
  resetUserPassword: {
    handler: async (input) => {
      await sendPasswordReset(input.app.db, actorOf(input), idOf(input));
      return input.h.response().code(204);
    },
  },
  assignUserRole: {
    handler: async (input) => ({
      user: await assignRole(
        input.app.db,
        actorOf(input),
        idOf(input),
        input.request.payload as components['schemas']['RoleAssignmentInput'],
      ),
    }),
  },
};
