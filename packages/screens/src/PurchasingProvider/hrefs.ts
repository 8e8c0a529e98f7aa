/**
 * Where each screen lives in the host application. Screens build every link and redirect with these,
 * so a host that mounts the screens under other paths overrides the ones it changes.
 */
export interface Hrefs {
  dashboard(): string;
  login(): string;
  requisitions(): string;
  requisitionCreate(): string;
  requisitionDetail(id: string): string;
  requisitionEdit(id: string): string;
  approvals(): string;
  /** The review of the requisition with this id. */
  approvalReview(id: string): string;
  purchaseOrders(): string;
  purchaseOrderCreate(): string;
  purchaseOrderDetail(id: string): string;
  purchaseOrderEdit(id: string): string;
  vendors(): string;
  /** The form of a new vendor (needs `vendor.manage`). */
  vendorCreate(): string;
  /** The vendor with this id: contact, address, terms, orders and spend. */
  vendorDetail(id: string): string;
  /** The edit form of the vendor with this id (needs `vendor.manage`). */
  vendorEdit(id: string): string;
  /** The purchase order list narrowed to the vendor with this id. */
  vendorPurchaseOrders(id: string): string;
  products(): string;
  /** The form of a new product (needs `product.manage`). */
  productCreate(): string;
  /** The edit form of the product with this id: details and vendor prices (needs `product.manage`). */
  productEdit(id: string): string;
  reports(): string;
  settings(): string;
  budgets(): string;
  users(): string;
  userCreate(): string;
  userEdit(id: string): string;
  departments(): string;
  departmentUsers(id: string): string;
  /** The organisation's exchange rates into its base currency. */
  exchangeRates(): string;
  /** Roles and their permissions (needs `role.manage`). */
  roles(): string;
  /** The signed-in approver's out-of-office periods (optional: `/out-of-office` when absent). */
  outOfOffice?(): string;
  /** The signed-in user's notifications (optional: `/notifications` when absent). */
  notifications?(): string;
  /** Which notifications the user gets, in the app and by email (optional: `/settings/notifications`). */
  notificationSettings?(): string;
  /** Asks for a password reset link ('Forgot your password?'). */
  forgotPassword(): string;
  /** Sets a new password with the emailed reset token. */
  resetPassword(token: string): string;
  /** Accepts an invitation: sets the first password with the emailed token. */
  acceptInvite(token: string): string;
}

const segment = (id: string) => encodeURIComponent(id);

/** The specification's paths (document 1 §2, document 2 §2, DECISIONS §6). */
export const defaultHrefs: Hrefs = {
  dashboard: () => '/dashboard',
  login: () => '/login',
  requisitions: () => '/requisitions',
  requisitionCreate: () => '/requisitions/create',
  requisitionDetail: (id) => `/requisitions/${segment(id)}`,
  requisitionEdit: (id) => `/requisitions/${segment(id)}/edit`,
  approvals: () => '/approvals',
  approvalReview: (id) => `/approvals/${segment(id)}`,
  purchaseOrders: () => '/purchase-orders',
  purchaseOrderCreate: () => '/purchase-orders/create',
  purchaseOrderDetail: (id) => `/purchase-orders/${segment(id)}`,
  purchaseOrderEdit: (id) => `/purchase-orders/${segment(id)}/edit`,
  vendors: () => '/vendors',
  vendorCreate: () => '/vendors/new',
  vendorDetail: (id) => `/vendors/${segment(id)}`,
  vendorEdit: (id) => `/vendors/${segment(id)}/edit`,
  vendorPurchaseOrders: (id) => `/purchase-orders?${new URLSearchParams({ vendor_id: id }).toString()}`,
  products: () => '/products',
  productCreate: () => '/products/new',
  productEdit: (id) => `/products/${segment(id)}/edit`,
  reports: () => '/reports',
  settings: () => '/settings',
  budgets: () => '/budgets',
  users: () => '/admin/users',
  userCreate: () => '/admin/users/new',
  userEdit: (id) => `/admin/users/${segment(id)}`,
  departments: () => '/admin/departments',
  departmentUsers: (id) => `/admin/departments/${segment(id)}/users`,
  exchangeRates: () => '/admin/exchange-rates',
  roles: () => '/admin/roles',
  outOfOffice: () => '/out-of-office',
  notifications: () => '/notifications',
  notificationSettings: () => '/settings/notifications',
  forgotPassword: () => '/forgot-password',
  resetPassword: (token) => `/reset-password?${new URLSearchParams({ token }).toString()}`,
  acceptInvite: (token) => `/accept-invite?${new URLSearchParams({ token }).toString()}`,
};
