import type { Schemas } from '@purchasing/api-client';
import { z } from 'zod';

/**
 * The user forms' messages. The first six are the specification's (document 2 §5, word for word); the
 * rest cover the contract's limits, which the specification leaves unworded.
 */
export const userFormMessages = {
  emailInvalid: 'Invalid email address',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  roleRequired: 'Role is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  firstNameTooLong: 'First name must be at most 100 characters',
  lastNameTooLong: 'Last name must be at most 100 characters',
  phoneTooLong: 'Phone must be at most 50 characters',
  passwordTooLong: 'Password must be at most 128 characters',
} as const;

const m = userFormMessages;

/** The roles whose holders may be chosen as someone's manager (document 2 §5 "Manager choices"). */
export const MANAGER_ROLE_NAMES: readonly string[] = [
  'Manager',
  'Department Head',
  'Finance Manager',
  'General Manager',
  'Admin',
];

/** Whether a password has a lowercase letter, an uppercase letter and a digit (the contract's NewPassword). */
export function isStrongEnough(password: string): boolean {
  return /[a-z]/.test(password) && /[A-Z]/.test(password) && /[0-9]/.test(password);
}

const firstName = z.string().trim().min(1, m.firstNameRequired).max(100, m.firstNameTooLong);
const lastName = z.string().trim().min(1, m.lastNameRequired).max(100, m.lastNameTooLong);
const phone = z.string().trim().max(50, m.phoneTooLong);
const roleId = z.string().min(1, m.roleRequired);

/**
 * The Create User form (document 2 §5): names, email and role required; phone, department and manager
 * optional ('' for none); the password optional (blank sends an invitation) but, when given, at least 8
 * characters with a lowercase letter, an uppercase letter and a digit. Also validates each row of the
 * bulk import.
 */
export const createUserSchema = z.object({
  first_name: firstName,
  last_name: lastName,
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: m.emailInvalid }).max(254, m.emailInvalid)),
  phone,
  // Never trimmed: spaces may be part of a password.
  password: z
    .string()
    .refine((value) => value === '' || value.length >= 8, m.passwordTooShort)
    .refine((value) => value === '' || isStrongEnough(value), m.passwordComplexity)
    .refine((value) => value.length <= 128, m.passwordTooLong),
  role_id: roleId,
  department_id: z.string(),
  manager_id: z.string(),
  send_invite: z.boolean(),
});

/** What the Create User form holds (strings, '' for an empty optional field). */
export type CreateUserFormValues = z.input<typeof createUserSchema>;
/** The Create User form's values once validated (names, email and phone trimmed). */
export type CreateUserFormOutput = z.output<typeof createUserSchema>;

/** An empty Create User form: nothing chosen, the invitation on (document 2 §9). */
export function emptyCreateUserForm(): CreateUserFormValues {
  return {
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    password: '',
    role_id: '',
    department_id: '',
    manager_id: '',
    send_invite: true,
  };
}

/**
 * The `POST /users` body of a validated form (document 2 §3 "User create payload"): blanks become
 * `null` and a blank password is left out (the user then sets one from the invitation email).
 */
export function toCreateUserInput(values: CreateUserFormOutput): Schemas['UserCreateInput'] {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone === '' ? null : values.phone,
    ...(values.password === '' ? {} : { password: values.password }),
    role_id: values.role_id,
    department_id: values.department_id === '' ? null : values.department_id,
    manager_id: values.manager_id === '' ? null : values.manager_id,
    send_invite: values.send_invite,
  };
}

/**
 * The Edit User form (document 2 §5 "Edit user"): the same rules for names and role, with the
 * membership's active flag. The email is shown but not editable (users are global: the contract's
 * update has no email).
 */
export const editUserSchema = z.object({
  first_name: firstName,
  last_name: lastName,
  phone,
  role_id: roleId,
  department_id: z.string(),
  manager_id: z.string(),
  is_active: z.boolean(),
});

/** What the Edit User form holds. */
export type EditUserFormValues = z.input<typeof editUserSchema>;
/** The Edit User form's values once validated. */
export type EditUserFormOutput = z.output<typeof editUserSchema>;
