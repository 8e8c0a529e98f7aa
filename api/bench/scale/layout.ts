/**
 * The small, hand-shaped part of the scale data set, decided in TypeScript: organisations, their
 * people (roles, departments, managers), cost centres, GL accounts, vendors and products. The large
 * tables (requisitions and everything hanging off them) are derived from these in SQL
 * (generate-sql.ts). A seeded generator keeps the layout the same from one run to the next.
 */
import { randomUUID } from 'node:crypto';
import type { DefaultRoleName } from '../../src/db/defaults.js';
import {
  COST_CENTER_THEMES,
  DEPARTMENTS,
  FIRST_NAMES,
  GL_ACCOUNTS,
  LAST_NAMES,
  ORG_PREFIXES,
  ORG_SUFFIXES,
  PRODUCTS,
  SITES,
  VENDOR_KINDS,
  VENDOR_STEMS,
} from './vocabulary.js';

/** How many of each kind of record an organisation gets. */
export interface OrgShape {
  requisitions: number;
  users: number;
  admins: number;
  financeManagers: number;
  departments: number;
  managers: number;
  /** Users reporting to the first manager (the busy one); 0 in ordinary organisations. */
  busyTeam: number;
  /**
   * Drafts of the bench submitter (a member of the busy team), the stock the benchmark's submit
   * scenario consumes: one per submit request.
   */
  submitterDrafts: number;
  costCenters: number;
  glAccounts: number;
  vendors: number;
  products: number;
}

/** The one very large organisation of the issue, and the ordinary ones around it. */
export function largeShape(requisitions: number): OrgShape {
  return {
    requisitions,
    users: 2000,
    admins: 3,
    financeManagers: 4,
    departments: 20,
    managers: 100,
    busyTeam: 400,
    submitterDrafts: Math.min(10_000, Math.max(200, Math.round(requisitions / 100))),
    costCenters: 60,
    glAccounts: 40,
    vendors: 120,
    products: 500,
  };
}

export function smallShape(requisitions: number): OrgShape {
  return {
    requisitions,
    users: 20,
    admins: 1,
    financeManagers: 1,
    departments: 3,
    managers: 2,
    busyTeam: 0,
    submitterDrafts: 0,
    costCenters: 6,
    glAccounts: 15,
    vendors: 15,
    products: 55,
  };
}

export interface OrgPlan {
  idx: number;
  id: string;
  name: string;
  code: string;
  domain: string;
  address: string;
  shape: OrgShape;
}

export interface UserPlan {
  id: string;
  orgIdx: number;
  email: string;
  firstName: string;
  lastName: string;
  role: DefaultRoleName;
  deptIdx: number;
  managerId: string | null;
  /** Raises requisitions (role User). */
  requestor: boolean;
  /** Reports to the organisation's busy manager. */
  busyTeam: boolean;
  /** Owns the stock of drafts the benchmark submits. */
  submitter: boolean;
}

export interface DepartmentPlan {
  id: string;
  orgIdx: number;
  idx: number;
  name: string;
  code: string;
  headId: string | null;
}

export interface RefPlan {
  id: string;
  orgIdx: number;
  idx: number;
  code: string;
  name: string;
}

export interface ProductPlan {
  id: string;
  orgIdx: number;
  idx: number;
  vendorId: string;
  name: string;
  sku: string;
  unit: string;
  priceCents: number;
}

export interface Layout {
  orgs: OrgPlan[];
  users: UserPlan[];
  departments: DepartmentPlan[];
  costCenters: RefPlan[];
  glAccounts: RefPlan[];
  vendors: RefPlan[];
  products: ProductPlan[];
}

/** mulberry32: a small seeded generator, so the same options give the same people. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Builds the layout of `count` organisations, the first one large. */
export function buildLayout(options: {
  organizations: number;
  requisitions: number;
  perOrg: number;
}): Layout {
  const random = seeded(12);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const layout: Layout = {
    orgs: [],
    users: [],
    departments: [],
    costCenters: [],
    glAccounts: [],
    vendors: [],
    products: [],
  };
  const emails = new Set<string>();
  for (let o = 0; o < options.organizations; o++) {
    const shape = o === 0 ? largeShape(options.requisitions) : smallShape(options.perOrg);
    const words = [ORG_PREFIXES[o % ORG_PREFIXES.length]!, ORG_SUFFIXES[Math.floor(o / 20) % 15]!];
    const round = Math.floor(o / 300);
    const name = `${words.join(' ')}${round ? ` ${round + 1}` : ''}`;
    const initials = name
      .split(' ')
      .map((word) => word[0])
      .join('')
      .toUpperCase();
    const org: OrgPlan = {
      idx: o,
      id: randomUUID(),
      name,
      code: `${initials}${o + 1}`,
      domain: `${slug(name)}.example`,
      address: `${10 + o} ${pick(['George', 'Collins', 'Queen', 'Hay', 'King William'])} Street, ${pick(SITES)}`,
      shape,
    };
    layout.orgs.push(org);

    const departments = DEPARTMENTS.slice(0, shape.departments).map(([deptName, code], idx) => ({
      id: randomUUID(),
      orgIdx: o,
      idx,
      name: deptName,
      code,
      headId: null as string | null,
    }));
    layout.departments.push(...departments);

    // Roles by position: Super Admin, Admins, General Manager, Finance Managers, one head per
    // department, managers (the first is the busy one), then the users who raise requisitions.
    const heads = 2 + shape.admins + shape.financeManagers;
    const firstManager = heads + shape.departments;
    const firstUser = firstManager + shape.managers;
    const users: UserPlan[] = [];
    for (let u = 0; u < shape.users; u++) {
      const role: DefaultRoleName =
        u === 0
          ? 'Super Admin'
          : u <= shape.admins
            ? 'Admin'
            : u === shape.admins + 1
              ? 'General Manager'
              : u < heads
                ? 'Finance Manager'
                : u < firstManager
                  ? 'Department Head'
                  : u < firstUser
                    ? 'Manager'
                    : 'User';
      const firstName = pick(FIRST_NAMES);
      const lastName = pick(LAST_NAMES);
      let email = `${slug(firstName)}.${slug(lastName)}@${org.domain}`;
      for (let n = 2; emails.has(email); n++)
        email = `${slug(firstName)}.${slug(lastName)}${n}@${org.domain}`;
      emails.add(email);
      const busyTeam = role === 'User' && u - firstUser < shape.busyTeam;
      let deptIdx: number;
      if (role === 'Department Head') deptIdx = u - heads;
      else if (role === 'Manager')
        deptIdx = u === firstManager ? 0 : (u - firstManager - 1) % shape.departments;
      else if (role === 'User') deptIdx = busyTeam ? 0 : u % shape.departments;
      else deptIdx = role === 'Finance Manager' ? Math.min(1, shape.departments - 1) : shape.departments - 1;
      users.push({
        id: randomUUID(),
        orgIdx: o,
        email,
        firstName,
        lastName,
        role,
        deptIdx,
        managerId: null,
        requestor: role === 'User',
        busyTeam,
        submitter: busyTeam && u === firstUser + 1,
      });
    }
    const gm = users.find((user) => user.role === 'General Manager')!;
    const managers = users.filter((user) => user.role === 'Manager');
    const others = managers.slice(shape.busyTeam > 0 ? 1 : 0);
    // Heads come before managers in `users`, so a manager's department has its head by then.
    users.forEach((user, u) => {
      if (user.role === 'Department Head') {
        departments[user.deptIdx]!.headId = user.id;
        user.managerId = gm.id;
      } else if (user.role === 'Manager') {
        user.managerId = departments[user.deptIdx]!.headId ?? gm.id;
      } else if (user.role === 'User') {
        const sameDept = others.filter((m) => m.deptIdx === user.deptIdx);
        const pool = sameDept.length ? sameDept : others;
        user.managerId = user.busyTeam ? managers[0]!.id : pool[u % pool.length]!.id;
      } else if (user.role !== 'Super Admin' && user.role !== 'General Manager') {
        user.managerId = gm.id;
      }
    });
    layout.users.push(...users);

    for (let k = 0; k < shape.costCenters; k++) {
      const theme = COST_CENTER_THEMES[k % COST_CENTER_THEMES.length]!;
      const site = SITES[Math.floor(k / COST_CENTER_THEMES.length) % SITES.length]!;
      layout.costCenters.push({
        id: randomUUID(),
        orgIdx: o,
        idx: k,
        code: `CC-${1000 + k * 10}`,
        name: `${theme} ${site}`,
      });
    }
    GL_ACCOUNTS.slice(0, shape.glAccounts).forEach(([code, glName], k) => {
      layout.glAccounts.push({ id: randomUUID(), orgIdx: o, idx: k, code, name: glName });
    });
    const vendors: RefPlan[] = [];
    for (let k = 0; k < shape.vendors; k++) {
      const stem = VENDOR_STEMS[k % VENDOR_STEMS.length]!;
      const kind = VENDOR_KINDS[(k * 7 + Math.floor(k / VENDOR_STEMS.length)) % VENDOR_KINDS.length]!;
      vendors.push({ id: randomUUID(), orgIdx: o, idx: k, code: '', name: `${stem} ${kind} Pty Ltd` });
    }
    layout.vendors.push(...vendors);
    for (let k = 0; k < shape.products; k++) {
      const [productName, unit, dollars] = PRODUCTS[k % PRODUCTS.length]!;
      const vendor = vendors[k % vendors.length]!;
      layout.products.push({
        id: randomUUID(),
        orgIdx: o,
        idx: k,
        vendorId: vendor.id,
        // Names are unique per organisation (migration 2026.11.27T10.40.00): a catalogue larger than
        // the vocabulary numbers its repeats.
        name: k < PRODUCTS.length ? productName : `${productName} (${Math.floor(k / PRODUCTS.length) + 1})`,
        sku: `SKU-${String(10000 + k)}`,
        unit,
        // Each vendor's price of a catalogue item differs a little from the others'.
        priceCents: Math.max(50, Math.round(Number(dollars) * 100 * (0.85 + 0.3 * random()))),
      });
    }
  }
  return layout;
}
