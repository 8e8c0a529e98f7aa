import { randomUUID } from 'node:crypto';
import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization, User } from '../src/db/models/index.js';
import { signDownload } from '../src/features/attachments/signed-link.js';
import { accessTokenFor, call, expectContract } from './app.js';
import {
  buildCompoundFileBytes,
  buildCostCenter,
  buildExeBytes,
  buildGlAccount,
  buildJpegBytes,
  buildMembership,
  buildOoxmlBytes,
  buildOrganization,
  buildPdfBytes,
  buildPngBytes,
  buildUser,
} from './factories.js';
import { body, type Member, useTestApp } from './support/test-app.js';

const app = useTestApp();

const MB = 1024 * 1024;

interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/**
 * A multipart/form-data body as a browser sends it: text fields, then one `files` part per file
 * (the file name written as raw UTF-8, as browsers do).
 */
function multipart(fields: Record<string, string>, files: UploadFile[]) {
  const boundary = `----attachments${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const pdf = (name = 'quote.pdf'): UploadFile => ({ name, bytes: buildPdfBytes(), type: 'application/pdf' });

async function upload(
  as: Member,
  organization: Organization,
  entity: { type: 'requisition' | 'purchase_order'; id: string },
  files: UploadFile[],
  extraFields: Record<string, string> = {},
): Promise<ServerInjectResponse> {
  const form = multipart({ entity_type: entity.type, entity_id: entity.id, ...extraFields }, files);
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/attachments/upload',
    headers: {
      authorization: `Bearer ${as.token}`,
      'x-organization-id': organization.id,
      'content-type': form.contentType,
    },
    payload: form.payload,
  });
  expectContract(response, 'uploadAttachments');
  return response;
}

async function list(as: Member, organization: Organization, type: string, id: string) {
  const response = await call(app.server, 'GET', `/api/attachments/${type}/${id}`, {
    token: as.token,
    organizationId: organization.id,
  });
  expectContract(response, 'listAttachments');
  return response;
}

async function linkFor(as: Member, organization: Organization, attachmentId: string) {
  const response = await call(app.server, 'GET', `/api/attachments/${attachmentId}`, {
    token: as.token,
    organizationId: organization.id,
  });
  expectContract(response, 'getAttachmentUrl');
  return response;
}

async function download(url: string) {
  const response = await app.server.inject({ method: 'GET', url });
  expectContract(response, 'downloadAttachment');
  return response;
}

async function countRows(sql: string, bind: unknown[]): Promise<number> {
  const [row] = await app.sequelize.query<{ n: number }>(sql, { bind, type: QueryTypes.SELECT });
  return row!.n;
}

/** Attachment rows and stored blobs of a record (blobs through the rows' keys). */
async function storedFor(entityId: string) {
  return {
    rows: await countRows('SELECT count(*)::int AS n FROM attachments WHERE entity_id = $1', [entityId]),
    audit: await countRows(
      `SELECT count(*)::int AS n FROM audit_logs
        WHERE entity_type = 'attachment' AND metadata ->> 'record_id' = $1`,
      [entityId],
    ),
  };
}

const blobCount = () => countRows('SELECT count(*)::int AS n FROM attachment_blobs', []);

/**
 * An organisation with a requestor (User, managed by `manager`), a colleague (User: cannot see the
 * requestor's drafts), a department head (sees every requisition), a buyer (Finance Manager),
 * a guest (a role without any permission) and a cost centre and GL account.
 */
async function buildWorld() {
  const organization = await buildOrganization(app.models);
  const [costCenter, glAccount] = await Promise.all([
    buildCostCenter(app.models, organization),
    buildGlAccount(app.models, organization),
  ]);
  await app.models.Role.create({ organization_id: organization.id, name: 'Guest' });
  const member = async (roleName: string, extra: { manager?: User } = {}): Promise<Member> => {
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, roleName, ...extra });
    return { user, token: await accessTokenFor(app.server, user) };
  };
  const manager = await member('Manager');
  const requestor = await member('User', { manager: manager.user });
  const colleague = await member('User', { manager: manager.user });
  const head = await member('Department Head');
  const buyer = await member('Finance Manager');
  const guest = await member('Guest');
  return { organization, costCenter, glAccount, manager, requestor, colleague, head, buyer, guest };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

async function requisition(world: World, options: { submit?: boolean } = {}): Promise<string> {
  const response = await call(app.server, 'POST', '/api/requisitions', {
    token: world.requestor.token,
    organizationId: world.organization.id,
    payload: {
      cost_center_id: world.costCenter.id,
      gl_account_id: world.glAccount.id,
      line_items: [{ description: 'Paper', quantity: 1, unit_price: 25, unit_of_measure: 'box' }],
      submit: options.submit ?? false,
    },
  });
  expect(response.statusCode, response.payload).toBe(201);
  return body(response).requisition.id;
}

let poSequence = 0;

async function purchaseOrder(world: World, status: 'draft' | 'sent' = 'draft'): Promise<string> {
  poSequence += 1;
  const order = await app.models.PurchaseOrder.create({
    organization_id: world.organization.id,
    po_number: `PO-2026-${String(poSequence).padStart(5, '0')}`,
    status,
    sent_at: status === 'sent' ? new Date() : null,
  });
  return order.id;
}

describe('POST /attachments/upload on a requisition', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('stores a real PDF and PNG of the requestor and lists them oldest first', async () => {
    const id = await requisition(world);
    const response = await upload(world.requestor, world.organization, { type: 'requisition', id }, [
      pdf('Angebot Müller.pdf'),
      { name: 'photo.png', bytes: buildPngBytes(), type: 'image/png' },
    ]);
    expect(response.statusCode, response.payload).toBe(201);
    const { attachments } = body(response);
    expect(attachments).toEqual([
      {
        id: expect.any(String),
        file_name: 'Angebot Müller.pdf',
        file_size: buildPdfBytes().length,
        content_type: 'application/pdf',
        uploaded_at: expect.any(String),
      },
      {
        id: expect.any(String),
        file_name: 'photo.png',
        file_size: buildPngBytes().length,
        content_type: 'image/png',
        uploaded_at: expect.any(String),
      },
    ]);

    const listed = await list(world.requestor, world.organization, 'requisition', id);
    expect(listed.statusCode).toBe(200);
    expect(body(listed).attachments).toEqual(attachments);

    // The requisition detail embeds the same files, and an approver-to-be with view_all sees them.
    const detail = await call(app.server, 'GET', `/api/requisitions/${id}`, {
      token: world.head.token,
      organizationId: world.organization.id,
    });
    expect(body(detail).requisition.attachments).toEqual(attachments);
    expect(body(await list(world.head, world.organization, 'requisition', id)).attachments).toHaveLength(2);

    // Generated keys, never the client's name; one audit row per file.
    const keys = await app.sequelize.query<{ storage_key: string }>(
      'SELECT storage_key FROM attachments WHERE entity_id = $1',
      { bind: [id], type: QueryTypes.SELECT },
    );
    for (const { storage_key } of keys) {
      expect(storage_key).toMatch(new RegExp(`^${world.organization.id}/[0-9a-f-]{36}$`));
    }
    expect(await storedFor(id)).toEqual({ rows: 2, audit: 2 });
  });

  it('keeps an uploaded path or control characters out of the stored name', async () => {
    const id = await requisition(world);
    const response = await upload(world.requestor, world.organization, { type: 'requisition', id }, [
      pdf('..\\..\\windows\\in\u0007voice.pdf'),
    ]);
    expect(response.statusCode, response.payload).toBe(201);
    expect(body(response).attachments[0].file_name).toBe('invoice.pdf');
  });

  it('stores Word and Excel files, current and legacy, with their detected types', async () => {
    const id = await requisition(world);
    const response = await upload(world.requestor, world.organization, { type: 'requisition', id }, [
      { name: 'letter.docx', bytes: buildOoxmlBytes('docx') },
      { name: 'prices.xlsx', bytes: buildOoxmlBytes('xlsx') },
      { name: 'old-letter.doc', bytes: buildCompoundFileBytes(['WordDocument']) },
      { name: 'old-prices.xls', bytes: buildCompoundFileBytes(['Workbook']) },
      { name: 'scan.JPG', bytes: buildJpegBytes() },
    ]);
    expect(response.statusCode, response.payload).toBe(201);
    expect(body(response).attachments.map((a: { content_type: string }) => a.content_type)).toEqual([
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/msword',
      'application/vnd.ms-excel',
      'image/jpeg',
    ]);
  });

  it('judges a part by its bytes, whatever Content-Type the client gave it', async () => {
    const id = await requisition(world);
    const response = await upload(world.requestor, world.organization, { type: 'requisition', id }, [
      { name: 'quote.pdf', bytes: buildPdfBytes(), type: 'application/json' },
      { name: 'photo.png', bytes: buildPngBytes(), type: 'text/plain' },
    ]);
    expect(response.statusCode, response.payload).toBe(201);
    expect(body(response).attachments.map((a: { content_type: string }) => a.content_type)).toEqual([
      'application/pdf',
      'image/png',
    ]);
  });

  it('refuses a Windows executable named .pdf with 415 naming it, and stores nothing of the request', async () => {
    const id = await requisition(world);
    const blobsBefore = await blobCount();
    const response = await upload(world.requestor, world.organization, { type: 'requisition', id }, [
      pdf('fine.pdf'),
      { name: 'invoice.pdf', bytes: buildExeBytes(), type: 'application/pdf' },
    ]);
    expect(response.statusCode, response.payload).toBe(415);
    expect(body(response)).toEqual({
      message: '"invoice.pdf" is not a valid PDF file: its content does not match its extension',
      code: 'UNSUPPORTED_MEDIA_TYPE',
      details: [
        {
          field: 'files.1',
          message: '"invoice.pdf" is not a valid PDF file: its content does not match its extension',
        },
      ],
    });
    expect(await storedFor(id)).toEqual({ rows: 0, audit: 0 });
    expect(await blobCount()).toBe(blobsBefore);
  });

  it('refuses a .txt file with 415 listing the accepted types', async () => {
    const id = await requisition(world);
    const response = await upload(world.requestor, world.organization, { type: 'requisition', id }, [
      { name: 'notes.txt', bytes: Buffer.from('hello'), type: 'text/plain' },
    ]);
    expect(response.statusCode, response.payload).toBe(415);
    expect(body(response).message).toBe(
      'File type not accepted: "notes.txt". Accepted types: PDF, DOC, DOCX, XLS, XLSX, PNG, JPG, JPEG',
    );
    expect(await storedFor(id)).toEqual({ rows: 0, audit: 0 });
  });

  it('refuses an 11th file with 400 naming files, and leaves the ten stored ones as they were', async () => {
    const id = await requisition(world);
    const ten = Array.from({ length: 10 }, (_, i) => pdf(`file-${i + 1}.pdf`));
    expect(
      (await upload(world.requestor, world.organization, { type: 'requisition', id }, ten)).statusCode,
    ).toBe(201);
    const blobsBefore = await blobCount();
    const response = await upload(world.requestor, world.organization, { type: 'requisition', id }, [
      pdf('eleventh.pdf'),
    ]);
    expect(response.statusCode, response.payload).toBe(400);
    expect(body(response)).toEqual({
      message: 'Maximum 10 files allowed: this requisition already has 10, and 1 more were sent',
      code: 'VALIDATION_FAILED',
      details: [
        {
          field: 'files',
          message: 'Maximum 10 files allowed: this requisition already has 10, and 1 more were sent',
        },
      ],
    });
    expect(await storedFor(id)).toEqual({ rows: 10, audit: 10 });
    expect(await blobCount()).toBe(blobsBefore);
  });

  it('refuses eleven files in one request with 400 and stores none', async () => {
    const id = await requisition(world);
    const eleven = Array.from({ length: 11 }, (_, i) => pdf(`file-${i + 1}.pdf`));
    const response = await upload(world.requestor, world.organization, { type: 'requisition', id }, eleven);
    expect(response.statusCode, response.payload).toBe(400);
    expect(body(response).details).toEqual([
      { field: 'files', message: 'Maximum 10 files allowed per requisition: 11 were sent' },
    ]);
    expect(await storedFor(id)).toEqual({ rows: 0, audit: 0 });
  });

  it('accepts a file of exactly 10 MB and refuses 10 MB + 1 byte with 413', async () => {
    const id = await requisition(world);
    const exact = Buffer.alloc(10 * MB, 0x20);
    buildPdfBytes().copy(exact);
    const accepted = await upload(world.requestor, world.organization, { type: 'requisition', id }, [
      { name: 'exact.pdf', bytes: exact },
    ]);
    expect(accepted.statusCode, accepted.payload).toBe(201);
    expect(body(accepted).attachments[0].file_size).toBe(10 * MB);

    const over = Buffer.alloc(10 * MB + 1, 0x20);
    buildPdfBytes().copy(over);
    const refused = await upload(world.requestor, world.organization, { type: 'requisition', id }, [
      { name: 'over.pdf', bytes: over },
    ]);
    expect(refused.statusCode, refused.payload).toBe(413);
    expect(body(refused)).toEqual({
      message: '"over.pdf" is larger than 10 MB, the limit per file',
      code: 'PAYLOAD_TOO_LARGE',
      details: [{ field: 'files.0', message: '"over.pdf" is larger than 10 MB, the limit per file' }],
    });
    expect(await storedFor(id)).toEqual({ rows: 1, audit: 1 });
  });

  it('refuses an empty file with 400', async () => {
    const id = await requisition(world);
    const response = await upload(world.requestor, world.organization, { type: 'requisition', id }, [
      { name: 'empty.pdf', bytes: Buffer.alloc(0) },
    ]);
    expect(response.statusCode, response.payload).toBe(400);
    expect(body(response).details).toEqual([{ field: 'files.0', message: '"empty.pdf" is empty' }]);
  });

  it('answers 403 to a member who can see the requisition but did not raise it', async () => {
    const id = await requisition(world);
    const response = await upload(world.head, world.organization, { type: 'requisition', id }, [pdf()]);
    expect(response.statusCode, response.payload).toBe(403);
    expect(body(response).message).toBe('Only the requestor can change the attachments of this requisition');
  });

  it('answers 404 to a member who cannot see the requisition', async () => {
    const id = await requisition(world);
    const response = await upload(world.colleague, world.organization, { type: 'requisition', id }, [pdf()]);
    expect(response.statusCode, response.payload).toBe(404);
  });

  it('answers 409 once the requisition is submitted (under review)', async () => {
    const id = await requisition(world, { submit: true });
    const response = await upload(world.requestor, world.organization, { type: 'requisition', id }, [pdf()]);
    expect(response.statusCode, response.payload).toBe(409);
    expect(body(response).message).toBe(
      'Attachments can only be changed while the requisition is a draft or awaiting more information',
    );
  });

  it("answers 404 for another organisation's requisition", async () => {
    const id = await requisition(world);
    const other = await buildWorld();
    const response = await upload(other.requestor, other.organization, { type: 'requisition', id }, [pdf()]);
    expect(response.statusCode, response.payload).toBe(404);
    expect(await storedFor(id)).toEqual({ rows: 0, audit: 0 });
  });

  it('checks the form against the contract: a missing entity, an unknown field, a text part as files', async () => {
    const id = await requisition(world);
    const missing = await upload(world.requestor, world.organization, { type: 'requisition', id }, []);
    expect(missing.statusCode).toBe(400);
    expect(body(missing).details).toEqual([{ field: 'files', message: 'files is required' }]);

    const unknown = await upload(world.requestor, world.organization, { type: 'requisition', id }, [pdf()], {
      organization_id: randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).details).toEqual([
      { field: 'organization_id', message: 'This field is not allowed' },
    ]);

    const badType = await upload(
      world.requestor,
      world.organization,
      { type: 'invoice' as 'requisition', id },
      [pdf()],
    );
    expect(badType.statusCode).toBe(400);
    expect(body(badType).details[0].field).toBe('entity_type');

    const form = multipart({ entity_type: 'requisition', entity_id: id, files: 'not a file' }, []);
    const textPart = await app.server.inject({
      method: 'POST',
      url: '/api/attachments/upload',
      headers: {
        authorization: `Bearer ${world.requestor.token}`,
        'x-organization-id': world.organization.id,
        'content-type': form.contentType,
      },
      payload: form.payload,
    });
    expect(textPart.statusCode).toBe(400);
    expect(body(textPart).details).toEqual([{ field: 'files.0', message: 'files.0 must be a file' }]);
    expect(await storedFor(id)).toEqual({ rows: 0, audit: 0 });
  });

  it('refuses a JSON body with 415', async () => {
    const response = await call(app.server, 'POST', '/api/attachments/upload', {
      token: world.requestor.token,
      organizationId: world.organization.id,
      payload: { entity_type: 'requisition', entity_id: randomUUID(), files: [] },
    });
    expect(response.statusCode).toBe(415);
    expectContract(response, 'uploadAttachments');
  });
});

describe('attachments of a purchase order', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('takes files from a buyer while the order is a draft', async () => {
    const id = await purchaseOrder(world);
    const response = await upload(world.buyer, world.organization, { type: 'purchase_order', id }, [pdf()]);
    expect(response.statusCode, response.payload).toBe(201);
    const listed = await list(world.requestor, world.organization, 'purchase_order', id);
    expect(body(listed).attachments).toEqual(body(response).attachments);
  });

  it('answers 403 to a member who may only view orders, 409 on a sent order', async () => {
    const draft = await purchaseOrder(world);
    const viewer = await upload(world.requestor, world.organization, { type: 'purchase_order', id: draft }, [
      pdf(),
    ]);
    expect(viewer.statusCode, viewer.payload).toBe(403);
    expect(body(viewer).message).toBe('Only buyers can change the attachments of a purchase order');

    const sent = await purchaseOrder(world, 'sent');
    const conflict = await upload(world.buyer, world.organization, { type: 'purchase_order', id: sent }, [
      pdf(),
    ]);
    expect(conflict.statusCode, conflict.payload).toBe(409);
    expect(body(conflict).message).toBe('Attachments can only be changed on a draft purchase order');
  });

  it('answers 404 to a member without purchase_order.view', async () => {
    const id = await purchaseOrder(world);
    expect((await list(world.guest, world.organization, 'purchase_order', id)).statusCode).toBe(404);
  });
});

describe('listing', () => {
  it('answers 404 for a record that does not exist or is not visible', async () => {
    const world = await buildWorld();
    const missing = await list(world.requestor, world.organization, 'requisition', randomUUID());
    expect(missing.statusCode).toBe(404);
    const id = await requisition(world);
    expect((await list(world.colleague, world.organization, 'requisition', id)).statusCode).toBe(404);
    expect((await list(world.requestor, world.organization, 'requisition', id)).statusCode).toBe(200);
  });
});

describe('signed download links', () => {
  let world: World;
  let requisitionId: string;
  let attachmentId: string;
  beforeAll(async () => {
    world = await buildWorld();
    requisitionId = await requisition(world);
    const response = await upload(
      world.requestor,
      world.organization,
      { type: 'requisition', id: requisitionId },
      [pdf('Quote 2026.pdf')],
    );
    expect(response.statusCode, response.payload).toBe(201);
    attachmentId = body(response).attachments[0].id;
  });

  it('answers a five-minute link that serves the bytes with safe download headers', async () => {
    const before = Date.now();
    const response = await linkFor(world.requestor, world.organization, attachmentId);
    expect(response.statusCode, response.payload).toBe(200);
    const { url, expires_at } = body(response);
    expect(url).toMatch(
      new RegExp(`^/api/attachments/${attachmentId}/download\\?expires=\\d+&signature=[\\w-]+$`),
    );
    const expiresAt = Date.parse(expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 299_000);
    expect(expiresAt).toBeLessThanOrEqual(before + 301_000);

    const file = await download(url);
    expect(file.statusCode, file.payload).toBe(200);
    expect(file.rawPayload.equals(buildPdfBytes())).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Number(file.headers['content-length'])).toBe(buildPdfBytes().length);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Quote 2026.pdf"; filename*=UTF-8''Quote%202026.pdf`,
    );
  });

  it('serves a non-ASCII name as an ASCII fallback and an RFC 5987 UTF-8 name', async () => {
    const id = await requisition(world);
    const uploaded = await upload(world.requestor, world.organization, { type: 'requisition', id }, [
      pdf('Angebot Müller €.pdf'),
    ]);
    const link = body(
      await linkFor(world.requestor, world.organization, body(uploaded).attachments[0].id),
    ).url;
    const file = await download(link);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Angebot Muller _.pdf"; filename*=UTF-8''Angebot%20M%C3%BCller%20%E2%82%AC.pdf`,
    );
  });

  it('keeps quotes a browser escaped in the name, and downloads them safely encoded', async () => {
    const id = await requisition(world);
    // Browsers send `"` as %22 and CR LF as %0D%0A in a multipart file name.
    const uploaded = await upload(world.requestor, world.organization, { type: 'requisition', id }, [
      pdf('../Quote %22final%22%0D%0A.pdf'),
    ]);
    const attachment = body(uploaded).attachments[0];
    expect(attachment.file_name).toBe('Quote "final".pdf');
    const file = await download(body(await linkFor(world.requestor, world.organization, attachment.id)).url);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Quote _final_.pdf"; filename*=UTF-8''Quote%20%22final%22.pdf`,
    );
  });

  it('gives links to anyone who can see the record, and 404 to others', async () => {
    expect((await linkFor(world.head, world.organization, attachmentId)).statusCode).toBe(200);
    expect((await linkFor(world.colleague, world.organization, attachmentId)).statusCode).toBe(404);
    expect((await linkFor(world.requestor, world.organization, randomUUID())).statusCode).toBe(404);
    const other = await buildWorld();
    const foreign = await call(app.server, 'GET', `/api/attachments/${attachmentId}`, {
      token: other.head.token,
      organizationId: other.organization.id,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a tampered signature, another id and an expired link with 403', async () => {
    const { url } = body(await linkFor(world.requestor, world.organization, attachmentId));
    const parsed = new URL(url, 'http://localhost');
    const signature = parsed.searchParams.get('signature')!;
    const expires = Number(parsed.searchParams.get('expires'));
    const tampered = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await download(
      `/api/attachments/${attachmentId}/download?expires=${expires}&signature=${tampered}`,
    );
    expect(bad.statusCode).toBe(403);
    expect(body(bad)).toEqual({
      message: 'This download link is not valid',
      code: 'LINK_INVALID',
      details: [],
    });

    const longer = await download(
      `/api/attachments/${attachmentId}/download?expires=${expires + 3600}&signature=${signature}`,
    );
    expect(longer.statusCode).toBe(403);

    const other = await download(
      `/api/attachments/${randomUUID()}/download?expires=${expires}&signature=${signature}`,
    );
    expect(other.statusCode).toBe(403);

    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = await download(
      `/api/attachments/${attachmentId}/download?expires=${past}&signature=${signDownload(app.config.attachmentUrlSecret, attachmentId, past)}`,
    );
    expect(expired.statusCode).toBe(403);
    expect(body(expired).code).toBe('LINK_EXPIRED');
  });

  it('answers 400 without expires or signature', async () => {
    const response = await download(`/api/attachments/${attachmentId}/download`);
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for a validly signed link to a file that does not exist', async () => {
    const id = randomUUID();
    const expires = Math.floor(Date.now() / 1000) + 60;
    const response = await download(
      `/api/attachments/${id}/download?expires=${expires}&signature=${signDownload(app.config.attachmentUrlSecret, id, expires)}`,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /attachments/{id}', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  async function uploaded(requisitionId: string): Promise<string> {
    const response = await upload(
      world.requestor,
      world.organization,
      { type: 'requisition', id: requisitionId },
      [pdf()],
    );
    expect(response.statusCode, response.payload).toBe(201);
    return body(response).attachments[0].id;
  }

  it('removes the file and its bytes; a link fetched before then answers 404', async () => {
    const id = await requisition(world);
    const attachmentId = await uploaded(id);
    const { url } = body(await linkFor(world.requestor, world.organization, attachmentId));
    const blobsBefore = await blobCount();

    const response = await call(app.server, 'DELETE', `/api/attachments/${attachmentId}`, {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });
    expect(response.statusCode, response.payload).toBe(204);
    expectContract(response, 'deleteAttachment');

    expect((await download(url)).statusCode).toBe(404);
    expect(body(await list(world.requestor, world.organization, 'requisition', id)).attachments).toEqual([]);
    expect(await blobCount()).toBe(blobsBefore - 1);
    const actions = await app.sequelize.query<{ action: string }>(
      `SELECT action FROM audit_logs WHERE entity_type = 'attachment' AND entity_id = $1 ORDER BY created_at`,
      { bind: [attachmentId], type: QueryTypes.SELECT },
    );
    expect(actions.map((row) => row.action)).toEqual(['upload', 'delete']);

    const again = await call(app.server, 'DELETE', `/api/attachments/${attachmentId}`, {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });
    expect(again.statusCode).toBe(404);
  });

  it('follows the upload rules: 403 for others who can see it, 404 for others, 409 once submitted', async () => {
    const id = await requisition(world);
    const attachmentId = await uploaded(id);
    const as = (member: Member) =>
      call(app.server, 'DELETE', `/api/attachments/${attachmentId}`, {
        token: member.token,
        organizationId: world.organization.id,
      });
    expect((await as(world.head)).statusCode).toBe(403);
    expect((await as(world.colleague)).statusCode).toBe(404);
    const submitted = await call(app.server, 'POST', `/api/requisitions/${id}/submit`, {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });
    expect(submitted.statusCode, submitted.payload).toBe(200);
    const conflict = await as(world.requestor);
    expect(conflict.statusCode).toBe(409);
    expectContract(conflict, 'deleteAttachment');
    expect(body(await list(world.requestor, world.organization, 'requisition', id)).attachments).toHaveLength(
      1,
    );
  });
});
