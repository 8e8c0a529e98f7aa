/**
 * ACME's requisitions, one or more in every status, with their histories and the purchase orders
 * raised from them (one in every order status). Numbers (REQ-YYYY-00001…) follow creation times.
 */
import type { OpenStepFixture, RequisitionFixture } from './types.js';

const OFFICE = 'Acme Corporation, 100 Collins Street, Melbourne VIC 3000';
const WAREHOUSE = 'Acme Warehouse, 12 Dock Road, Port Melbourne VIC 3207';
/** Uma in IT, on the IT cost centre, delivered to the office: most of the requisitions. */
const UMA = {
  requestor: 'user@acme.test',
  department: 'IT',
  costCenter: 'CC-200',
  shippingAddress: OFFICE,
} as const;
const TO_MARK: OpenStepFixture = { level: 1, approver: { user: 'manager@acme.test' } };
const TO_HELEN_2: OpenStepFixture = { level: 2, approver: { user: 'head@acme.test' } };

/** ACME's requisitions, in creation order. */
export const ACME_REQUISITIONS: RequisitionFixture[] = [
  // a draft
  {
    ...UMA,
    glAccount: '6100',
    category: 'standard',
    justification: 'Restock printer paper and pens for the IT floor',
    deliveryInDays: 14,
    createdDaysAgo: 1,
    lines: [
      { product: 'OW-PAP-A4', quantity: 10 },
      { product: 'OW-PEN-BL50', quantity: 5 },
    ],
    events: [],
  },
  // under_review, waiting for manager@acme.test at level 1
  {
    ...UMA,
    glAccount: '6200',
    category: 'standard',
    justification: 'Second monitors and docks for the two new support analysts',
    deliveryInDays: 21,
    createdDaysAgo: 3,
    lines: [
      { product: 'DELL-P2725H', quantity: 2 },
      { product: 'DELL-WD22TB4', quantity: 2 },
    ],
    events: [{ kind: 'submit', daysAgo: 2, open: TO_MARK }],
    attachments: [
      {
        fileName: 'Dell quote DQ-90311.pdf',
        lines: [
          'Dell Australia - Quote DQ-90311',
          'For: Acme Corporation, IT',
          '2 x Dell 27 Monitor P2725H',
          '2 x Dell Thunderbolt Dock WD22TB4',
          'Valid for 30 days.',
        ],
      },
    ],
  },
  // under_review at level 3, open to every Finance Manager (total 30,000.00)
  {
    ...UMA,
    glAccount: '6200',
    category: 'capital',
    justification: 'Laptop refresh for the service desk team (devices out of warranty)',
    deliveryInDays: 30,
    createdDaysAgo: 6,
    notes: 'Quote DQ-88412 from Dell, valid for 30 days.',
    lines: [{ product: 'DELL-LAT7450', quantity: 12, taxCents: 272_724, notes: 'GST as quoted' }],
    events: [
      { kind: 'submit', daysAgo: 5, open: TO_MARK },
      {
        kind: 'decide',
        daysAgo: 4,
        action: 'approve',
        by: 'manager@acme.test',
        comments: 'Needed before the end of the quarter.',
        next: TO_HELEN_2,
      },
      {
        kind: 'decide',
        daysAgo: 3,
        action: 'approve',
        by: 'head@acme.test',
        next: { level: 3, approver: { group: 'Finance Manager' } },
      },
    ],
  },
  // info_requested with the request comment
  {
    ...UMA,
    glAccount: '6300',
    category: 'standard',
    justification: 'Ergonomic workstations for the IT team',
    deliveryInDays: 28,
    createdDaysAgo: 8,
    lines: [
      { product: 'NOF-CHAIR-ERG', quantity: 4 },
      { product: 'NOF-DESK-1600', quantity: 4 },
    ],
    events: [
      { kind: 'submit', daysAgo: 7, open: TO_MARK },
      {
        kind: 'decide',
        daysAgo: 6,
        action: 'request_info',
        by: 'manager@acme.test',
        comments: 'Please attach the ergonomic assessment and confirm who the four workstations are for.',
      },
    ],
  },
  // approved, waiting for a purchase order (two levels)
  {
    ...UMA,
    costCenter: 'CC-500',
    glAccount: '6400',
    category: 'maintenance',
    justification: 'After-hours deep clean of levels 3 and 4 after the office refit',
    deliveryInDays: 10,
    createdDaysAgo: 5,
    lines: [{ product: 'CP-CLEAN-HR', quantity: 60 }],
    events: [
      { kind: 'submit', daysAgo: 4, open: TO_MARK },
      { kind: 'decide', daysAgo: 3, action: 'approve', by: 'manager@acme.test', next: TO_HELEN_2 },
      { kind: 'decide', daysAgo: 2, action: 'approve', by: 'head@acme.test', comments: 'Approved.' },
    ],
  },
  // rejected with a comment
  {
    ...UMA,
    glAccount: '6300',
    category: 'capital',
    justification: 'Sit-stand desks for the whole IT floor',
    deliveryInDays: 45,
    createdDaysAgo: 11,
    lines: [{ product: 'NOF-DESK-1600', quantity: 6 }],
    events: [
      { kind: 'submit', daysAgo: 10, open: TO_MARK },
      {
        kind: 'decide',
        daysAgo: 9,
        action: 'reject',
        by: 'manager@acme.test',
        comments: "Not in this quarter's budget. Please resubmit next quarter with the facilities plan.",
      },
    ],
  },
  // cancelled (information was requested, then the requestor deleted it)
  {
    ...UMA,
    glAccount: '6100',
    category: 'standard',
    justification: 'Spare toner cartridges',
    deliveryInDays: null,
    createdDaysAgo: 14,
    lines: [{ product: 'OW-TON-58X', quantity: 6 }],
    events: [
      { kind: 'submit', daysAgo: 13, open: TO_MARK },
      {
        kind: 'decide',
        daysAgo: 12,
        action: 'request_info',
        by: 'manager@acme.test',
        comments: 'Which printers are these for? Please list the asset tags.',
      },
      { kind: 'cancel', daysAgo: 10, by: 'user@acme.test' },
    ],
  },
  // po_created, its order sent this month
  {
    ...UMA,
    glAccount: '6200',
    category: 'standard',
    justification: 'Laptops and docks for three new developers starting next month',
    deliveryInDays: 12,
    createdDaysAgo: 9,
    lines: [
      { product: 'DELL-LAT7450', quantity: 3 },
      { product: 'DELL-WD22TB4', quantity: 3 },
    ],
    events: [
      { kind: 'submit', daysAgo: 8, open: TO_MARK },
      { kind: 'decide', daysAgo: 7, action: 'approve', by: 'manager@acme.test', next: TO_HELEN_2 },
      { kind: 'decide', daysAgo: 6, action: 'approve', by: 'head@acme.test' },
    ],
    order: {
      vendor: 'Dell Technologies Australia',
      buyer: 'finance@acme.test',
      status: 'sent',
      paymentTerms: 'Net 45',
      createdDaysAgo: 5,
      sentDaysAgo: 4,
      deliveryInDays: 12,
      notes: 'Deliver to IT reception; call ahead.',
    },
  },
  // po_created, its order received this month (requestor Mark; his manager is Helen)
  {
    requestor: 'manager@acme.test',
    department: 'IT',
    costCenter: 'CC-300',
    glAccount: '6500',
    category: 'freight',
    justification: 'Move decommissioned servers from the data room to the warehouse',
    deliveryInDays: 3,
    shippingAddress: WAREHOUSE,
    createdDaysAgo: 12,
    lines: [{ product: 'FF-PALLET-MET', quantity: 8 }],
    events: [
      { kind: 'submit', daysAgo: 11, open: { level: 1, approver: { user: 'head@acme.test' } } },
      { kind: 'decide', daysAgo: 10, action: 'approve', by: 'head@acme.test' },
    ],
    order: {
      vendor: 'FastFreight Logistics',
      buyer: 'finance@acme.test',
      status: 'received',
      paymentTerms: 'Due on Receipt',
      createdDaysAgo: 9,
      sentDaysAgo: 8,
      receivedDaysAgo: 1,
      receivedNotes: 'All 8 pallets delivered; signed by the warehouse supervisor.',
      deliveryInDays: 2,
    },
  },
  // po_created, its order still a draft (requestor Frank; his manager is Grace)
  {
    requestor: 'finance@acme.test',
    department: 'FIN',
    costCenter: 'CC-400',
    glAccount: '6100',
    category: 'standard',
    justification: 'Paper for the end-of-year reporting cycle',
    deliveryInDays: 7,
    shippingAddress: OFFICE,
    createdDaysAgo: 4,
    lines: [{ product: 'OW-PAP-A4', quantity: 40 }],
    events: [
      { kind: 'submit', daysAgo: 3, open: { level: 1, approver: { user: 'gm@acme.test' } } },
      { kind: 'decide', daysAgo: 2, action: 'approve', by: 'gm@acme.test' },
    ],
    order: {
      vendor: 'Officeworks Business',
      buyer: 'finance@acme.test',
      status: 'draft',
      paymentTerms: 'Net 30',
      createdDaysAgo: 1,
      deliveryInDays: 7,
    },
  },
  // approved again after its purchase order was cancelled (requestor Helen; manager Grace)
  {
    requestor: 'head@acme.test',
    department: 'OPS',
    costCenter: 'CC-300',
    glAccount: '6300',
    category: 'standard',
    justification: 'Replacement chairs for the operations meeting room',
    deliveryInDays: 20,
    shippingAddress: OFFICE,
    createdDaysAgo: 16,
    lines: [{ product: 'NOF-CHAIR-ERG', quantity: 2 }],
    events: [
      { kind: 'submit', daysAgo: 15, open: { level: 1, approver: { user: 'gm@acme.test' } } },
      { kind: 'decide', daysAgo: 14, action: 'approve', by: 'gm@acme.test' },
    ],
    order: {
      vendor: 'Nordic Office Furniture',
      buyer: 'finance@acme.test',
      status: 'cancelled',
      paymentTerms: 'Net 30',
      createdDaysAgo: 13,
      cancelledDaysAgo: 11,
      cancelReason: 'The vendor could not meet the delivery date; we will re-order elsewhere.',
      deliveryInDays: 20,
    },
  },
  // submitted: accepted but not yet routed (reserved status; no steps)
  {
    ...UMA,
    costCenter: 'CC-500',
    glAccount: '6400',
    category: 'services',
    justification: 'Carpet steam clean for the IT store room',
    deliveryInDays: 9,
    createdDaysAgo: 1.5,
    lines: [{ product: 'CP-CLEAN-HR', quantity: 10 }],
    events: [{ kind: 'submit', daysAgo: 0.5 }],
  },
  // approved; level 2 passed because its approver already approved at level 1
  {
    requestor: 'manager@acme.test',
    department: 'IT',
    costCenter: 'CC-200',
    glAccount: '6200',
    category: 'standard',
    justification: 'Monitors and docks for the hot-desk area',
    deliveryInDays: 18,
    shippingAddress: OFFICE,
    createdDaysAgo: 7,
    lines: [
      { product: 'DELL-P2725H', quantity: 8 },
      { product: 'DELL-WD22TB4', quantity: 4 },
    ],
    events: [
      { kind: 'submit', daysAgo: 6, open: { level: 1, approver: { user: 'head@acme.test' } } },
      {
        kind: 'decide',
        daysAgo: 5,
        action: 'approve',
        by: 'head@acme.test',
        passes: [
          {
            level: 2,
            approver: 'head@acme.test',
            reason: 'already_approved',
            comments: 'Passed: Helen Park already approved this requisition at level 1.',
          },
        ],
      },
    ],
  },
  // under_review in USD: 2,880.00 USD froze 1.53, so 4,406.40 AUD (level 1 only)
  {
    ...UMA,
    glAccount: '6600',
    category: 'services',
    justification: 'Design tool licences for the IT team, billed in US dollars',
    deliveryInDays: 7,
    createdDaysAgo: 2,
    currency: { code: 'USD', rate: '1.53000000' },
    lines: [
      {
        description: 'Design tool seat, annual licence',
        quantity: 12,
        priceCents: 24_000,
        unit: 'each',
        taxCents: 0,
      },
    ],
    events: [{ kind: 'submit', daysAgo: 1, open: TO_MARK }],
  },
];
