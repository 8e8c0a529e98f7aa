import { type Sequelize, UniqueConstraintError } from 'sequelize';
import { adminPasswordProblems } from '../domain/admin-password.js';
import { Conflict, ValidationFailed } from '../domain/errors.js';
import { hashPassword } from '../lib/password.js';
import { createDefaultRoles, defaultOrganizationSettings } from './defaults.js';
import type { Models } from './models/index.js';

/** What `create-admin` needs to create an organisation and its first Super Admin. */
export interface FirstAdminInput {
  organization: string;
  /** Organisation code (`^[A-Z0-9][A-Z0-9_-]{0,31}$`); derived from the name when absent. */
  code?: string | undefined;
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  password: string;
}

/** What was created. */
export interface FirstAdmin {
  organization: { id: string; name: string; code: string };
  user: { id: string; email: string };
}

const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,31}$/;
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** An organisation code from its name: `Acme Pty. Ltd` → `ACME-PTY-LTD` (null when none can be made). */
export function organizationCodeFrom(name: string): string | null {
  const code = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  return CODE_PATTERN.test(code) ? code : null;
}

/** Checks the input and answers it normalised, or throws ValidationFailed naming every problem. */
export function validateFirstAdmin(input: FirstAdminInput): Required<FirstAdminInput> {
  const organization = input.organization.trim();
  const email = input.email.trim();
  const code = input.code?.trim().toUpperCase() || organizationCodeFrom(organization) || '';
  const firstName = input.firstName?.trim() || 'Super';
  const lastName = input.lastName?.trim() || 'Admin';
  const details: { field: string; message: string }[] = [];
  if (!organization || organization.length > 200) {
    details.push({ field: 'organization', message: 'Organisation name must be 1 to 200 characters' });
  }
  if (!CODE_PATTERN.test(code)) {
    details.push({
      field: 'code',
      message: 'Organisation code must be 1 to 32 of A-Z, 0-9, _ and -, starting with a letter or digit',
    });
  }
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    details.push({ field: 'email', message: 'Please enter a valid email address' });
  }
  for (const message of adminPasswordProblems(input.password, { email, organization })) {
    details.push({ field: 'password', message });
  }
  if (details.length > 0) throw new ValidationFailed(details.map((d) => d.message).join('; '), details);
  return { organization, code, email, firstName, lastName, password: input.password };
}

/**
 * Creates an organisation with the default roles and settings every organisation gets, and its
 * first Super Admin (active, with the given password), in one transaction. Refuses (409) when an
 * account with the email, or an organisation with the name (whatever its case) or code, already
 * exists: it never changes what is there, so running it twice is safe.
 */
export async function createFirstAdmin(
  sequelize: Sequelize,
  models: Models,
  input: FirstAdminInput,
): Promise<FirstAdmin> {
  const valid = validateFirstAdmin(input);
  const passwordHash = await hashPassword(valid.password);
  const refuseEmail = () =>
    new Conflict(
      `An account with the email ${valid.email} already exists: nothing was created`,
      'EMAIL_TAKEN',
    );
  const refuseOrganization = () =>
    new Conflict(
      `An organisation named '${valid.organization}' or with the code ${valid.code} already exists: nothing was created`,
      'ORGANIZATION_EXISTS',
    );
  try {
    return await sequelize.transaction(async (transaction) => {
      const [emailTaken] = await sequelize.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', {
        bind: [valid.email],
        transaction,
      });
      if (emailTaken.length > 0) throw refuseEmail();
      const [organizationTaken] = await sequelize.query(
        'SELECT 1 FROM organizations WHERE lower(btrim(name)) = lower($1) OR code = $2',
        { bind: [valid.organization, valid.code], transaction },
      );
      if (organizationTaken.length > 0) throw refuseOrganization();

      const organization = await models.Organization.create(
        { name: valid.organization, code: valid.code, settings: defaultOrganizationSettings() },
        { transaction },
      );
      const roles = await createDefaultRoles(models, organization, transaction);
      const user = await models.User.create(
        {
          email: valid.email,
          first_name: valid.firstName,
          last_name: valid.lastName,
          password_hash: passwordHash,
          is_active: true,
          // The operator who runs this command on the server chose the password: the account is
          // theirs, so another organisation adding the address later keeps it (issue 11 §2).
          email_verified_at: new Date(),
        },
        { transaction },
      );
      await models.UserOrganization.create(
        { user_id: user.id, organization_id: organization.id, role_id: roles['Super Admin'].id },
        { transaction },
      );
      return {
        organization: { id: organization.id, name: organization.name, code: organization.code },
        user: { id: user.id, email: user.email },
      };
    });
  } catch (error) {
    // A concurrent run that got there first trips a unique index instead of the checks above.
    if (error instanceof UniqueConstraintError) {
      throw /email/.test(JSON.stringify(error.fields ?? {}) + error.message)
        ? refuseEmail()
        : refuseOrganization();
    }
    throw error;
  }
}
