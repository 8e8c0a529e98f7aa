import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the test server received it. */
export interface RecordedCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers one request; `reply` helpers write JSON or bare statuses. */
export type Handler = (call: RecordedCall, res: ServerResponse) => void | Promise<void>;

/** A real HTTP server on 127.0.0.1 with a programmable handler that records every call. */
export interface TestServer {
  /** `http://127.0.0.1:<port>/api` */
  baseUrl: string;
  calls: RecordedCall[];
  /** Replaces the handler for the following requests. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** Writes `body` as JSON with `status`. */
export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Starts a server on a free port of 127.0.0.1. */
export async function startTestServer(): Promise<TestServer> {
  const calls: RecordedCall[] = [];
  let handler: Handler = (_call, res) =>
    json(res, 404, { message: 'No handler', code: 'NOT_FOUND', details: [] });
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const call: RecordedCall = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    calls.push(call);
    try {
      await handler(call, res);
    } catch (error) {
      json(res, 500, { message: String(error), code: 'TEST_HANDLER_FAILED', details: [] });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    calls,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A base URL on 127.0.0.1 where nothing listens (the port was free a moment ago). */
export async function unreachableBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api`;
}

/** A contract-shaped user for `GET /auth/me` answers. */
export function buildUser(overrides: Record<string, unknown> = {}) {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    first_name: 'Uma',
    last_name: 'Patel',
    email: 'user@acme.test',
    phone: null,
    avatar_url: null,
    is_active: true,
    last_login_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    permissions: [],
    user_organizations: [],
    ...overrides,
  };
}
