import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a test receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on an ephemeral port: records every request and answers the queued statuses (200 when none). */
export function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers.shift() ?? 200;
      response.end('ok');
    });
  });
  return new Promise<{ url: string; received: Received[]; answers: number[]; server: Server }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/hooks`, received, answers, server });
    });
  });
}
