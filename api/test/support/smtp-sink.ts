import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
  user: string | undefined;
}

/** A real SMTP server on a free loopback port that records what it receives. */
export async function startSmtpServer(
  options: Partial<SMTPServerOptions> & { reject?: { code: number; message: string }; delayMs?: number } = {},
): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const { reject, delayMs = 0, ...serverOptions } = options;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (reject) {
          const error = Object.assign(new Error(reject.message), { responseCode: reject.code });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        // A slow server accepts the message only after delayMs.
        if (delayMs > 0) setTimeout(callback, delayMs);
        else callback();
      });
    },
    ...serverOptions,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
