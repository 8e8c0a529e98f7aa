/**
 * This file was auto-generated from openapi.yaml by scripts/idempotent-operations.mjs.
 * Do not make direct changes to the file: run `npm run contract:generate`.
 */

/** Every operation that declares the `Idempotency-Key` header, as `METHOD /path`. */
export const IDEMPOTENT_OPERATIONS = [
  'POST /approvals/bulk',
  'POST /approvals/{requisitionId}/approve',
  'POST /approvals/{requisitionId}/delegate',
  'POST /approvals/{requisitionId}/reject',
  'POST /approvals/{requisitionId}/request-info',
  'POST /attachments/upload',
  'POST /budgets',
  'POST /departments',
  'POST /exchange-rates',
  'POST /products',
  'POST /purchase-orders',
  'POST /purchase-orders/{id}/cancel',
  'POST /purchase-orders/{id}/receipts',
  'POST /purchase-orders/{id}/receive',
  'POST /purchase-orders/{id}/send',
  'POST /requisitions',
  'POST /requisitions/{id}/submit',
  'POST /roles',
  'POST /roles/{id}/permissions',
  'POST /users',
  'POST /users/{id}/reset-password',
  'POST /users/{id}/roles',
  'POST /vendors',
] as const;
