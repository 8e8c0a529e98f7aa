import { randomInt } from 'node:crypto';

/** The shortest password accepted for an organisation's first Super Admin. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** Passwords known to attackers: the demo accounts' (published in the README) and the commonest ones. */
const KNOWN_PASSWORDS = new Set(
  [
    'Password123!',
    'Password1234',
    'Password123',
    'Passw0rd1234',
    'Welcome12345',
    'Welcome123!',
    'Qwerty123456',
    'Admin1234567',
    'Administrator1',
    'Letmein12345',
    'Changeme1234',
    'ChangeMe123!',
  ].map((password) => password.toLowerCase()),
);

/**
 * What is wrong with a first Super Admin's password (empty when it is strong enough): at least
 * {@link ADMIN_PASSWORD_MIN_LENGTH} characters and at most 128, the platform's composition rule (a
 * lowercase letter, an uppercase letter and a digit), not a published or common password, and
 * neither the email's name nor the organisation's name inside it.
 */
export function adminPasswordProblems(
  password: string,
  context: { email: string; organization: string },
): string[] {
  const problems: string[] = [];
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    problems.push(`Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`);
  }
  if (password.length > 128) problems.push('Password must be at most 128 characters');
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) {
    problems.push(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    );
  }
  const lower = password.toLowerCase();
  if (KNOWN_PASSWORDS.has(lower)) problems.push('Password is a published or common password');
  const local = context.email.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 3 && lower.includes(local))
    problems.push('Password must not contain the email address');
  const organization = context.organization.trim().toLowerCase();
  if (organization.length >= 3 && lower.includes(organization)) {
    problems.push('Password must not contain the organization name');
  }
  if (new Set(password).size < 6) problems.push('Password must use at least 6 different characters');
  return problems;
}

const GENERATED_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A random password of `length` characters (no look-alikes such as O/0 or l/1) that passes
 * {@link adminPasswordProblems}: ~5.8 bits per character, 116 bits at the default 20.
 */
export function generateAdminPassword(context: { email: string; organization: string }, length = 20): string {
  for (;;) {
    let password = '';
    for (let index = 0; index < length; index++) {
      password += GENERATED_ALPHABET[randomInt(GENERATED_ALPHABET.length)];
    }
    if (adminPasswordProblems(password, context).length === 0) return password;
  }
}
