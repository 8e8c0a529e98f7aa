import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where `api/` and `host-app/` live). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The compiled server (`npm run build:api`). */
export const compiledEntry = path.join(repoRoot, 'api', 'dist', 'start.js');

/** The newest modification time of the files under `folder`. */
function newestIn(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * `compiled` when api/dist was built after the last change under api/src (what `npm test` does before
 * its Vitest step), else `source`: a process never runs code older than the source under test.
 */
export function freshestMode(): 'compiled' | 'source' {
  if (!existsSync(compiledEntry)) return 'source';
  return statSync(compiledEntry).mtimeMs >= newestIn(path.join(repoRoot, 'api', 'src'))
    ? 'compiled'
    : 'source';
}

/** Options of {@link spawnApi}. */
export interface SpawnApiOptions {
  /** Port the instance listens on (on 127.0.0.1 unless `env.HOST` says otherwise). */
  port: number;
  /** Environment of the process, on top of this process's own (DATABASE_URL, JWT_SECRET, …). */
  env?: Record<string, string | undefined>;
  /**
   * `compiled`: `node api/dist/start.js` as in production (build it first); `source`: the TypeScript
   * source under tsx (always the current code, a second or two slower to start).
   */
  mode?: 'compiled' | 'source';
  /** How long to wait for `/api/health` (default 60 s). */
  timeoutMs?: number;
  /** Label of this instance's lines when `echo` is on. */
  name?: string;
  /** Copy the process's output to this process's own, prefixed with `name`. */
  echo?: boolean;
}

/** A running API process. */
export interface ApiProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM (the server stops gracefully), SIGKILL after 10 s; resolves once it has exited. */
  stop(): Promise<void>;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts one API process and resolves once it answers `GET /api/health` with 200; rejects with its
 * output when it exits or does not answer in time. Shared by the cluster runner (api/scripts/cluster.ts),
 * the cross-process tests and any script that needs a real server process.
 */
export async function spawnApi(options: SpawnApiOptions): Promise<ApiProcess> {
  const { port, mode = 'compiled', timeoutMs = 60_000, echo = false } = options;
  const name = options.name ?? `api:${port}`;
  if (mode === 'compiled' && !existsSync(compiledEntry)) {
    throw new Error(`${compiledEntry} is missing: run \`npm run build:api\` first`);
  }
  const args =
    mode === 'compiled' ? ['--enable-source-maps', compiledEntry] : ['--import', 'tsx', 'api/src/start.ts'];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    if (echo) {
      for (const line of text.split('\n')) if (line) console.info(`[${name}] ${line}`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => {
    running = false;
  });

  const url = `http://127.0.0.1:${port}`;
  const instance: ApiProcess = {
    name,
    port,
    url,
    child,
    output: () => output,
    async stop() {
      if (!running) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!running) throw new Error(`${name} exited before it answered (code ${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return instance;
    } catch {
      // Not listening yet.
    }
    await delay(100);
  }
  await instance.stop();
  throw new Error(`${name} did not answer /api/health within ${timeoutMs} ms:\n${output}`);
}
