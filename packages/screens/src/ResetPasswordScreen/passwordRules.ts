/** The password rules of document 2 §5 (and the contract's `NewPassword`), for the set-password forms. */
import { z } from 'zod';

/** Product copy of the set-password forms (document 2 §5, and the screens' own wording). */
export const passwordMessages = {
  tooShort: 'Password must be at least 8 characters',
  composition: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  tooLong: 'Password must be at most 128 characters',
  confirmRequired: 'Please confirm your new password',
  mismatch: 'Passwords do not match',
} as const;

/** Password minimum length (document 2 §9). */
export const PASSWORD_MIN_LENGTH = 8;
/** The contract's maximum length. */
export const PASSWORD_MAX_LENGTH = 128;

/** The rules as a checklist the form shows while the user types, each with whether `password` meets it. */
export function passwordChecklist(password: string): { id: string; label: string; met: boolean }[] {
  return [
    { id: 'length', label: 'At least 8 characters', met: password.length >= PASSWORD_MIN_LENGTH },
    { id: 'upper', label: 'An uppercase letter', met: /[A-Z]/.test(password) },
    { id: 'lower', label: 'A lowercase letter', met: /[a-z]/.test(password) },
    { id: 'digit', label: 'A number', met: /[0-9]/.test(password) },
  ];
}

/**
 * A new password and its confirmation. As on the server, a short password gets only the length
 * message; the composition rule is checked once the length is right.
 */
export const setPasswordSchema = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
      .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong)
      .refine(
        (password) =>
          password.length < PASSWORD_MIN_LENGTH ||
          (/[a-z]/.test(password) && /[A-Z]/.test(password) && /[0-9]/.test(password)),
        passwordMessages.composition,
      ),
    confirmPassword: z.string(),
  })
  .superRefine(({ password, confirmPassword }, context) => {
    if (confirmPassword === '') {
      context.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: passwordMessages.confirmRequired,
      });
    } else if (confirmPassword !== password) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: passwordMessages.mismatch });
    }
  });

/** The set-password form's values. */
export type SetPasswordFormValues = z.infer<typeof setPasswordSchema>;
