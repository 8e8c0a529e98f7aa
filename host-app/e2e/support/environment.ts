import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where `api/` and `host-app/` live). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The PostgreSQL server the end-to-end run creates its database on (`E2E_POSTGRES_URL` overrides). */
export const postgresAdminUrl = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Where the end-to-end run keeps its database name, so every Playwright process sees the same one. */
const DATABASE_NAME_VARIABLE = 'PURCHASING_E2E_DATABASE';

/**
 * The fresh database of this run, `purchasing_e2e_<timestamp>_<random>`. Chosen once by the runner
 * process (the config module is loaded again in each worker, which inherits the variable).
 */
export function e2eDatabaseName(): string {
  const existing = process.env[DATABASE_NAME_VARIABLE];
  if (existing) return existing;
  const name = `purchasing_e2e_${Date.now()}_${randomBytes(4).toString('hex')}`;
  process.env[DATABASE_NAME_VARIABLE] = name;
  return name;
}

/** Only names this run makes are ever created or dropped. */
export function assertE2eDatabaseName(name: string | undefined): string {
  if (!name || !/^purchasing_e2e_\d+_[0-9a-f]+$/.test(name)) {
    throw new Error(`Refusing to touch database ${JSON.stringify(name)}: not an e2e database name.`);
  }
  return name;
}

/** The URL of database `name` on the server of {@link postgresAdminUrl}. */
export function databaseUrl(name: string): string {
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The environment variable the database name is handed over in. */
export const databaseNameVariable = DATABASE_NAME_VARIABLE;
