import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * The connection pool size Sequelize MUST use against the embedded database. PGlite runs one query
 * at a time and its socket server accepts this many connections; a larger pool gets ECONNRESET.
 * It also means a query inside a transaction that forgets `{ transaction }` waits forever.
 */
export const EMBEDDED_POOL_MAX = 1;

/** A running embedded PostgreSQL (PGlite) reachable over the PostgreSQL wire protocol. */
export interface EmbeddedDatabase {
  /** `postgres://…@127.0.0.1:<port>/postgres?sslmode=disable`, for the `pg` driver. */
  url: string;
  /** Stops the socket server and closes PGlite, flushing its files. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts PGlite persisted in `dataDir` (its parent folder is created) with the extensions the schema
 * needs (pg_trgm), and serves it on 127.0.0.1 on a free port so Sequelize reaches it through the
 * same `pg` driver as a real server. Use a pool of {@link EMBEDDED_POOL_MAX}.
 */
export async function startEmbeddedDatabase(options: { dataDir: string }): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: 0,
    maxConnections: EMBEDDED_POOL_MAX,
  });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  const port = server.getServerConn().split(':').pop();
  let closed: Promise<void> | null = null;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    close() {
      closed ??= (async () => {
        await server.stop();
        await db.close();
      })();
      return closed;
    },
  };
}
