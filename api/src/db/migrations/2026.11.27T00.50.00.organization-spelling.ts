import { type MigrationContext, runSql } from '../migrator.js';

/**
 * The permission descriptions spell 'organization' as the rest of the product's copy does (issue 19,
 * item 13; docs/decisions.md "One notation, one page head"): the roles screen shows them.
 */
const renamed: [string, string, string][] = [
  [
    'requisition.view_all',
    'View every requisition of the organisation',
    'View every requisition of the organization',
  ],
  [
    'org.settings',
    'Manage organisation settings and departments',
    'Manage organization settings and departments',
  ],
];

function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export async function up(ctx: MigrationContext): Promise<void> {
  for (const [name, from, to] of renamed) {
    await runSql(
      ctx,
      `UPDATE permissions SET description = ${sqlString(to)} WHERE name = ${sqlString(name)} AND description = ${sqlString(from)}`,
    );
  }
}

export async function down(ctx: MigrationContext): Promise<void> {
  for (const [name, from, to] of renamed) {
    await runSql(
      ctx,
      `UPDATE permissions SET description = ${sqlString(from)} WHERE name = ${sqlString(name)} AND description = ${sqlString(to)}`,
    );
  }
}
