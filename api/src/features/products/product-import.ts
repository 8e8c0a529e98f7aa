import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { execute, select } from '../../db-query.js';
import { type ErrorDetail, ValidationFailed } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { type AdminActor, isUniqueViolation } from '../roles/access.js';
import { textOrNull } from './product-rules.js';
import { baseCurrency, nameTaken, type ProductFields, skuTaken } from './products.writes.js';

/** The body of `previewProductImport` and `importProducts`. */
export type ProductImportForm = components['schemas']['ProductImportInput'];
/** What `previewProductImport` answers. */
export type ProductImportPreviewView = components['schemas']['ProductImportPreview'];

const UNITS = ['each', 'box', 'case', 'dozen', 'kg', 'lbs', 'meter', 'liter', 'hours', 'days'] as const;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

type RowCheck = { fields: ProductFields | null; errors: ErrorDetail[] };

/**
 * Checks every row as the create call would (name, SKU, price, unit, currency, vendor by name) plus
 * what only an import can get wrong: a name or SKU repeated in the file. Reads, never writes.
 */
async function checkRows(
  db: Db,
  organizationId: string,
  form: ProductImportForm,
  transaction?: Transaction,
): Promise<RowCheck[]> {
  const currency = await baseCurrency(db, organizationId, transaction);
  const key = (value: string) => value.trim().toLowerCase();
  const names = form.rows.map((row) => key(row.name));
  const skus = form.rows.map((row) => (row.sku?.trim() ? key(row.sku) : null));
  const vendorNames = form.rows.map((row) => (row.vendor?.trim() ? key(row.vendor) : null));
  // One after another: inside the import's transaction they share one connection.
  const takenNames = await select<{ k: string }>(
    db,
    'SELECT lower(btrim(name)) AS k FROM products WHERE organization_id = $1 AND lower(btrim(name)) = ANY($2::text[])',
    [organizationId, names],
    transaction,
  );
  const takenSkus = await select<{ k: string }>(
    db,
    'SELECT lower(btrim(sku)) AS k FROM products WHERE organization_id = $1 AND lower(btrim(sku)) = ANY($2::text[])',
    [organizationId, skus.filter(Boolean)],
    transaction,
  );
  const vendors = await select<{ k: string; id: string }>(
    db,
    `SELECT lower(btrim(name)) AS k, id FROM vendors
        WHERE organization_id = $1 AND is_active AND lower(btrim(name)) = ANY($2::text[])`,
    [organizationId, vendorNames.filter(Boolean)],
    transaction,
  );
  const nameSet = new Set(takenNames.map((row) => row.k));
  const skuSet = new Set(takenSkus.map((row) => row.k));
  const vendorIds = new Map(vendors.map((row) => [row.k, row.id]));

  return form.rows.map((row, i) => {
    const errors: ErrorDetail[] = [];
    const fail = (field: string, message: string) => errors.push({ field, message });
    const name = row.name.trim();
    if (!name) fail('name', 'Name is required');
    else if (name.length > 200) fail('name', 'Name must be at most 200 characters');
    else if (nameSet.has(names[i]!)) fail('name', `A product named '${name}' already exists`);
    else if (names.indexOf(names[i]!) < i)
      fail('name', `Row ${names.indexOf(names[i]!) + 1} has the same name`);
    const sku = textOrNull(row.sku);
    if (sku && sku.length > 64) fail('sku', 'SKU must be at most 64 characters');
    else if (sku && skuSet.has(skus[i]!)) fail('sku', `A product with SKU '${sku}' already exists`);
    else if (sku && skus.indexOf(skus[i]!) < i)
      fail('sku', `Row ${skus.indexOf(skus[i]!) + 1} has the same SKU`);
    const description = textOrNull(row.description);
    if (description && description.length > 2000)
      fail('description', 'Description must be at most 2000 characters');
    const category = textOrNull(row.category);
    if (category && category.length > 100) fail('category', 'Category must be at most 100 characters');
    const unit = (textOrNull(row.unit_of_measure) ?? 'each').toLowerCase();
    if (!(UNITS as readonly string[]).includes(unit))
      fail('unit_of_measure', `Unit of measure must be one of: ${UNITS.join(', ')}`);
    const price = textOrNull(row.unit_price);
    if (!price) fail('unit_price', 'Unit price is required');
    else if (!MONEY.test(price))
      fail('unit_price', 'Unit price must be a number of at most 2 decimals, 0 or more');
    const code = (textOrNull(row.currency) ?? currency).toUpperCase();
    if (!/^[A-Z]{3}$/.test(code)) fail('currency', 'Currency must be a three-letter code such as AUD');
    const vendorId = vendorNames[i] ? vendorIds.get(vendorNames[i]!) : null;
    if (vendorId === undefined) fail('vendor', `No active vendor is named '${row.vendor?.trim()}'`);
    const fields: ProductFields = {
      name,
      description,
      sku,
      category,
      unit_price: Number(price),
      unit_of_measure: unit,
      currency: code,
      vendor_id: vendorId ?? null,
    };
    return { fields: errors.length === 0 ? fields : null, errors };
  });
}

/** Checks an import without writing: each row's errors by column (`previewProductImport`). */
export async function previewProductImport(
  db: Db,
  organizationId: string,
  form: ProductImportForm,
): Promise<ProductImportPreviewView> {
  const checked = await checkRows(db, organizationId, form);
  const errorCount = checked.filter((row) => row.errors.length > 0).length;
  return {
    valid_count: checked.length - errorCount,
    error_count: errorCount,
    rows: checked.map((row, i) => ({ row: i + 1, errors: row.errors })),
  };
}

/**
 * Imports every row, all or nothing, in one transaction: any row's error answers 400 with every
 * error as `rows.<n>.<column>` (n from 1) and writes nothing. Each product gets an `import` audit row.
 */
export async function importProducts(db: Db, actor: AdminActor, form: ProductImportForm): Promise<number> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    const checked = await checkRows(db, organizationId, form, transaction);
    const errors = checked.flatMap((row, i) =>
      row.errors.map((error) => ({ field: `rows.${i + 1}.${error.field}`, message: error.message })),
    );
    if (errors.length > 0) {
      const rows = new Set(errors.map((error) => error.field.split('.')[1])).size;
      throw new ValidationFailed(
        `${rows} ${rows === 1 ? 'row has' : 'rows have'} errors; nothing was imported`,
        errors,
      );
    }
    const fields = checked.map((row) => row.fields!);
    try {
      await execute(
        db,
        `WITH created AS (
           INSERT INTO products (organization_id, name, description, sku, category, unit_price, unit_of_measure,
                                 currency, vendor_id, is_active)
           SELECT $1, x.name, x.description, x.sku, x.category, x.unit_price, x.unit_of_measure, x.currency,
                  x.vendor_id, true
             FROM jsonb_to_recordset($2::jsonb) AS x(name text, description text, sku text, category text,
                  unit_price numeric, unit_of_measure text, currency text, vendor_id uuid)
           RETURNING id, name, sku)
         INSERT INTO audit_logs (organization_id, entity_type, entity_id, action, to_status, actor_id, metadata, created_at)
         SELECT $1, 'product', c.id, 'import', 'active', $3, jsonb_build_object('name', c.name, 'sku', c.sku),
                clock_timestamp()
           FROM created c`,
        [organizationId, JSON.stringify(fields), actor.userId],
        transaction,
      );
    } catch (error) {
      // Another request took a name or SKU after the check.
      if (isUniqueViolation(error, 'products_organization_name_key'))
        throw nameTaken('(an imported row)', 'rows');
      if (isUniqueViolation(error, 'products_organization_sku_key'))
        throw skuTaken('(an imported row)', 'rows');
      throw error;
    }
    return fields.length;
  });
}
