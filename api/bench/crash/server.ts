/**
 * The API under test as a child process (`node api/dist/start.js`, production mode) that the crash
 * test kills with SIGKILL and starts again. Writers wait on {@link ApiProcess.ready} while it is
 * down, so a request refused at connect time (nothing reached the server) is simply sent again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ApiProcessOptions {
  /** `api/` (the server is `dist/start.js` below it). */
  apiRoot: string;
  port: number;
  env: NodeJS.ProcessEnv;
  /** Where the server's output goes (appended across restarts). */
  logFile: string;
}

export class ApiProcess {
  readonly base: string;
  private child: ChildProcess | null = null;
  private up: Promise<void> = Promise.resolve();
  private log: WriteStream;
  /** Milliseconds from each restart's spawn to its first healthy answer. */
  readonly restartMs: number[] = [];

  constructor(private readonly options: ApiProcessOptions) {
    this.base = `http://127.0.0.1:${options.port}`;
    this.log = createWriteStream(options.logFile, { flags: 'a' });
  }

  /** Resolves once the server answers /api/health (at once while it is up). */
  ready(): Promise<void> {
    return this.up;
  }

  /** Spawns the server and waits until it is healthy. */
  async start(): Promise<number> {
    if (await fetch(`${this.base}/api/health`).catch(() => null)) {
      throw new Error(`${this.base} already answers: another server holds port ${this.options.port}`);
    }
    const started = performance.now();
    const child = spawn(process.execPath, [path.join('dist', 'start.js')], {
      cwd: this.options.apiRoot,
      env: this.options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(this.log, { end: false });
    child.stderr!.pipe(this.log, { end: false });
    this.child = child;
    this.up = (async () => {
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`the API exited during start (see ${this.options.logFile})`);
        }
        const response = await fetch(`${this.base}/api/health`).catch(() => null);
        if (response?.ok) return;
        if (performance.now() - started > 180_000) throw new Error('the API did not become healthy in 180 s');
        await sleep(50);
      }
    })();
    await this.up;
    return performance.now() - started;
  }

  /**
   * SIGKILL: no handler runs, no connection is closed cleanly, nothing is flushed. Writers see their
   * requests in flight fail; new requests wait for the next start.
   */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // New requests wait from this moment until the restart is healthy.
    this.up = new Promise<void>((resolve) => {
      this.releaseDown = resolve;
    });
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  private releaseDown: (() => void) | null = null;

  /** Starts the server after {@link kill} and lets the waiting writers go on. */
  async restart(): Promise<void> {
    const waiting = this.releaseDown;
    this.releaseDown = null;
    this.restartMs.push(await this.start());
    waiting?.();
  }

  async close(): Promise<void> {
    await this.kill();
    this.releaseDown?.();
    await new Promise((resolve) => this.log.end(resolve));
  }
}
