import { fsyncSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
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
 * PGlite's folder filesystem with a working fsync. PGlite starts PostgreSQL with `-F` (fsync off),
 * and its Emscripten Node filesystem has no fsync at all (an fsync call succeeds and does nothing):
 * a commit's WAL reaches the kernel (a `pwrite` before the commit answers, so it survives a SIGKILL
 * of the process) but never the disk, so a power cut or an OS crash could lose acknowledged writes.
 * This filesystem gives every file an fsync that calls the real one, and {@link openEmbeddedPglite}
 * turns fsync on with `wal_sync_method = fsync` (PGlite's `fdatasync` is a stub), so a commit
 * answers only once its WAL is on disk, as on a PostgreSQL server (docs/reliability.md).
 */
type EmscriptenOptions = Parameters<NodeFS['init']>[1];

export class DurableNodeFS extends NodeFS {
  /** fsync calls that reached the disk (for the test that proves the hook is in place). */
  syncs = 0;

  override async init(pg: PGlite, opts: EmscriptenOptions): Promise<{ emscriptenOpts: EmscriptenOptions }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: { FS: unknown }) => {
        const nodefs = (mod.FS as { filesystems: { NODEFS: NodeFsInternals } }).filesystems.NODEFS;
        // Every file and folder NODEFS opens shares this stream_ops object.
        nodefs.stream_ops.fsync = (stream) => {
          if (typeof stream.nfd === 'number') nodefs.tryFSOperation(() => fsyncSync(stream.nfd!));
          this.syncs++;
          return 0;
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

/** The parts of Emscripten's NODEFS the fsync hook uses. */
interface NodeFsInternals {
  stream_ops: { fsync?: (stream: { nfd?: number }) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/**
 * Opens PGlite persisted in `dataDir` with fsync on (see {@link DurableNodeFS}) and the extensions
 * the schema needs.
 */
export async function openEmbeddedPglite(dataDir: string): Promise<PGlite & { durableFs: DurableNodeFS }> {
  const fs = new DurableNodeFS(dataDir);
  const startParams = [
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    '-c',
    'wal_sync_method=fsync',
  ];
  const db = await PGlite.create({ fs, startParams, extensions: { pg_trgm } });
  return Object.assign(db, { durableFs: fs });
}

/**
 * Starts PGlite persisted in `dataDir` (its parent folder is created) with the extensions the schema
 * needs (pg_trgm), and serves it on 127.0.0.1 on a free port so Sequelize reaches it through the
 * same `pg` driver as a real server. Use a pool of {@link EMBEDDED_POOL_MAX}.
 */
export async function startEmbeddedDatabase(options: { dataDir: string }): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const db = await openEmbeddedPglite(dataDir);
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
