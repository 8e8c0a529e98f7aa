/**
 * Several API instances behind a round-robin reverse proxy, on one PostgreSQL (issue 13, item 5;
 * docs/adr/006-instances-and-sharding.md): the production topology in miniature. Used by the
 * end-to-end tests (`E2E_INSTANCES=2`) and by hand:
 *
 *   npm run build:app && npm run build:api
 *   DATABASE_URL=postgres://… PUBLIC_URL=http://127.0.0.1:3000 node --import tsx api/scripts/cluster.ts
 *
 * Variables: CLUSTER_INSTANCES (default 2), PORT (the proxy's, default 3000), CLUSTER_BASE_PORT (the
 * instances listen on it and the ports after it, on 127.0.0.1; default PORT + 1), CLUSTER_MODE
 * (`compiled`, the default: api/dist/start.js; `source`: tsx). Everything else passes through to the
 * instances, which all get the same JWT_SECRET (a random one for this cluster when it is not set),
 * hence the same ATTACHMENT_URL_SECRET, and TRUST_PROXY=1: the proxy appends the client's address
 * to X-Forwarded-For. NODE_ENV defaults to production.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createProxyServer } from 'http-proxy-3';
import { type ApiProcess, spawnApi } from './spawn-api.js';

/** Options of {@link startCluster}. */
export interface ClusterOptions {
  /** Number of API instances (default 2). */
  instances?: number;
  /** Port of the proxy (0: any free one). */
  port: number;
  /** First port of the instances; the others follow it. */
  basePort: number;
  /** Environment of every instance (DATABASE_URL, PUBLIC_URL, …); JWT_SECRET is shared. */
  env?: Record<string, string | undefined>;
  mode?: 'compiled' | 'source';
  /** Copy the instances' output to this process's. */
  echo?: boolean;
}

/** A running cluster. */
export interface Cluster {
  /** The proxy's address: what clients use. */
  url: string;
  instances: ApiProcess[];
  /** How many requests the proxy sent to each instance, in order. */
  served: number[];
  stop(): Promise<void>;
}

/**
 * Starts the instances at the same time (the first to take the start-up lock migrates, the others
 * wait for it), then a round-robin proxy in front of them: request n goes to instance n mod N,
 * bodies and answers streamed through (uploads and downloads are not buffered), `X-Forwarded-For`
 * set. An instance that does not answer makes the proxy answer 502.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const count = options.instances ?? 2;
  const env = {
    NODE_ENV: 'production',
    ...options.env,
    JWT_SECRET: options.env?.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    TRUST_PROXY: '1',
  };
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, index) =>
      spawnApi({
        port: options.basePort + index,
        env,
        mode: options.mode ?? 'compiled',
        name: `api-${index + 1}`,
        echo: options.echo ?? false,
      }),
    ),
  );
  const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(instances.map((instance) => instance.stop()));
    throw (failed as PromiseRejectedResult).reason;
  }

  const proxy = createProxyServer({ xfwd: true });
  proxy.on('error', (error, _request, response) => {
    if (response instanceof http.ServerResponse && !response.headersSent) {
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'The instance did not answer.', code: 'BAD_GATEWAY' }));
    } else {
      response.destroy(error);
    }
  });
  const served = instances.map(() => 0);
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % instances.length;
    served[index]! += 1;
    proxy.web(request, response, { target: instances[index]!.url });
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    instances,
    served,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      proxy.close();
      await Promise.all(instances.map((instance) => instance.stop()));
    },
  };
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const cluster = await startCluster({
    instances: Number(process.env.CLUSTER_INSTANCES ?? 2),
    port,
    basePort: Number(process.env.CLUSTER_BASE_PORT ?? port + 1),
    mode: process.env.CLUSTER_MODE === 'source' ? 'source' : 'compiled',
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, ...process.env },
    echo: true,
  });
  console.info(
    `[cluster] ${cluster.instances.length} instances (${cluster.instances.map((instance) => instance.port).join(', ')}) behind ${cluster.url}`,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`[cluster] ${signal}: stopping (requests per instance: ${cluster.served.join(', ')})`);
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  for (const instance of cluster.instances) {
    instance.child.once('exit', (code) => {
      if (!stopping) {
        console.error(`[cluster] ${instance.name} exited (code ${code}): stopping the cluster`);
        void stop('instance exit');
      }
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error('[cluster] failed to start:', error);
    process.exit(1);
  });
}
