/**
 * The shape of the demo fixtures (`acme.ts`, `globex.ts`): plain data that names other records by
 * their natural keys (a user's email, a department's, cost centre's or GL account's code, a vendor's
 * name, a product's SKU), never by object. The loader (`load.ts`) resolves the keys and refuses one
 * that names nothing. Times are days before the seed's clock (`createdDaysAgo`, `daysAgo`, fractions
 * allowed); money is in cents unless said otherwise.
 */
import type { DefaultRoleName } from '../defaults.js';
import type {
  ApprovalAction,
  PaymentTerms,
  PurchaseOrderStatus,
  RequisitionCategory,
  UnitOfMeasure,
} from '../models/index.js';

/** A user's email. */
export type Email = string;

/** A person the organisation's fixture creates (every one gets the demo password). */
export interface UserFixture {
  email: Email;
  first_name: string;
  last_name: string;
  phone: string;
  /** Default true. */
  is_active?: boolean;
}

/** A department; `head` a user's email, `parent` another department's code (listed before it). */
export interface DepartmentFixture {
  name: string;
  code: string;
  description: string;
  head: Email | null;
  parent?: string;
}

/** A user's membership of the organisation. */
export interface MemberFixture {
  user: Email;
  role: DefaultRoleName;
  /** A department's code. */
  department: string | null;
  manager: Email | null;
  createdDaysAgo: number;
}

/** A cost centre and its budget for the fiscal year containing the seed's clock. */
export interface CostCenterFixture {
  code: string;
  name: string;
  /** The budget in whole units of the organisation's currency. */
  budget: number;
}

/** A GL account. */
export interface GlAccountFixture {
  code: string;
  name: string;
}

/** A vendor, named by `name` elsewhere. */
export interface VendorFixture {
  name: string;
  contact_name: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  city: string;
  state_province: string;
  postal_code: string;
  country: string;
  payment_terms: PaymentTerms;
  /** A tax or business number (an ABN for the Australian vendors). */
  tax_number?: string;
}

/** A product in the organisation's currency, named by `sku` elsewhere. */
export interface ProductFixture {
  /** A vendor's name. */
  vendor: string | null;
  name: string;
  description: string;
  sku: string;
  priceCents: number;
  unit: UnitOfMeasure;
}

/** A rate of `currency` into the organisation's currency, in effect from `daysAgo` days ago. */
export interface ExchangeRateFixture {
  currency: string;
  rate: string;
  daysAgo: number;
  by: Email;
}

/** A requisition line: a product (by SKU) or a free-text description. */
export interface LineFixture {
  /** A product's SKU: its name, price and unit are the line's unless given. */
  product?: string;
  description?: string;
  quantity: number;
  priceCents?: number;
  unit?: UnitOfMeasure;
  /** Default: 10% GST of quantity × price, rounded half-up to the cent. */
  taxCents?: number;
  notes?: string;
}

/** Who an approval step waits for: one user or every holder of a role. */
export type ApproverFixture = { user: Email } | { group: 'Finance Manager' | 'General Manager' };

/** An approval step that is opened waiting for its approver. */
export interface OpenStepFixture {
  level: number;
  approver: ApproverFixture;
}

/** A step passed (closed as auto_approve) when the step before it was approved. */
export interface PassFixture {
  level: number;
  approver: Email;
  reason: string;
  comments: string;
}

/**
 * What happened to a requisition, oldest first; the loader replays these into its status, status
 * timestamps, approval steps and audit entries.
 */
export type WorkflowEventFixture =
  /** Submitted (or resubmitted); without `open` it stays `submitted` (accepted, not yet routed). */
  | { kind: 'submit'; daysAgo: number; open?: OpenStepFixture }
  /**
   * The open step decided. An approval may pass steps and open `next`; without `next` the
   * requisition is approved.
   */
  | {
      kind: 'decide';
      daysAgo: number;
      action: Extract<ApprovalAction, 'approve' | 'reject' | 'request_info'>;
      by: Email;
      comments?: string;
      passes?: PassFixture[];
      next?: OpenStepFixture;
    }
  | { kind: 'cancel'; daysAgo: number; by: Email };

/**
 * A purchase order raised from its (approved) requisition, for the requisition's lines. The
 * requisition becomes po_created, or is approved again when the order is cancelled.
 */
export interface PurchaseOrderFixture {
  /** A vendor's name. */
  vendor: string;
  buyer: Email;
  status: PurchaseOrderStatus;
  paymentTerms: PaymentTerms;
  createdDaysAgo: number;
  /** Days ago, clamped into the current calendar month so the dashboard shows this month's spend. */
  sentDaysAgo?: number;
  /** Clamped like `sentDaysAgo`. */
  receivedDaysAgo?: number;
  receivedNotes?: string;
  cancelledDaysAgo?: number;
  cancelReason?: string;
  deliveryInDays: number;
  notes?: string;
}

/** A requisition, its lines and history, and the purchase order raised from it (if any). */
export interface RequisitionFixture {
  requestor: Email;
  /** A department's code. */
  department: string | null;
  /** A cost centre's code. */
  costCenter: string;
  /** A GL account's code. */
  glAccount: string;
  category: RequisitionCategory;
  justification: string;
  deliveryInDays: number | null;
  shippingAddress: string;
  notes?: string;
  createdDaysAgo: number;
  /** Another currency than the organisation's, and the rate into it its submission froze. */
  currency?: { code: string; rate: string };
  lines: LineFixture[];
  events: WorkflowEventFixture[];
  order?: PurchaseOrderFixture;
  /** PDFs the requestor attached when creating it. */
  attachments?: AttachmentFixture[];
}

/** A PDF attached to a demo requisition: its name and the lines of its one page. */
export interface AttachmentFixture {
  fileName: string;
  lines: string[];
}

/** One demo organisation and everything in it. */
export interface OrganizationFixture {
  organization: {
    name: string;
    code: string;
    address: string;
    phone: string;
    website: string;
    fiscal_year_start: number;
    fiscal_year_end: number;
  };
  /** The people this fixture creates; members may also name people an earlier fixture created. */
  users: UserFixture[];
  departments: DepartmentFixture[];
  members: MemberFixture[];
  costCenters: CostCenterFixture[];
  glAccounts: GlAccountFixture[];
  vendors: VendorFixture[];
  products: ProductFixture[];
  exchangeRates: ExchangeRateFixture[];
  /** Created in this order; their numbers follow their creation times. */
  requisitions: RequisitionFixture[];
}
