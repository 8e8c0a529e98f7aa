import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Organisation settings (issue 16 item 7): a legal name, three structured addresses (registered,
 * billing, delivery: `{lines, city, region, postcode, country}` or absent) and a version that goes
 * up with every change of the settings, so two administrators cannot overwrite each other silently
 * (the change names the version it was made from). The one-line `address` stays: it is the
 * registered address as purchase orders print it, written by the settings service. An existing
 * `address` becomes the first line of the registered address.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `ALTER TABLE organizations
       ADD COLUMN legal_name text CHECK (legal_name IS NULL OR (btrim(legal_name) <> '' AND length(legal_name) <= 200)),
       ADD COLUMN addresses jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(addresses) = 'object'),
       ADD COLUMN settings_version integer NOT NULL DEFAULT 1 CHECK (settings_version >= 1)`,
  );
  await runSql(
    ctx,
    `UPDATE organizations
        SET addresses = jsonb_build_object('registered', jsonb_build_object(
              'lines', jsonb_build_array(left(address, 200)), 'city', NULL, 'region', NULL,
              'postcode', NULL, 'country', NULL))
      WHERE address IS NOT NULL AND btrim(address) <> ''`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    'ALTER TABLE organizations DROP COLUMN legal_name, DROP COLUMN addresses, DROP COLUMN settings_version',
  );
}
