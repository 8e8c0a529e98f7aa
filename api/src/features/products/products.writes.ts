import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { execute, select, selectOne } from '../../db-query.js';
import { Conflict, NotFound, ValidationFailed } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { type AdminActor, auditAdministration, isUniqueViolation } from '../roles/access.js';
import { checkPriceWindows, type PriceForm, textOrNull } from './product-rules.js';
import { type ProductRow, type ProductView, presentProduct, productSelect } from './products.presenter.js';

/** The body of `createProduct` and `updateProduct`. */
export type ProductForm = components['schemas']['ProductInput'];

/** The product's own fields as stored: trimmed, blanks as null. */
export interface ProductFields {
  name: string;
  description: string | null;
  sku: string | null;
  category: string | null;
  unit_price: number;
  unit_of_measure: string;
  currency: string;
  vendor_id: string | null;
}
const EDITABLE = [
  'name',
  'description',
  'sku',
  'category',
  'unit_price',
  'unit_of_measure',
  'currency',
  'vendor_id',
] as const;

/** 409 for a name or SKU another product of the organisation has, case and blanks ignored. */
export const nameTaken = (name: string, field = 'name') => {
  const message = `A product named '${name}' already exists`;
  return new Conflict(message, 'PRODUCT_NAME_TAKEN', [{ field, message }]);
};
export const skuTaken = (sku: string, field = 'sku') => {
  const message = `A product with SKU '${sku}' already exists`;
  return new Conflict(message, 'PRODUCT_SKU_TAKEN', [{ field, message }]);
};

/** Runs `work`, answering the unique indexes of names and SKUs as 409 naming the field. */
async function withConflicts<T>(fields: ProductFields, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'products_organization_name_key')) throw nameTaken(fields.name);
    if (isUniqueViolation(error, 'products_organization_sku_key')) throw skuTaken(fields.sku ?? '');
    throw error;
  }
}

/** The organisation's base currency, the default of a product's. */
export async function baseCurrency(db: Db, organizationId: string, transaction?: Transaction) {
  const row = await selectOne<{ currency: string }>(
    db,
    'SELECT btrim(currency) AS currency FROM organizations WHERE id = $1',
    [organizationId],
    transaction,
  );
  return row!.currency;
}

/**
 * Checks the vendors a form names (the preferred one, each price's) against the organisation and
 * the price windows' rules; 400 naming every field at fault.
 */
async function checkReferences(
  db: Db,
  organizationId: string,
  vendorId: string | null,
  prices: readonly PriceForm[],
  transaction: Transaction,
) {
  const ids = [...new Set([vendorId, ...prices.map((price) => price.vendor_id)].filter(Boolean))];
  const known = new Set(
    (
      await select<{ id: string }>(
        db,
        'SELECT id FROM vendors WHERE organization_id = $1 AND id = ANY($2::uuid[])',
        [organizationId, ids],
        transaction,
      )
    ).map((row) => row.id.toLowerCase()),
  );
  const message = 'Vendor not found in this organization';
  const errors = [
    ...(vendorId && !known.has(vendorId.toLowerCase()) ? [{ field: 'vendor_id', message }] : []),
    ...prices.flatMap((price, i) =>
      known.has(price.vendor_id.toLowerCase()) ? [] : [{ field: `prices.${i}.vendor_id`, message }],
    ),
    ...checkPriceWindows(prices),
  ];
  if (errors.length > 0) throw new ValidationFailed(errors[0]!.message, errors);
}

function fieldsOf(form: ProductForm, currency: string): ProductFields {
  return {
    name: form.name.trim(),
    description: textOrNull(form.description),
    sku: textOrNull(form.sku),
    category: textOrNull(form.category),
    unit_price: Number(form.unit_price),
    unit_of_measure: form.unit_of_measure,
    currency: form.currency ?? currency,
    vendor_id: form.vendor_id ?? null,
  };
}

/** Inserts one active product (no audit, no prices): the create call's and the import's shared step. */
export async function insertProduct(
  db: Db,
  organizationId: string,
  fields: ProductFields,
  transaction: Transaction,
): Promise<string> {
  const row = await selectOne<{ id: string }>(
    db,
    `INSERT INTO products (organization_id, ${EDITABLE.join(', ')}, is_active)
     VALUES ($1, ${EDITABLE.map((_, i) => `$${i + 2}`).join(', ')}, true) RETURNING id`,
    [organizationId, ...EDITABLE.map((key) => fields[key])],
    transaction,
  );
  return row!.id;
}

async function replacePrices(
  db: Db,
  organizationId: string,
  productId: string,
  currency: string,
  prices: readonly PriceForm[],
  transaction: Transaction,
) {
  await execute(
    db,
    'DELETE FROM product_prices WHERE organization_id = $1 AND product_id = $2',
    [organizationId, productId],
    transaction,
  );
  if (prices.length === 0) return;
  await execute(
    db,
    `INSERT INTO product_prices (organization_id, product_id, vendor_id, unit_price, currency, effective_from, effective_to)
     SELECT $1, $2, x.vendor_id, x.unit_price, x.currency, x.effective_from, x.effective_to
       FROM jsonb_to_recordset($3::jsonb) AS x(vendor_id uuid, unit_price numeric, currency text,
                                                effective_from date, effective_to date)`,
    [
      organizationId,
      productId,
      JSON.stringify(
        prices.map((price) => ({
          ...price,
          currency: price.currency ?? currency,
          effective_to: price.effective_to ?? null,
        })),
      ),
    ],
    transaction,
  );
}

async function readProduct(db: Db, organizationId: string, id: string, transaction: Transaction) {
  const row = await selectOne<ProductRow>(
    db,
    `${productSelect()} WHERE p.id = $1 AND p.organization_id = $2`,
    [id, organizationId],
    transaction,
  );
  return presentProduct(row!);
}

/**
 * Adds an active product with its vendor prices. Name and SKU are unique in the organisation
 * whatever their case (409); vendors must be of the organisation (400); audited in its transaction.
 */
export async function createProduct(db: Db, actor: AdminActor, form: ProductForm): Promise<ProductView> {
  const organizationId = actor.scope.organizationId;
  const prices = form.prices ?? [];
  return db.sequelize.transaction(async (transaction) => {
    const fields = fieldsOf(form, await baseCurrency(db, organizationId, transaction));
    await checkReferences(db, organizationId, fields.vendor_id, prices, transaction);
    return withConflicts(fields, async () => {
      const id = await insertProduct(db, organizationId, fields, transaction);
      await replacePrices(db, organizationId, id, fields.currency, prices, transaction);
      await auditAdministration(
        db,
        {
          organizationId,
          entityType: 'product',
          entityId: id,
          action: 'create',
          actorId: actor.userId,
          to: 'active',
          metadata: { ...fields, prices },
        },
        transaction,
      );
      return readProduct(db, organizationId, id, transaction);
    });
  });
}

/**
 * Replaces a product's fields (omitted optional ones cleared); `prices`, when given, replace every
 * price; `is_active` deactivates or reactivates (omitted: unchanged). Audited with what changed; an
 * edit that changes nothing writes nothing.
 */
export async function updateProduct(
  db: Db,
  actor: AdminActor,
  id: string,
  form: ProductForm,
): Promise<ProductView> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    const before = await selectOne<ProductFields & { is_active: boolean; unit_price: string }>(
      db,
      `SELECT ${EDITABLE.join(', ')}, btrim(currency) AS currency, is_active FROM products
        WHERE id = $1 AND organization_id = $2 FOR UPDATE`,
      [id, organizationId],
      transaction,
    );
    if (!before) throw new NotFound('Product');
    const fields = fieldsOf(form, await baseCurrency(db, organizationId, transaction));
    const prices = form.prices;
    await checkReferences(db, organizationId, fields.vendor_id, prices ?? [], transaction);
    const isActive = form.is_active ?? before.is_active;
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of EDITABLE) {
      const from = key === 'unit_price' ? Number(before.unit_price) : before[key];
      if (from !== fields[key]) changed[key] = { from, to: fields[key] };
    }
    if (isActive !== before.is_active) changed.is_active = { from: before.is_active, to: isActive };
    if (prices) changed.prices = { from: null, to: prices };
    if (Object.keys(changed).length === 0) return readProduct(db, organizationId, id, transaction);
    return withConflicts(fields, async () => {
      await execute(
        db,
        `UPDATE products SET ${EDITABLE.map((key, i) => `${key} = $${i + 3}`).join(', ')},
                is_active = $${EDITABLE.length + 3}, updated_at = now()
          WHERE id = $1 AND organization_id = $2`,
        [id, organizationId, ...EDITABLE.map((key) => fields[key]), isActive],
        transaction,
      );
      if (prices) await replacePrices(db, organizationId, id, fields.currency, prices, transaction);
      const status = (active: boolean) => (active ? 'active' : 'inactive');
      await auditAdministration(
        db,
        {
          organizationId,
          entityType: 'product',
          entityId: id,
          action: isActive === before.is_active ? 'update' : isActive ? 'reactivate' : 'deactivate',
          actorId: actor.userId,
          from: status(before.is_active),
          to: status(isActive),
          metadata: { changes: changed },
        },
        transaction,
      );
      return readProduct(db, organizationId, id, transaction);
    });
  });
}

/** Deactivates a product (soft delete: lines keep their copy, new lines cannot name it); idempotent. */
export async function deactivateProduct(db: Db, actor: AdminActor, id: string): Promise<void> {
  const organizationId = actor.scope.organizationId;
  await db.sequelize.transaction(async (transaction) => {
    const before = await selectOne<{ is_active: boolean }>(
      db,
      'SELECT is_active FROM products WHERE id = $1 AND organization_id = $2 FOR UPDATE',
      [id, organizationId],
      transaction,
    );
    if (!before) throw new NotFound('Product');
    if (!before.is_active) return;
    await execute(
      db,
      'UPDATE products SET is_active = false, updated_at = now() WHERE id = $1 AND organization_id = $2',
      [id, organizationId],
      transaction,
    );
    await auditAdministration(
      db,
      {
        organizationId,
        entityType: 'product',
        entityId: id,
        action: 'deactivate',
        actorId: actor.userId,
        from: 'active',
        to: 'inactive',
        metadata: {},
      },
      transaction,
    );
  });
}
