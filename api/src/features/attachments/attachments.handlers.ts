import { readFile } from 'node:fs/promises';
import type { ValidateFunction } from 'ajv';
import { type ContractValidator, toDetails, validationError } from '../../contract/validation.js';
import { Forbidden } from '../../domain/errors.js';
import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { requireCaller } from '../../http/context.js';
import { type FilePart, isFilePart } from '../../http/uploads.js';
import type { Actor } from '../requisitions/requisitions.service.js';
import { contentDisposition } from './attachments.presenter.js';
import {
  type AttachmentEntityType,
  deleteAttachment,
  getAttachmentUrl,
  type IncomingFile,
  listAttachments,
  openDownload,
  uploadAttachments,
} from './attachments.service.js';
import { MAX_FILE_BYTES, MAX_FILES_PER_RECORD } from './file-rules.js';
import { attachmentStorageFor } from './storage.js';

/** The verified caller and their membership of the `X-Organization-Id` organisation. */
function actorOf(input: HandlerInput): Actor {
  if (!input.scope) throw new Forbidden('An organization must be selected', 'ORGANIZATION_REQUIRED');
  return { userId: requireCaller(input).userId, scope: input.scope };
}

const idOf = (input: HandlerInput) => (input.request.params as { id: string }).id;

/**
 * The file name as the user had it. Browsers escape `"`, CR and LF in multipart file names as
 * `%22`, `%0D` and `%0A` (HTML's form-data encoding) and nothing else, so only those are undone
 * (CR and LF are then dropped with the other control characters by the service).
 */
export function decodeFormDataFileName(name: string): string {
  return name.replace(/%(22|0D|0A)/gi, (_match, code: string) =>
    String.fromCharCode(Number.parseInt(code, 16)),
  );
}

const uploadSchemas = new WeakMap<ContractValidator, ValidateFunction>();

/** The compiled `AttachmentUpload` schema, once per contract (ajv does not cache by pointer). */
function uploadSchemaOf(validator: ContractValidator): ValidateFunction {
  let validate = uploadSchemas.get(validator);
  if (!validate) {
    validate = validator.compile('#/components/schemas/AttachmentUpload');
    uploadSchemas.set(validator, validate);
  }
  return validate;
}

/**
 * Reads the multipart form of `uploadAttachments` and checks it against the contract's
 * `AttachmentUpload` schema (fields strict, `files` as file parts). The contract's own per-request
 * `maxItems` is left to the service, which counts the files already stored and says so.
 */
async function readUploadForm(input: HandlerInput): Promise<{
  entityType: AttachmentEntityType;
  entityId: string;
  files: IncomingFile[];
}> {
  const payload = (input.request.payload ?? {}) as Record<string, unknown>;
  const rawFiles = payload.files === undefined ? [] : [payload.files].flat();
  const notFiles = rawFiles.flatMap((value, index) =>
    isFilePart(value) ? [] : [{ field: `files.${index}`, message: `files.${index} must be a file` }],
  );
  if (notFiles.length) throw validationError(notFiles);

  // Files are stood in for by their names: their bytes are the service's to judge.
  const form = {
    ...payload,
    ...(rawFiles.length ? { files: (rawFiles as FilePart[]).map((part) => part.filename || 'file') } : {}),
  };
  const validate = uploadSchemaOf(input.app.contract.validator);
  if (!validate(form)) {
    const errors = (validate.errors ?? []).filter(
      (error) => !(error.instancePath === '/files' && error.keyword === 'maxItems'),
    );
    if (errors.length) throw validationError(toDetails(errors));
  }
  const files: IncomingFile[] = (rawFiles as FilePart[]).map((part) => ({
    fileName: decodeFormDataFileName(part.filename ?? ''),
    size: part.bytes,
    read: () => readFile(part.path),
  }));
  return {
    entityType: payload.entity_type as AttachmentEntityType,
    entityId: payload.entity_id as string,
    files,
  };
}

/**
 * Attachments of requisitions and purchase orders: upload (multipart), list, signed download
 * link, delete, and the download the link points at. Who may do what is the service's to decide
 * (the record's visibility, requestor or buyer, status).
 */
export const attachmentHandlers: OperationHandlers = {
  uploadAttachments: {
    route: {
      payload: {
        // Every part streamed to a temporary file as it arrives (`data` would also parse a part sent
        // as application/json or text); the caller's membership and permission were checked before.
        multipart: { output: 'file' },
        // Ten files of the largest size plus the multipart framing; a larger body is a 413.
        maxBytes: MAX_FILES_PER_RECORD * MAX_FILE_BYTES + 1024 * 1024,
        maxParts: MAX_FILES_PER_RECORD * 2 + 10,
        // 100 MB needs time on an ordinary uplink; Hapi's default (10 s) would cut it off.
        timeout: 5 * 60 * 1000,
      },
    },
    handler: async (input) => {
      const actor = actorOf(input);
      const form = await readUploadForm(input);
      const attachments = await uploadAttachments(
        input.app.db,
        attachmentStorageFor(input.app.db),
        actor,
        form,
      );
      return input.h.response({ attachments }).code(201);
    },
  },
  listAttachments: {
    handler: async (input) => {
      const params = input.request.params as { entityType: AttachmentEntityType; entityId: string };
      return {
        attachments: await listAttachments(input.app.db, actorOf(input), params.entityType, params.entityId),
      };
    },
  },
  getAttachmentUrl: {
    handler: async (input) =>
      getAttachmentUrl(input.app.db, actorOf(input), idOf(input), input.app.config.attachmentUrlSecret),
  },
  deleteAttachment: {
    handler: async (input) => {
      await deleteAttachment(input.app.db, attachmentStorageFor(input.app.db), actorOf(input), idOf(input));
      return input.h.response().code(204);
    },
  },
  downloadAttachment: {
    handler: async (input) => {
      const query = input.request.query as { expires: number; signature: string };
      const file = await openDownload(
        input.app.db,
        attachmentStorageFor(input.app.db),
        { id: idOf(input), expires: query.expires, signature: query.signature },
        input.app.config.attachmentUrlSecret,
      );
      return input.h
        .response(file.bytes)
        .type(file.contentType)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
    },
  },
};
