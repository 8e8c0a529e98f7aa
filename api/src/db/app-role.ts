import type { Sequelize } from 'sequelize';

/** The default name of the plain role the application runs as (docs/adr/004-row-level-security.md). */
export const DEFAULT_APP_ROLE = 'purchasing_app';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Options of {@link grantAppRole}. */
export interface AppRoleOptions {
  /** Create the role when it does not exist (needs CREATEROLE). Default true. */
  create?: boolean;
  /** Whether a role created here may log in (default: when a password is given); else `SET ROLE` only. */
  login?: boolean;
  /** Password of a role created here. */
  password?: string | undefined;
}

/**
 * Grants `role` what the application needs on the migrated schema and nothing more: read and write
 * rows of every table (the history chain: read only), use the sequences, no DDL, no ownership. Such a role is subject to row-level
 * security (it is neither superuser, nor BYPASSRLS, nor owner). Run it as the migration user (the
 * tables' owner): tables that user creates later are granted too (default privileges). Idempotent.
 */
export async function grantAppRole(
  sequelize: Sequelize,
  role: string = DEFAULT_APP_ROLE,
  options: AppRoleOptions = {},
): Promise<{ created: boolean }> {
  if (!IDENTIFIER.test(role)) throw new Error(`not a plain role name: ${role}`);
  let created = false;
  await sequelize.transaction(async (transaction) => {
    const [rows] = (await sequelize.query('SELECT 1 FROM pg_roles WHERE rolname = $1', {
      bind: [role],
      transaction,
    })) as [unknown[], unknown];
    if (rows.length === 0) {
      if (options.create === false) throw new Error(`role ${role} does not exist`);
      const login = (options.login ?? options.password !== undefined) ? 'LOGIN' : 'NOLOGIN';
      const password = options.password ? `PASSWORD ${sequelize.escape(options.password)}` : '';
      await sequelize.query(
        `CREATE ROLE ${role} ${login} ${password} NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`,
        {
          transaction,
        },
      );
      created = true;
    }
    await sequelize.query(
      `GRANT USAGE ON SCHEMA public TO ${role};
       GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
       GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role};
       ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role};
       ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${role};`,
      { transaction },
    );
    // The history chain is append-only through its trigger (docs/decisions.md "History chain"):
    // the role reads it, never writes it.
    const [chain] = (await sequelize.query(`SELECT to_regclass('public.audit_chain_entries') AS t`, {
      transaction,
    })) as [{ t: string | null }[], unknown];
    if (chain[0]?.t) {
      await sequelize.query(
        `REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_chain_entries, audit_chain_heads FROM ${role}`,
        { transaction },
      );
    }
  });
  return { created };
}

/** Whether `role` skips row-level security (superuser or BYPASSRLS). */
export async function bypassesRowSecurity(sequelize: Sequelize, role?: string): Promise<boolean> {
  const [rows] = (await sequelize.query(
    'SELECT rolsuper OR rolbypassrls AS bypass FROM pg_roles WHERE rolname = COALESCE($1, current_user)',
    { bind: [role ?? null] },
  )) as [{ bypass: boolean }[], unknown];
  return rows[0]?.bypass ?? false;
}
