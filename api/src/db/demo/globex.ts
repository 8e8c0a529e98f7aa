/**
 * Globex Industries (GLOBEX): the second demo organisation, on the Australian financial year. Alex
 * (admin@acme.test, created by the ACME fixture) is its Finance Manager and buyer.
 */
import type { OpenStepFixture, OrganizationFixture } from './types.js';

const SITE = 'Globex Industries, 40 Foundry Lane, Wetherill Park NSW 2164';
/** Ursula in Operations, on the Production cost centre, delivered to the site. */
const URSULA = {
  requestor: 'user@globex.test',
  department: 'OPS',
  costCenter: 'CC-200',
  shippingAddress: SITE,
} as const;
const TO_MAX: OpenStepFixture = { level: 1, approver: { user: 'manager@globex.test' } };

/** The GLOBEX fixture. */
export const GLOBEX: OrganizationFixture = {
  organization: {
    name: 'Globex Industries',
    code: 'GLOBEX',
    address: '8 Harbour Street, Sydney NSW 2000, Australia',
    phone: '+61 2 8000 2000',
    website: 'https://globex.example',
    // The Australian financial year: July to June.
    fiscal_year_start: 7,
    fiscal_year_end: 6,
  },
  users: [
    { email: 'admin@globex.test', first_name: 'Gina', last_name: 'Ross', phone: '+61 400 100 001' },
    { email: 'manager@globex.test', first_name: 'Max', last_name: 'Reed', phone: '+61 400 100 002' },
    { email: 'user@globex.test', first_name: 'Ursula', last_name: 'Kim', phone: '+61 400 100 003' },
  ],
  departments: [
    {
      name: 'Operations',
      code: 'OPS',
      description: 'Plant and warehouse operations',
      head: 'admin@globex.test',
    },
    { name: 'Finance', code: 'FIN', description: 'Accounts and purchasing', head: 'admin@acme.test' },
  ],
  members: [
    { user: 'admin@globex.test', role: 'Super Admin', department: 'OPS', manager: null, createdDaysAgo: 300 },
    {
      user: 'admin@acme.test',
      role: 'Finance Manager',
      department: 'FIN',
      manager: 'admin@globex.test',
      createdDaysAgo: 200,
    },
    {
      user: 'manager@globex.test',
      role: 'Manager',
      department: 'OPS',
      manager: 'admin@globex.test',
      createdDaysAgo: 290,
    },
    {
      user: 'user@globex.test',
      role: 'User',
      department: 'OPS',
      manager: 'manager@globex.test',
      createdDaysAgo: 280,
    },
  ],
  costCenters: [
    { code: 'CC-100', name: 'Administration', budget: 90_000 },
    { code: 'CC-200', name: 'Production', budget: 350_000 },
    { code: 'CC-300', name: 'Warehouse', budget: 150_000 },
    { code: 'CC-400', name: 'Sales', budget: 80_000 },
    { code: 'CC-500', name: 'Quality Assurance', budget: 60_000 },
  ],
  glAccounts: [
    { code: '5100', name: 'Consumables' },
    { code: '5200', name: 'Tools & Equipment' },
    { code: '5300', name: 'Safety Supplies' },
    { code: '5400', name: 'Maintenance' },
    { code: '5500', name: 'Freight' },
  ],
  vendors: [
    {
      name: 'Blackwoods Industrial',
      contact_name: 'Sam Carter',
      email: 'orders@blackwoods-industrial.example',
      phone: '+61 2 8100 1000',
      website: 'https://blackwoods-industrial.example',
      address: '22 Parramatta Road',
      city: 'Granville',
      state_province: 'NSW',
      postal_code: '2142',
      country: 'Australia',
      payment_terms: 'Net 30',
    },
    {
      name: 'Trade Hardware Supplies',
      contact_name: 'Kylie Brown',
      email: 'trade@tradehardware.example',
      phone: '+61 2 8200 2000',
      website: 'https://tradehardware.example',
      address: '5 Silverwater Road',
      city: 'Silverwater',
      state_province: 'NSW',
      postal_code: '2128',
      country: 'Australia',
      payment_terms: 'Net 15',
    },
    {
      name: 'SafeWork Gear',
      contact_name: 'Ravi Singh',
      email: 'sales@safeworkgear.example',
      phone: '+61 3 8300 3000',
      website: 'https://safeworkgear.example',
      address: '71 Dandenong Road',
      city: 'Clayton',
      state_province: 'VIC',
      postal_code: '3168',
      country: 'Australia',
      payment_terms: 'Net 30',
    },
    {
      name: 'Harbour Freight Lines',
      contact_name: 'Nora Quinn',
      email: 'bookings@harbourfreight.example',
      phone: '+61 2 8400 4000',
      website: 'https://harbourfreight.example',
      address: '1 Port Botany Drive',
      city: 'Port Botany',
      state_province: 'NSW',
      postal_code: '2036',
      country: 'Australia',
      payment_terms: 'COD',
    },
  ],
  products: [
    {
      vendor: 'SafeWork Gear',
      name: 'Nitrile Work Gloves',
      description: 'Size L, box of 100',
      sku: 'SWG-GLV-L100',
      priceCents: 2450,
      unit: 'box',
    },
    {
      vendor: 'SafeWork Gear',
      name: 'Safety Glasses, Clear',
      description: 'Anti-fog, AS/NZS 1337',
      sku: 'SWG-GLS-CLR',
      priceCents: 890,
      unit: 'each',
    },
    {
      vendor: 'SafeWork Gear',
      name: 'Hi-Vis Vest',
      description: 'Class D/N, orange',
      sku: 'SWG-VST-OR',
      priceCents: 1590,
      unit: 'each',
    },
    {
      vendor: 'Blackwoods Industrial',
      name: 'Cordless Drill 18V Kit',
      description: 'Two batteries and charger',
      sku: 'BWI-DRL-18V',
      priceCents: 34900,
      unit: 'each',
    },
    {
      vendor: 'Blackwoods Industrial',
      name: 'HSS Drill Bit Set',
      description: '25 pieces, 1–13 mm',
      sku: 'BWI-BIT-25',
      priceCents: 7900,
      unit: 'box',
    },
    {
      vendor: 'Trade Hardware Supplies',
      name: 'Cable Ties 300 mm',
      description: 'Pack of 100, UV stabilised',
      sku: 'THS-CT-300',
      priceCents: 1250,
      unit: 'box',
    },
    {
      vendor: 'Trade Hardware Supplies',
      name: 'Polypropylene Rope 10 mm',
      description: 'Sold by the metre',
      sku: 'THS-RP-10',
      priceCents: 185,
      unit: 'meter',
    },
    {
      vendor: 'Trade Hardware Supplies',
      name: 'Machine Lubricant',
      description: 'ISO VG 68, 5 litre',
      sku: 'THS-LUB-68',
      priceCents: 6400,
      unit: 'liter',
    },
  ],
  exchangeRates: [],
  requisitions: [
    // a draft
    {
      ...URSULA,
      glAccount: '5100',
      category: 'standard',
      justification: 'Cable ties and rope for the packing line',
      deliveryInDays: 10,
      createdDaysAgo: 1,
      lines: [
        { product: 'THS-CT-300', quantity: 6 },
        { product: 'THS-RP-10', quantity: 200 },
      ],
      events: [],
    },
    // under_review, waiting for manager@globex.test
    {
      ...URSULA,
      glAccount: '5300',
      category: 'standard',
      justification: 'Monthly safety consumables for the production floor',
      deliveryInDays: 7,
      createdDaysAgo: 2,
      lines: [
        { product: 'SWG-GLV-L100', quantity: 10 },
        { product: 'SWG-GLS-CLR', quantity: 30 },
      ],
      events: [{ kind: 'submit', daysAgo: 1, open: TO_MAX }],
    },
    // po_created, its order received this month
    {
      ...URSULA,
      glAccount: '5200',
      category: 'standard',
      justification: 'Drills for the new maintenance crew',
      deliveryInDays: 5,
      createdDaysAgo: 10,
      lines: [
        { product: 'BWI-DRL-18V', quantity: 4 },
        { product: 'BWI-BIT-25', quantity: 4 },
      ],
      events: [
        { kind: 'submit', daysAgo: 9, open: TO_MAX },
        { kind: 'decide', daysAgo: 8, action: 'approve', by: 'manager@globex.test' },
      ],
      order: {
        vendor: 'Blackwoods Industrial',
        buyer: 'admin@acme.test',
        status: 'received',
        paymentTerms: 'Net 30',
        createdDaysAgo: 7,
        sentDaysAgo: 6,
        receivedDaysAgo: 2,
        receivedNotes: 'Received complete.',
        deliveryInDays: 3,
      },
    },
    // po_created, its order sent this month
    {
      ...URSULA,
      costCenter: 'CC-300',
      glAccount: '5300',
      category: 'standard',
      justification: 'Hi-vis vests for warehouse visitors',
      deliveryInDays: 6,
      createdDaysAgo: 6,
      lines: [{ product: 'SWG-VST-OR', quantity: 40 }],
      events: [
        { kind: 'submit', daysAgo: 5, open: TO_MAX },
        { kind: 'decide', daysAgo: 4, action: 'approve', by: 'manager@globex.test' },
      ],
      order: {
        vendor: 'SafeWork Gear',
        buyer: 'admin@acme.test',
        status: 'sent',
        paymentTerms: 'Net 30',
        createdDaysAgo: 3,
        sentDaysAgo: 2,
        deliveryInDays: 6,
      },
    },
    // rejected with a comment
    {
      ...URSULA,
      glAccount: '5400',
      category: 'maintenance',
      justification: 'Lubricant for the press line',
      deliveryInDays: 14,
      createdDaysAgo: 8,
      lines: [{ product: 'THS-LUB-68', quantity: 20 }],
      events: [
        { kind: 'submit', daysAgo: 7, open: TO_MAX },
        {
          kind: 'decide',
          daysAgo: 6,
          action: 'reject',
          by: 'manager@globex.test',
          comments: 'We still have six drums in the store; please check stock first.',
        },
      ],
    },
  ],
};
