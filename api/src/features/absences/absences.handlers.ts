import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { requireCaller, requireScope } from '../../http/context.js';
import type { Actor } from '../requisitions/requisitions.service.js';
import {
  cancelMyAbsence,
  createMyAbsence,
  listAbsenceDelegates,
  listMyAbsences,
  updateMyAbsence,
} from './absences.service.js';

const actorOf = (input: HandlerInput): Actor => ({
  userId: requireCaller(input).userId,
  scope: requireScope(input),
});

const idOf = (input: HandlerInput) => (input.request.params as { id: string }).id;

/** Out of office: the caller's own absences (`/users/me/absences`). The service decides the rules. */
export const absenceHandlers: OperationHandlers = {
  listMyAbsences: {
    handler: async (input) => ({ absences: await listMyAbsences(input.app.db, actorOf(input)) }),
  },
  listAbsenceDelegates: {
    handler: async (input) => ({ users: await listAbsenceDelegates(input.app.db, actorOf(input)) }),
  },
  createMyAbsence: {
    handler: async (input) => {
      const absence = await createMyAbsence(input.app.db, actorOf(input), input.request.payload as never);
      return input.h.response({ absence }).code(201);
    },
  },
  updateMyAbsence: {
    handler: async (input) => ({
      absence: await updateMyAbsence(
        input.app.db,
        actorOf(input),
        idOf(input),
        input.request.payload as never,
      ),
    }),
  },
  cancelMyAbsence: {
    handler: async (input) => {
      await cancelMyAbsence(input.app.db, actorOf(input), idOf(input));
      return input.h.response().code(204);
    },
  },
};
