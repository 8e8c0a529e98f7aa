import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { ServiceBusy } from '../domain/errors.js';

/**
 * argon2id at the OWASP Password Storage Cheat Sheet's first recommended setting: 19 MiB of memory,
 * 2 iterations, 1 degree of parallelism.
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** How many hashes run at once and how many may wait (PASSWORD_HASH_CONCURRENCY / _QUEUE). */
export interface PasswordHashLimits {
  concurrency: number;
  queue: number;
}

/**
 * A process-wide cap on argon2 work: each hash costs ~19 MiB and tens of milliseconds of a core, so
 * a flood of sign-ins must not run them all at once (pinning every core and the memory) nor queue
 * them without bound. At most `concurrency` run; at most `queue` wait in order; beyond that the
 * request is refused at once with 503 SERVER_BUSY and Retry-After.
 */
class HashLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(public limits: PasswordHashLimits) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.queue) {
        throw new ServiceBusy('The server is busy. Please try again in a moment.', 1);
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      // Hands the slot straight to the next waiter (running stays the same), or frees it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const limiter = new HashLimiter({ concurrency: Math.max(1, availableParallelism()), queue: 64 });

/** Sets the cap on concurrent password hashing (the server does so from its configuration). */
export function configurePasswordHashing(limits: PasswordHashLimits): void {
  limiter.limits = { concurrency: Math.max(1, limits.concurrency), queue: Math.max(0, limits.queue) };
}

/** Hashes a password with argon2id (PHC string with its own random salt and parameters). */
export function hashPassword(password: string): Promise<string> {
  return limiter.run(() => argon2.hash(password, PASSWORD_HASH_OPTIONS));
}

/**
 * Whether `password` matches the stored argon2 `hash`. A malformed hash counts as no match rather
 * than an error, so a corrupt row cannot turn a sign-in into a 500. May throw {@link ServiceBusy}.
 */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return limiter.run(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | null = null;

/**
 * Does the same work as {@link verifyPassword} against a fixed dummy hash and always answers false,
 * so signing in with an unknown address costs the same time as with a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= argon2.hash('dummy password that is never the answer', PASSWORD_HASH_OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}
