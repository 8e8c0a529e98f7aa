import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { requireScope } from '../../http/context.js';
import { actorHolding } from '../roles/access.js';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhookDelivery,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
  type WebhookActor,
  type WebhookForm,
} from './webhooks.service.js';

const idOf = (input: HandlerInput) => (input.request.params as { id: string }).id;
const MANAGERS = ['org.settings'] as const;

const managerOf = (input: HandlerInput): WebhookActor => ({
  ...actorHolding(input, MANAGERS),
  allowPrivateUrls: input.app.config.webhooks.allowPrivateUrls,
});

/** Webhook endpoints and their delivery log: everything needs `org.settings` (the route table checks it). */
export const webhookHandlers: OperationHandlers = {
  listWebhooks: {
    handler: async (input) => ({
      webhooks: await listWebhooks(input.app.db, requireScope(input).organizationId),
    }),
  },
  createWebhook: {
    handler: async (input) => {
      const created = await createWebhook(
        input.app.db,
        managerOf(input),
        input.request.payload as WebhookForm,
      );
      return input.h.response(created).code(201);
    },
  },
  getWebhook: {
    handler: async (input) => ({
      webhook: await getWebhook(input.app.db, requireScope(input).organizationId, idOf(input)),
    }),
  },
  updateWebhook: {
    handler: async (input) => ({
      webhook: await updateWebhook(
        input.app.db,
        managerOf(input),
        idOf(input),
        input.request.payload as WebhookForm,
      ),
    }),
  },
  deleteWebhook: {
    handler: async (input) => {
      await deleteWebhook(input.app.db, managerOf(input), idOf(input));
      return input.h.response().code(204);
    },
  },
  rotateWebhookSecret: {
    handler: async (input) => rotateWebhookSecret(input.app.db, managerOf(input), idOf(input)),
  },
  testWebhook: {
    handler: async (input) => {
      const delivery = await testWebhook(input.app.db, managerOf(input), idOf(input));
      return input.h.response({ delivery }).code(202);
    },
  },
  listWebhookDeliveries: {
    handler: async (input) =>
      listWebhookDeliveries(
        input.app.db,
        requireScope(input).organizationId,
        idOf(input),
        input.request.query as { limit?: number; offset?: number },
      ),
  },
  redeliverWebhookDelivery: {
    handler: async (input) => {
      const delivery = await redeliverWebhookDelivery(input.app.db, managerOf(input), idOf(input));
      return input.h.response({ delivery }).code(202);
    },
  },
};
