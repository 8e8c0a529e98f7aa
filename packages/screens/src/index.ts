/**
 * @purchasing/screens: the purchasing platform's screens, router-agnostic and embeddable. Wrap them in
 * the host's `QueryClientProvider`, Radix `<Theme>`, {@link PurchasingProvider} and {@link SessionProvider}.
 */

/** A large spinner centred in the viewport (re-exported from `@purchasing/ui`), e.g. while the session loads. */
export { FullPageSpinner } from '@purchasing/ui';
export { AcceptInviteScreen, type AcceptInviteScreenProps } from './AcceptInviteScreen';
export {
  ApprovalActionForm,
  type ApprovalActionFormProps,
  type ApprovalActionName,
  type ApprovalDecision,
  type PendingStepState,
  usePendingStep,
} from './ApprovalActionForm';
export { ApprovalPolicyScreen, approvalPolicyMessages } from './ApprovalPolicyScreen';
export {
  ApprovalQueueScreen,
  type ApprovalQueueScreenProps,
  type ApprovalQueueSearch,
  approvalQueueSearchSchema,
} from './ApprovalQueueScreen';
export { ApprovalReviewScreen, type ApprovalReviewScreenProps } from './ApprovalReviewScreen';
export { ApprovalWorkflowTimeline, type ApprovalWorkflowTimelineProps } from './ApprovalWorkflowTimeline';
export {
  AppShell,
  type AppShellProps,
  NARROW_SCREEN_QUERY,
  SIDEBAR_COLLAPSED_KEY,
  type SidebarItem,
  sidebarItems,
} from './AppShell';
export {
  BudgetManagementScreen,
  type BudgetManagementScreenProps,
  type BudgetManagementSearch,
  budgetManagementMessages,
  budgetManagementSearchSchema,
} from './BudgetManagementScreen';
export { ComingSoonScreen, type ComingSoonScreenProps } from './ComingSoonScreen';
export { CreateUserScreen } from './CreateUserScreen';
export {
  DashboardScreen,
  dashboardQuickActions,
  NO_ORGANIZATION_MESSAGE,
  type QuickAction,
} from './DashboardScreen';
export { DepartmentManagementScreen } from './DepartmentManagementScreen';
export { DepartmentUsersScreen, type DepartmentUsersScreenProps } from './DepartmentUsersScreen';
export { EditUserScreen, type EditUserScreenProps } from './EditUserScreen';
export {
  EmailDecisionScreen,
  type EmailDecisionScreenProps,
  emailDecisionMessages,
} from './EmailDecisionScreen';
export { ExchangeRatesScreen } from './ExchangeRatesScreen';
export { ForgotPasswordScreen } from './ForgotPasswordScreen';
export type { PurchasingCssVariables } from './kit/themeVariables';
export { type LoginFormValues, LoginScreen, type LoginScreenProps, loginSchema } from './LoginScreen';
export {
  bellLabel,
  NotificationBell,
  type NotificationBellProps,
  NotificationItem,
  notificationBellMessages,
  notificationHref,
} from './NotificationBell';
export {
  NOTIFICATION_KIND_LABELS,
  NotificationSettingsScreen,
  notificationSettingsMessages,
} from './NotificationSettingsScreen';
export {
  NOTIFICATIONS_PAGE_LIMIT,
  NotificationsScreen,
  type NotificationsScreenProps,
  notificationsMessages,
} from './NotificationsScreen';
export { OutOfOfficeScreen, type OutOfOfficeScreenProps } from './OutOfOfficeScreen';
export { PendingScreen, type PendingScreenProps } from './PendingScreen';
export {
  ProductFormScreen,
  type ProductFormScreenProps,
  productFormScreenMessages,
} from './ProductFormScreen';
export {
  ProductListScreen,
  type ProductListScreenProps,
  type ProductListSearch,
  type ProductListSearchChangeOptions,
  parseProductImport,
  productImportTemplate,
  productListMessages,
  productListSearchSchema,
} from './ProductListScreen';
export { PurchaseOrderCreateScreen } from './PurchaseOrderCreateScreen';
export { PurchaseOrderDetailScreen, type PurchaseOrderDetailScreenProps } from './PurchaseOrderDetailScreen';
export { PurchaseOrderEditScreen, type PurchaseOrderEditScreenProps } from './PurchaseOrderEditScreen';
export {
  PurchaseOrderListScreen,
  type PurchaseOrderListScreenProps,
  type PurchaseOrderListSearch,
  type PurchaseOrderListSearchChangeOptions,
  purchaseOrderListSearchSchema,
} from './PurchaseOrderListScreen';
export { PurchasingEmbed, type PurchasingEmbedProps } from './PurchasingEmbed';
export {
  defaultHrefs,
  type Hrefs,
  type LinkProps,
  type Navigation,
  type NavigationBlocker,
  type NavigationBlockerOptions,
  type PurchasingContextValue,
  PurchasingProvider,
  type PurchasingProviderProps,
  useLinkProps,
  usePurchasing,
} from './PurchasingProvider';
export {
  ReportsScreen,
  type ReportsScreenProps,
  type ReportsSearch,
  reportsMessages,
  reportsSearchSchema,
} from './ReportsScreen';
export { RequisitionDetailScreen, type RequisitionDetailScreenProps } from './RequisitionDetailScreen';
export {
  CreateRequisitionScreen,
  EditRequisitionScreen,
  type EditRequisitionScreenProps,
  type RequisitionFormValues,
  type RequisitionLineFormValues,
  requisitionFormSchema,
} from './RequisitionFormScreen';
export {
  RequisitionListScreen,
  type RequisitionListScreenProps,
  type RequisitionListSearch,
  type RequisitionListSearchChangeOptions,
  requisitionListQuery,
  requisitionListSearchSchema,
} from './RequisitionListScreen';
export { ResetPasswordScreen, type ResetPasswordScreenProps } from './ResetPasswordScreen';
export { RolesScreen } from './RolesScreen';
export {
  type LoginCredentials,
  preloadSession,
  type SessionContextValue,
  SessionProvider,
  type SessionProviderProps,
  type SessionStatus,
  useSession,
} from './SessionProvider';
export {
  type SettingsEntry,
  SettingsScreen,
  type SettingsScreenProps,
  settingsScreenMessages,
} from './SettingsScreen';
export { UserListScreen } from './UserListScreen';
export {
  VendorDetailScreen,
  type VendorDetailScreenProps,
  vendorDetailMessages,
} from './VendorDetailScreen';
export { VendorFormScreen, type VendorFormScreenProps, vendorFormScreenMessages } from './VendorFormScreen';
export {
  VendorListScreen,
  type VendorListScreenProps,
  type VendorListSearch,
  type VendorListSearchChangeOptions,
  vendorListMessages,
  vendorListSearchSchema,
} from './VendorListScreen';
export { WebhooksScreen, webhooksMessages } from './WebhooksScreen';
