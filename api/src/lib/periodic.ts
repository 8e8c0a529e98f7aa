/**
 * A pass of work repeated in the API process (the mail and webhook outboxes, the out-of-office moves):
 * one pass at a time, the next one `intervalMs` after the last ended, a failed pass logged and the
 * next one scheduled all the same. The timer does not keep the process alive.
 */
export interface PeriodicJob<TReport> {
  /**
   * Runs a pass now (what the timer does) and answers its report. A call arriving during a pass runs
   * another one right after it, never two at once.
   */
  runOnce(): Promise<TReport>;
  /** True once `stop` was called: a pass under way ends after the item it holds. */
  readonly stopped: boolean;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

/** Starts `pass` every `intervalMs`; `name` prefixes the log line of a failed pass (`[mail] …`). */
export function startPeriodicJob<TReport>(options: {
  name: string;
  intervalMs: number;
  pass(job: PeriodicJob<TReport>): Promise<TReport>;
  log(line: string): void;
}): PeriodicJob<TReport> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<TReport> | null = null;

  const job: PeriodicJob<TReport> = {
    get stopped() {
      return stopped;
    },
    runOnce() {
      const previous = running ?? Promise.resolve(null);
      const next = previous.catch(() => null).then(() => options.pass(job));
      running = next;
      void next
        .finally(() => {
          if (running === next) running = null;
        })
        .catch(() => undefined);
      return next;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      job
        .runOnce()
        .catch((error: unknown) =>
          options.log(
            `[${options.name}] pass failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(schedule);
    }, options.intervalMs);
    timer.unref?.();
  }

  schedule();
  return job;
}
