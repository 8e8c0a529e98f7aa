import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The MSW server of the screens tests, answering with the shared typed handlers by default. */
export const server = setupServer(...handlers);
