import type { ServerInjectResponse } from '@hapi/hapi';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../src/config.js';
import type { User } from '../../src/db/models/index.js';
import { createTestApp } from '../app.js';
import { expectCountersExact } from '../counters-check.js';

/**
 * A test file's app and what every API test file uses with it: the JSON of an answer and a member
 * signed in.
 */

/** The app a test file drives (`createTestApp`'s answer). */
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The JSON body of a response. */
export const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

/**
 * The file's app, made before its tests and closed after them. The object is filled in `beforeAll`,
 * so tests use it as they would the app itself. `countersExact` checks before closing that every
 * change the file made kept the maintained counters exact (issue 12).
 */
export function useTestApp(
  overrides: Partial<Config> = {},
  options: { countersExact?: boolean } = {},
): TestApp {
  const app = {} as TestApp;
  beforeAll(async () => {
    Object.assign(app, await createTestApp(overrides));
  });
  afterAll(async () => {
    if (options.countersExact) await expectCountersExact(app.sequelize);
    await app.close();
  });
  return app;
}

/** A member of the world's organisation, signed in. */
export interface Member {
  user: User;
  token: string;
}
