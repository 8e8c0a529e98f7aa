import { mkdtemp, readdir } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../src/db/models/index.js';
import { accessTokenFor, call, createTestApp, expectContract } from '../app.js';
import {
  buildMembership,
  buildOrganization,
  buildPdfBytes,
  buildRequisition,
  buildUser,
} from '../factories.js';

/**
 * Issue 11 §6: a caller without the permission got 400 listing the schema's fields instead of 403,
 * and uploads were read whole into memory before anyone asked who was sending them. Every route
 * checks, in order: authentication, membership, permission; only then is the body read.
 */

let app: Awaited<ReturnType<typeof createTestApp>>;
let uploadDir: string;
let organization: Organization;
let foreign: Organization;
let userToken: string;
let requestorToken: string;
let noPermissionToken: string;
let requisitionId: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'check-order-'));
  app = await createTestApp({ host: '127.0.0.1', port: 0, uploadDir });
  await app.server.start();
  organization = await buildOrganization(app.models);
  foreign = await buildOrganization(app.models);

  const user = await buildUser(app.models);
  await buildMembership(app.models, { user, organization, roleName: 'User' });
  userToken = await accessTokenFor(app.server, user);

  const requestor = await buildUser(app.models);
  await buildMembership(app.models, { user: requestor, organization, roleName: 'User' });
  requestorToken = await accessTokenFor(app.server, requestor);
  requisitionId = (await buildRequisition(app.models, { organization, requestor, status: 'draft' })).id;

  // A member whose role holds no permission at all.
  await app.sequelize.query(
    `INSERT INTO roles (organization_id, name, description, is_system) VALUES ($1, 'Nothing', 'No permission', false)`,
    { bind: [organization.id], type: QueryTypes.INSERT },
  );
  const bare = await buildUser(app.models);
  await buildMembership(app.models, { user: bare, organization, roleName: 'Nothing' });
  noPermissionToken = await accessTokenFor(app.server, bare);
});
afterAll(async () => {
  await app.close();
});

describe('403 before 400: a caller without the permission learns nothing of the schema', () => {
  const writes: [string, string, string][] = [
    ['POST', '/api/purchase-orders', 'createPurchaseOrder'],
    ['POST', '/api/users', 'createUser'],
    ['POST', '/api/roles', 'createRole'],
    ['POST', '/api/departments', 'createDepartment'],
    ['POST', '/api/vendors', 'createVendor'],
    ['POST', '/api/products', 'createProduct'],
  ];
  for (const [method, url, operationId] of writes) {
    it(`a User posting {} to ${url} gets 403`, async () => {
      const response = await call(app.server, method, url, {
        token: userToken,
        organizationId: organization.id,
        payload: {},
      });
      expect(response.statusCode, response.payload).toBe(403);
      expect(response.payload).not.toMatch(/required|must have/i);
      expectContract(response, operationId);
    });

    it(`a non-member posting {} to ${url} gets 403, not 400`, async () => {
      const response = await call(app.server, method, url, {
        token: userToken,
        organizationId: foreign.id,
        payload: {},
      });
      expect(response.statusCode, response.payload).toBe(403);
    });

    it(`anonymous posting {} to ${url} gets 401`, async () => {
      const response = await call(app.server, method, url, { organizationId: organization.id, payload: {} });
      expect(response.statusCode).toBe(401);
    });
  }
});

/**
 * Sends the head of a multipart upload that announces `declaredBytes` but only a first slice of
 * them, over a real socket, and answers the status line the server sends back. A server that read
 * the body before checking the caller would wait for the rest: the test then times out.
 */
function startUpload(token: string, organizationId: string, declaredBytes: number): Promise<number> {
  const { port } = app.server.info;
  const boundary = 'check-order-boundary';
  const head = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="entity_type"',
    '',
    'requisition',
    `--${boundary}`,
    'Content-Disposition: form-data; name="entity_id"',
    '',
    requisitionId,
    `--${boundary}`,
    'Content-Disposition: form-data; name="files"; filename="quote.pdf"',
    'Content-Type: application/pdf',
    '',
    '%PDF-1.4 ',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer within 5 s: the server is reading the body before checking the caller'));
    }, 5000);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (match) {
        clearTimeout(timer);
        socket.destroy();
        resolve(Number(match[1]));
      }
    });
    socket.on('error', (error) => {
      if (!answer) reject(error);
    });
    socket.write(
      [
        'POST /api/attachments/upload HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${token}`,
        `X-Organization-Id: ${organizationId}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${declaredBytes}`,
        '',
        head,
      ].join('\r\n'),
    );
  });
}

describe('uploads are refused before the body is read', () => {
  it('with a foreign X-Organization-Id: 403 at once', async () => {
    expect(await startUpload(requestorToken, foreign.id, 50 * 1024 * 1024)).toBe(403);
  });

  it('without a permission that may upload: 403 at once', async () => {
    expect(await startUpload(noPermissionToken, organization.id, 50 * 1024 * 1024)).toBe(403);
  });

  it('without a token: 401 at once', async () => {
    expect(await startUpload('not-a-token', organization.id, 50 * 1024 * 1024)).toBe(401);
  });

  it('over the request limit: 413 at once, even for a member who may upload', async () => {
    expect(await startUpload(requestorToken, organization.id, 500 * 1024 * 1024)).toBe(413);
  });
});

describe('uploads are streamed to temporary files, removed after the response', () => {
  it('stores the file and leaves nothing behind in the upload folder', async () => {
    const boundary = 'streamed-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        [
          `--${boundary}`,
          'Content-Disposition: form-data; name="entity_type"',
          '',
          'requisition',
          `--${boundary}`,
          'Content-Disposition: form-data; name="entity_id"',
          '',
          requisitionId,
          `--${boundary}`,
          'Content-Disposition: form-data; name="files"; filename="quote.pdf"',
          'Content-Type: application/pdf',
          '',
          '',
        ].join('\r\n'),
      ),
      buildPdfBytes(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/attachments/upload',
      headers: {
        authorization: `Bearer ${requestorToken}`,
        'x-organization-id': organization.id,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(response.statusCode, response.payload).toBe(201);
    expectContract(response, 'uploadAttachments');
    // onPostResponse removes the temporary files right after the answer.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await readdir(uploadDir)).toEqual([]);
  });
});
