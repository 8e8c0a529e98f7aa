import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Role names are unique per organisation whatever their case ('Buyer' and 'buyer' would be two
 * roles no one can tell apart in a selector). The first migration's key is case-sensitive; this
 * index makes the rule hold under concurrent creates and renames too.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    'CREATE UNIQUE INDEX roles_organization_lower_name_key ON roles (organization_id, lower(name));',
  );
}

/** Drops everything {@link up} created. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(ctx, 'DROP INDEX roles_organization_lower_name_key;');
}
