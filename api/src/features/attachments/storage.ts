import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import { execute, selectOne } from '../../db-query.js';
import type { Db } from '../../http/context.js';

/** Options of every storage call. */
export interface StorageOptions {
  /**
   * The database transaction that writes the attachment's metadata. The PostgreSQL storage writes
   * the bytes in it, so metadata and bytes commit or roll back together. A storage outside the
   * database (an object store) ignores it and must tolerate objects left behind by a rolled-back
   * upload (collect keys that no `attachments` row names).
   */
  transaction?: Transaction | null;
}

/**
 * Where attachment bytes live, addressed by a key the server generates ({@link newStorageKey}),
 * never by a client's file name. PostgreSQL by default (DECISIONS §8); an object store can
 * implement the same three calls.
 */
export interface AttachmentStorage {
  /** Stores `bytes` under a new `key` (a key is written once). */
  put(key: string, bytes: Buffer, options?: StorageOptions): Promise<void>;
  /** The bytes under `key`, or `null` when there are none. */
  get(key: string, options?: StorageOptions): Promise<Buffer | null>;
  /** Removes the bytes under `key`; removing a missing key is not an error. */
  delete(key: string, options?: StorageOptions): Promise<void>;
}

/**
 * A new storage key: the organisation as a prefix (so an object store can list, bill or purge an
 * organisation's files) and a random UUID. At most 73 characters.
 */
export function newStorageKey(organizationId: string): string {
  return `${organizationId}/${randomUUID()}`;
}

/** {@link AttachmentStorage} over the `attachment_blobs` table. */
export class PostgresAttachmentStorage implements AttachmentStorage {
  constructor(private readonly db: Db) {}

  async put(key: string, bytes: Buffer, options: StorageOptions = {}): Promise<void> {
    await execute(
      this.db,
      'INSERT INTO attachment_blobs (storage_key, bytes) VALUES ($1, $2)',
      [key, bytes],
      options.transaction,
    );
  }

  async get(key: string, options: StorageOptions = {}): Promise<Buffer | null> {
    const row = await selectOne<{ bytes: Buffer }>(
      this.db,
      'SELECT bytes FROM attachment_blobs WHERE storage_key = $1',
      [key],
      options.transaction,
    );
    return row?.bytes ?? null;
  }

  async delete(key: string, options: StorageOptions = {}): Promise<void> {
    await execute(this.db, 'DELETE FROM attachment_blobs WHERE storage_key = $1', [key], options.transaction);
  }
}

const storages = new WeakMap<Db, AttachmentStorage>();

/** The storage of a database handle (one per handle; the place to choose an object store later). */
export function attachmentStorageFor(db: Db): AttachmentStorage {
  let storage = storages.get(db);
  if (!storage) {
    storage = new PostgresAttachmentStorage(db);
    storages.set(db, storage);
  }
  return storage;
}
