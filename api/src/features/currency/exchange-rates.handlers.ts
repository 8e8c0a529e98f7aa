import type { components } from '@purchasing/contract';
import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { requireCaller, requireScope } from '../../http/context.js';
import {
  createExchangeRate,
  deleteExchangeRate,
  listExchangeRates,
  type RateActor,
  updateExchangeRate,
} from './exchange-rates.service.js';

type CurrencyCode = components['schemas']['CurrencyCode'];

const idOf = (input: HandlerInput) => (input.request.params as { id: string }).id;
const actorOf = (input: HandlerInput): RateActor => ({
  organizationId: requireScope(input).organizationId,
  userId: requireCaller(input).userId,
});

/** Exchange rates into the organisation's base currency: read by every member, kept by `org.settings` holders. */
export const exchangeRateHandlers: OperationHandlers = {
  listExchangeRates: {
    handler: (input) =>
      listExchangeRates(
        input.app.db,
        requireScope(input).organizationId,
        input.request.query as { currency?: CurrencyCode },
      ),
  },
  createExchangeRate: {
    handler: async (input) => {
      const rate = await createExchangeRate(
        input.app.db,
        actorOf(input),
        input.request.payload as components['schemas']['ExchangeRateInput'],
      );
      return input.h.response({ exchange_rate: rate }).code(201);
    },
  },
  updateExchangeRate: {
    handler: async (input) => ({
      exchange_rate: await updateExchangeRate(
        input.app.db,
        actorOf(input),
        idOf(input),
        input.request.payload as components['schemas']['ExchangeRateUpdateInput'],
      ),
    }),
  },
  deleteExchangeRate: {
    handler: async (input) => {
      await deleteExchangeRate(input.app.db, actorOf(input), idOf(input));
      return input.h.response().code(204);
    },
  },
};
