import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../src/lib/password.js';

describe('password hashing', () => {
  it('hashes with argon2id at the OWASP parameters and a fresh salt', async () => {
    const first = await hashPassword('Password123!');
    const second = await hashPassword('Password123!');
    const params = first.split('$')[3]!.split(',').sort();
    expect(first.startsWith('$argon2id$v=19$')).toBe(true);
    expect(params).toEqual(['m=19456', 'p=1', 't=2']);
    expect(first).not.toBe(second);
  });

  it('verifies the right password and refuses a wrong one or a malformed hash', async () => {
    const hash = await hashPassword('Password123!');
    await expect(verifyPassword(hash, 'Password123!')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'password123!')).resolves.toBe(false);
    await expect(verifyPassword('not a hash', 'Password123!')).resolves.toBe(false);
  });

  it('answers false for an unknown user after doing the same work', async () => {
    await verifyAgainstDummy('warm-up');
    const hash = await hashPassword('x');
    const started = performance.now();
    await verifyPassword(hash, 'y');
    const real = performance.now() - started;
    const dummyStarted = performance.now();
    await expect(verifyAgainstDummy('Password123!')).resolves.toBe(false);
    const dummy = performance.now() - dummyStarted;
    expect(dummy).toBeGreaterThan(real / 4);
  });
});
