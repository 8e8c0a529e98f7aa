/**
 * `@purchasing/api-client`: the typed client of the purchasing platform's API. Types generated from
 * `openapi.yaml`, a thin openapi-fetch wrapper (session, organisation, refresh, errors) and shared
 * TanStack Query definitions.
 */

export type { components, operations, paths } from '@purchasing/contract';
export { absenceKeys, absenceQueries } from './absence-queries';
export { adminKeys, departmentQueries, roleQueries, userQueries } from './admin-queries';
export { forgetDecidedStep } from './approval-cache';
export { type BudgetListFilters, budgetKeys, budgetQueries } from './budget-queries';
export {
  createPurchasingClient,
  type PurchasingClient,
  type PurchasingClientOptions,
} from './client';
export { currencyKeys, exchangeRateQueries } from './currency-queries';
export {
  ApiError,
  type ApiErrorDetail,
  isApiError,
  NETWORK_ERROR_CODE,
  type UnwrappedData,
  unwrap,
} from './errors';
export {
  IDEMPOTENCY_KEY_HEADER,
  type IdempotentOperation,
  newIdempotencyKey,
  takesIdempotencyKey,
} from './idempotency';
export { NOTIFICATION_POLL_MS, notificationKeys, notificationQueries } from './notification-queries';
export {
  type ProductImportRow,
  type ProductInput,
  type ProductListFilters,
  productKeys,
  productMutations,
  productQueries,
  refreshProducts,
} from './product-queries';
export {
  type PurchaseOrderListFilters,
  purchaseOrderKeys,
  purchaseOrderQueries,
  refreshVendors,
  type VendorInput,
  type VendorListFilters,
  type VendorUpdateInput,
  vendorMutations,
  vendorQueries,
} from './purchase-order-queries';
export {
  type AttachmentEntityType,
  type AttachmentUploadRequest,
  approvalQueries,
  attachmentQueries,
  type ListCursorHint,
  type PendingApprovalFilters,
  type RequisitionListFilters,
  requisitionKeys,
  requisitionQueries,
  uploadAttachments,
} from './purchasing-queries';
export {
  authQueries,
  defaultQueryClientOptions,
  organizationQueries,
  organizationSettingsQueries,
  type PurchasingQueryOptions,
  queryKeys,
  retryOnce,
  type SkippablePurchasingQueryOptions,
} from './queries';
export {
  downloadReportCsv,
  type ReportBody,
  type ReportFilters,
  type ReportPath,
  reportKeys,
  reportQueries,
} from './report-queries';
export {
  createLocalStorageStore,
  createMemoryStore,
  type MemoryStoreInitialValues,
  type SessionStore,
  type SessionStoreEvent,
  type SessionStoreKey,
  type SessionTokens,
  STORAGE_KEYS,
} from './store';
export type { Schemas } from './types';
export { WEBHOOK_DELIVERY_PAGE_SIZE, webhookKeys, webhookQueries } from './webhook-queries';
