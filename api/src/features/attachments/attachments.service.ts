import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { execute, select, selectOne } from '../../db-query.js';
import { DomainError, Forbidden, NotFound, ValidationFailed } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { type Actor, visibilityBind, visibleSql } from '../requisitions/requisitions.service.js';
import {
  ATTACHMENT_COLUMNS,
  type AttachmentRow,
  type AttachmentView,
  presentAttachment,
} from './attachments.presenter.js';
import { MAX_FILES_PER_RECORD } from './file-rules.js';
import { assertFilesAcceptable, prepareFiles } from './incoming-files.js';
import { checkDownloadLink, createDownloadLink, type DownloadLink } from './signed-link.js';
import { type AttachmentStorage, newStorageKey } from './storage.js';

/** The kinds of record files attach to (`AttachmentEntityType`). */
export type AttachmentEntityType = components['schemas']['AttachmentEntityType'];

/**
 * One uploaded file as the client sent it. Its bytes wait outside memory (a temporary file) and are
 * read one file at a time, when checked and when stored, so an upload costs the memory of its largest
 * file, never of the whole request.
 */
export interface IncomingFile {
  /** The name the client gave (sanitised before it is stored). */
  fileName: string;
  /** Size in bytes, known before the bytes are read. */
  size: number;
  read(): Promise<Buffer>;
}

/** An upload: the record and its new files. */
export interface UploadRequest {
  entityType: AttachmentEntityType;
  entityId: string;
  files: IncomingFile[];
}

/** What a signed link serves. */
export interface Download {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** Requisition statuses in which the requestor may add or remove files (as they may edit: DECISIONS §3). */
const EDITABLE_REQUISITION = ['draft', 'info_requested'];

const NOUN: Record<AttachmentEntityType, string> = {
  requisition: 'requisition',
  purchase_order: 'purchase order',
};

const MESSAGES = {
  requisitionForbidden: 'Only the requestor can change the attachments of this requisition',
  requisitionConflict:
    'Attachments can only be changed while the requisition is a draft or awaiting more information',
  purchaseOrderForbidden: 'Only buyers can change the attachments of a purchase order',
  purchaseOrderConflict: 'Attachments can only be changed on a draft purchase order',
  linkInvalid: 'This download link is not valid',
  linkExpired: 'This download link has expired. Please request a new one.',
} as const;

/** Purchase orders are seen by holders of `purchase_order.view` (buyers, who manage them, too). */
const seesPurchaseOrders = (actor: Actor) =>
  actor.scope.permissions.has('purchase_order.view') || actor.scope.permissions.has('purchase_order.manage');

/** The record a file belongs to, as the rules need it. */
interface ParentRecord {
  type: AttachmentEntityType;
  id: string;
  status: string;
  requestor_id: string | null;
}

/**
 * The record `type`/`id` of the actor's organisation if the actor can see it, else null. With
 * `lock`, the row stays locked until `transaction` ends: uploads and deletions on one record queue,
 * so the file count and the status cannot change under them.
 */
async function findParent(
  db: Db,
  actor: Actor,
  type: AttachmentEntityType,
  id: string,
  options: { transaction?: Transaction; lock?: boolean } = {},
): Promise<ParentRecord | null> {
  const lock = options.lock ? 'FOR UPDATE' : '';
  if (type === 'requisition') {
    return selectOne<ParentRecord>(
      db,
      `SELECT 'requisition' AS type, r.id, r.status, r.requestor_id
         FROM requisitions r
        WHERE r.id = $1 AND r.organization_id = $2 AND ${visibleSql(3, 4, 5)}
        ${lock}`,
      [id, actor.scope.organizationId, ...visibilityBind(actor)],
      options.transaction,
    );
  }
  if (!seesPurchaseOrders(actor)) return null;
  return selectOne<ParentRecord>(
    db,
    `SELECT 'purchase_order' AS type, p.id, p.status, NULL AS requestor_id
       FROM purchase_orders p
      WHERE p.id = $1 AND p.organization_id = $2
      ${lock}`,
    [id, actor.scope.organizationId],
    options.transaction,
  );
}

const notFound = (type: AttachmentEntityType) =>
  new NotFound(type === 'requisition' ? 'Requisition' : 'Purchase order');

/**
 * Who may add or remove files, and when (document 2 §4, DECISIONS §6): a requisition's requestor
 * (who may still raise requisitions) while it is a draft or awaits more information; a purchase
 * order's buyers (`purchase_order.manage`) while it is a draft. 403 for anyone else, 409 in
 * another status.
 */
function assertMayChangeFiles(actor: Actor, parent: ParentRecord): void {
  if (parent.type === 'requisition') {
    if (parent.requestor_id !== actor.userId || !actor.scope.permissions.has('requisition.create')) {
      throw new Forbidden(MESSAGES.requisitionForbidden);
    }
    if (!EDITABLE_REQUISITION.includes(parent.status)) {
      throw new DomainError(409, 'CONFLICT', MESSAGES.requisitionConflict);
    }
    return;
  }
  if (!actor.scope.permissions.has('purchase_order.manage')) {
    throw new Forbidden(MESSAGES.purchaseOrderForbidden);
  }
  if (parent.status !== 'draft') throw new DomainError(409, 'CONFLICT', MESSAGES.purchaseOrderConflict);
}

/** The 400 for more than {@link MAX_FILES_PER_RECORD} files on one record. */
export function tooManyFiles(
  type: AttachmentEntityType,
  existing: number,
  incoming: number,
): ValidationFailed {
  const noun = NOUN[type];
  const message =
    existing > 0
      ? `Maximum ${MAX_FILES_PER_RECORD} files allowed: this ${noun} already has ${existing}, and ${incoming} more were sent`
      : `Maximum ${MAX_FILES_PER_RECORD} files allowed per ${noun}: ${incoming} were sent`;
  return new ValidationFailed(message, [{ field: 'files', message }]);
}

/** Writes one audit_logs row for an attachment (entity_type `attachment`). */
async function auditAttachment(
  db: Db,
  entry: {
    organizationId: string;
    attachmentId: string;
    action: 'upload' | 'delete';
    actorId: string;
    metadata: Record<string, unknown>;
  },
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    // clock_timestamp(): entries written in one transaction keep their order (now() is shared).
    `INSERT INTO audit_logs (organization_id, entity_type, entity_id, action, actor_id, metadata, created_at)
     VALUES ($1, 'attachment', $2, $3, $4, $5::jsonb, clock_timestamp())`,
    [entry.organizationId, entry.attachmentId, entry.action, entry.actorId, JSON.stringify(entry.metadata)],
    transaction,
  );
}

/**
 * Stores new files on a record, all or nothing in one transaction with an audit row each, and
 * answers them in upload order. Checks, in order: the record is visible (404), the actor may
 * change its files now (403, 409), at most {@link MAX_FILES_PER_RECORD} files counting those
 * already stored (400), then each file's size (413), emptiness (400) and type by extension and
 * content (415). Names are kept for display only; bytes go under generated keys.
 */
export async function uploadAttachments(
  db: Db,
  storage: AttachmentStorage,
  actor: Actor,
  request: UploadRequest,
): Promise<AttachmentView[]> {
  const { entityType, entityId } = request;
  const organizationId = actor.scope.organizationId;
  // More files than any record takes are refused after the record checks, without sniffing them.
  const incoming = request.files.length;
  const files = incoming > MAX_FILES_PER_RECORD ? [] : await prepareFiles(request.files);
  return db.sequelize.transaction(async (transaction) => {
    const parent = await findParent(db, actor, entityType, entityId, { transaction, lock: true });
    if (!parent) throw notFound(entityType);
    assertMayChangeFiles(actor, parent);
    const count = await selectOne<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM attachments
        WHERE organization_id = $1 AND entity_type = $2 AND entity_id = $3`,
      [organizationId, entityType, parent.id],
      transaction,
    );
    const existing = count?.n ?? 0;
    if (existing + incoming > MAX_FILES_PER_RECORD) throw tooManyFiles(entityType, existing, incoming);
    assertFilesAcceptable(files);

    const stored: AttachmentView[] = [];
    // One file at a time: each row gets its own clock_timestamp(), so the list keeps upload order.
    for (const file of files) {
      const key = newStorageKey(organizationId);
      await storage.put(key, await file.read(), { transaction });
      const row = await selectOne<AttachmentRow>(
        db,
        `INSERT INTO attachments AS a
           (organization_id, entity_type, entity_id, file_name, file_size, content_type, storage_key,
            uploaded_by_id, uploaded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, clock_timestamp())
         RETURNING ${ATTACHMENT_COLUMNS}`,
        [
          organizationId,
          entityType,
          parent.id,
          file.fileName,
          file.size,
          file.verdict.contentType,
          key,
          actor.userId,
        ],
        transaction,
      );
      const attachment = presentAttachment(row!);
      await auditAttachment(
        db,
        {
          organizationId,
          attachmentId: attachment.id,
          action: 'upload',
          actorId: actor.userId,
          metadata: {
            record_type: entityType,
            record_id: parent.id,
            record_status: parent.status,
            file_name: attachment.file_name,
            file_size: attachment.file_size,
            content_type: attachment.content_type,
          },
        },
        transaction,
      );
      stored.push(attachment);
    }
    return stored;
  });
}

/** The files of a record the actor can see, oldest first; 404 when the record is not visible. */
export async function listAttachments(
  db: Db,
  actor: Actor,
  entityType: AttachmentEntityType,
  entityId: string,
): Promise<AttachmentView[]> {
  const parent = await findParent(db, actor, entityType, entityId);
  if (!parent) throw notFound(entityType);
  const rows = await select<AttachmentRow>(
    db,
    `SELECT ${ATTACHMENT_COLUMNS} FROM attachments a
      WHERE a.organization_id = $1 AND a.entity_type = $2 AND a.entity_id = $3
      ORDER BY a.uploaded_at, a.id`,
    [actor.scope.organizationId, entityType, parent.id],
  );
  return rows.map(presentAttachment);
}

interface AttachmentRef {
  id: string;
  entity_type: AttachmentEntityType;
  entity_id: string;
}

/** The attachment `id` of the actor's organisation whose record the actor can see (404 otherwise). */
async function visibleAttachment(
  db: Db,
  actor: Actor,
  id: string,
  options: { transaction?: Transaction; lockParent?: boolean } = {},
): Promise<{ attachment: AttachmentRef; parent: ParentRecord }> {
  const attachment = await selectOne<AttachmentRef>(
    db,
    'SELECT id, entity_type, entity_id FROM attachments WHERE id = $1 AND organization_id = $2',
    [id, actor.scope.organizationId],
    options.transaction,
  );
  // A file of a record the actor cannot see is answered like a missing file: ids reveal nothing.
  const parent =
    attachment &&
    (await findParent(db, actor, attachment.entity_type, attachment.entity_id, {
      ...(options.transaction ? { transaction: options.transaction } : {}),
      lock: options.lockParent ?? false,
    }));
  if (!attachment || !parent) throw new NotFound('Attachment');
  return { attachment, parent };
}

/** A signed download link (5 minutes) for a file of a record the actor can see. */
export async function getAttachmentUrl(
  db: Db,
  actor: Actor,
  id: string,
  secret: string,
  now: Date = new Date(),
): Promise<DownloadLink> {
  const { attachment } = await visibleAttachment(db, actor, id);
  return createDownloadLink(secret, attachment.id, now);
}

/**
 * Removes a file and its bytes with an audit row, under the rules of uploading (404, 403, 409).
 * The record is locked before the file row, in the order requisition deletion takes them.
 */
export async function deleteAttachment(
  db: Db,
  storage: AttachmentStorage,
  actor: Actor,
  id: string,
): Promise<void> {
  const organizationId = actor.scope.organizationId;
  await db.sequelize.transaction(async (transaction) => {
    const { parent } = await visibleAttachment(db, actor, id, { transaction, lockParent: true });
    assertMayChangeFiles(actor, parent);
    const removed = await selectOne<AttachmentRow & { storage_key: string }>(
      db,
      `DELETE FROM attachments a WHERE a.id = $1 AND a.organization_id = $2
       RETURNING ${ATTACHMENT_COLUMNS}, a.storage_key`,
      [id, organizationId],
      transaction,
    );
    // Deleted by a concurrent request while this one waited for the record's lock.
    if (!removed) throw new NotFound('Attachment');
    await storage.delete(removed.storage_key, { transaction });
    await auditAttachment(
      db,
      {
        organizationId,
        attachmentId: removed.id,
        action: 'delete',
        actorId: actor.userId,
        metadata: {
          record_type: parent.type,
          record_id: parent.id,
          record_status: parent.status,
          file_name: removed.file_name,
          file_size: Number(removed.file_size),
          content_type: removed.content_type,
        },
      },
      transaction,
    );
  });
}

/**
 * The file behind a signed link: 403 when the signature is not the server's or the link has
 * expired (checked first, so an unsigned request learns nothing about ids), 404 when the file is
 * gone. No token and no organisation: the signature is the authorisation.
 */
export async function openDownload(
  db: Db,
  storage: AttachmentStorage,
  link: { id: string; expires: number; signature: string },
  secret: string,
  now: Date = new Date(),
): Promise<Download> {
  const check = checkDownloadLink(secret, link.id, link.expires, link.signature, now);
  if (check === 'invalid') throw new Forbidden(MESSAGES.linkInvalid, 'LINK_INVALID');
  if (check === 'expired') throw new Forbidden(MESSAGES.linkExpired, 'LINK_EXPIRED');
  const row = await selectOne<{ file_name: string; content_type: string; storage_key: string }>(
    db,
    'SELECT file_name, content_type, storage_key FROM attachments WHERE id = $1',
    [link.id],
  );
  if (!row) throw new NotFound('Attachment');
  const bytes = await storage.get(row.storage_key);
  if (!bytes) throw new NotFound('Attachment');
  return { fileName: row.file_name, contentType: row.content_type, bytes };
}
