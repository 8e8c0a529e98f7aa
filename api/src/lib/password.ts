import argon2 from 'argon2';

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

/** Hashes a password with argon2id (PHC string with its own random salt and parameters). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

/**
 * Whether `password` matches the stored argon2 `hash`. A malformed hash counts as no match rather
 * than an error, so a corrupt row cannot turn a sign-in into a 500.
 */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Does the same work as {@link verifyPassword} against a fixed dummy hash and always answers false,
 * so signing in with an unknown address costs the same time as with a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that is never the answer');
  await verifyPassword(await dummyHash, password);
  return false;
}
