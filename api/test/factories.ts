import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { InferCreationAttributes } from 'sequelize';
import { createDefaultRoles, type DefaultRoleName, defaultOrganizationSettings } from '../src/db/defaults.js';
import type {
  Budget,
  CostCenter,
  Department,
  GlAccount,
  Models,
  Organization,
  Product,
  Requisition,
  User,
  UserOrganization,
  Vendor,
} from '../src/db/models/index.js';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { hashPassword } from '../src/lib/password.js';

/**
 * Builders of isolated test data: every record gets a random suffix (organisation codes, emails,
 * SKUs), so tests sharing one database never collide. Overrides replace any column.
 */

/** A short random suffix, upper case. */
export const uniqueSuffix = () => randomBytes(4).toString('hex').toUpperCase();

/** The password of users built without one (`Password123!`, as the demo users). */
export const TEST_PASSWORD = DEMO_PASSWORD;

let defaultHash: Promise<string> | null = null;
const testPasswordHash = () => {
  defaultHash ??= hashPassword(TEST_PASSWORD);
  return defaultHash;
};

type Overrides<M extends object> = Partial<M>;

/** An organisation (code `ORG<suffix>`, AUD, default approval policy) with its 7 default roles. */
export async function buildOrganization(
  models: Models,
  overrides: Overrides<InferCreationAttributes<Organization>> = {},
): Promise<Organization> {
  const suffix = uniqueSuffix();
  const organization = await models.Organization.create({
    name: `Test Organisation ${suffix}`,
    code: `ORG${suffix}`,
    settings: defaultOrganizationSettings(),
    ...overrides,
  });
  await createDefaultRoles(models, organization);
  return organization;
}

/**
 * A user with a unique email (`user-<suffix>@example.test`) and the password {@link TEST_PASSWORD};
 * `password: null` builds an invited user without one.
 */
export async function buildUser(
  models: Models,
  overrides: Overrides<InferCreationAttributes<User>> & { password?: string | null } = {},
): Promise<User> {
  const { password, ...columns } = overrides;
  const suffix = uniqueSuffix().toLowerCase();
  const passwordHash =
    password === null
      ? null
      : password === undefined
        ? await testPasswordHash()
        : await hashPassword(password);
  return models.User.create({
    email: `user-${suffix}@example.test`,
    first_name: 'Test',
    last_name: `User ${suffix}`,
    password_hash: passwordHash,
    // Like the demo seed's, factory accounts count as owning their mailbox unless a test says otherwise.
    email_verified_at: new Date(),
    ...columns,
  });
}

/** Makes `user` a member of `organization` with one of its default roles (default 'User'). */
export async function buildMembership(
  models: Models,
  options: {
    user: User;
    organization: Organization;
    roleName?: DefaultRoleName | string;
    department?: Department | null;
    manager?: User | null;
    is_active?: boolean;
  },
): Promise<UserOrganization> {
  const roleName = options.roleName ?? 'User';
  const role = await models.Role.findOne({
    where: { organization_id: options.organization.id, name: roleName },
  });
  if (!role) throw new Error(`organisation ${options.organization.code} has no role '${roleName}'`);
  return models.UserOrganization.create({
    user_id: options.user.id,
    organization_id: options.organization.id,
    role_id: role.id,
    department_id: options.department?.id ?? null,
    manager_id: options.manager?.id ?? null,
    is_active: options.is_active ?? true,
  });
}

/** A department (code `D<suffix>`) of `organization`. */
export async function buildDepartment(
  models: Models,
  organization: Organization,
  overrides: Overrides<InferCreationAttributes<Department>> = {},
): Promise<Department> {
  const suffix = uniqueSuffix();
  return models.Department.create({
    organization_id: organization.id,
    name: `Department ${suffix}`,
    code: `D${suffix}`,
    ...overrides,
  });
}

/** A cost centre (code `CC-<suffix>`) of `organization`. */
export async function buildCostCenter(
  models: Models,
  organization: Organization,
  overrides: Overrides<InferCreationAttributes<CostCenter>> = {},
): Promise<CostCenter> {
  const suffix = uniqueSuffix();
  return models.CostCenter.create({
    organization_id: organization.id,
    code: `CC-${suffix}`,
    name: `Cost centre ${suffix}`,
    ...overrides,
  });
}

/** A GL account (code `GL<suffix>`) of `organization`. */
export async function buildGlAccount(
  models: Models,
  organization: Organization,
  overrides: Overrides<InferCreationAttributes<GlAccount>> = {},
): Promise<GlAccount> {
  const suffix = uniqueSuffix();
  return models.GlAccount.create({
    organization_id: organization.id,
    code: `GL${suffix}`,
    name: `GL account ${suffix}`,
    ...overrides,
  });
}

/** A budget of `costCenter` (default: 100,000.00 for the current calendar year). */
export async function buildBudget(
  models: Models,
  costCenter: CostCenter,
  overrides: Overrides<InferCreationAttributes<Budget>> = {},
): Promise<Budget> {
  return models.Budget.create({
    organization_id: costCenter.organization_id,
    cost_center_id: costCenter.id,
    fiscal_year: new Date().getUTCFullYear(),
    allocated_amount: '100000.00',
    ...overrides,
  });
}

/** A vendor of `organization` with a full address. */
export async function buildVendor(
  models: Models,
  organization: Organization,
  overrides: Overrides<InferCreationAttributes<Vendor>> = {},
): Promise<Vendor> {
  const suffix = uniqueSuffix();
  return models.Vendor.create({
    organization_id: organization.id,
    name: `Vendor ${suffix}`,
    contact_name: 'Casey Supplier',
    email: `orders-${suffix.toLowerCase()}@vendor.example`,
    phone: '+61 2 9000 0000',
    address: '1 Supply Street',
    city: 'Sydney',
    state_province: 'NSW',
    postal_code: '2000',
    country: 'Australia',
    payment_terms: 'Net 30',
    ...overrides,
  });
}

/** A product (SKU `SKU-<suffix>`, 10.00 each) of `organization`, optionally from `vendor`. */
export async function buildProduct(
  models: Models,
  organization: Organization,
  overrides: Overrides<InferCreationAttributes<Product>> = {},
): Promise<Product> {
  const suffix = uniqueSuffix();
  return models.Product.create({
    organization_id: organization.id,
    name: `Product ${suffix}`,
    description: 'A test product',
    sku: `SKU-${suffix}`,
    unit_price: '10.00',
    unit_of_measure: 'each',
    ...overrides,
  });
}

/** A line of {@link buildRequisition}: amounts as decimal strings, totals computed by the factory. */
export interface RequisitionLineSpec {
  description: string;
  quantity: number;
  unit_price: string;
  tax_amount?: string;
  /** The rate `tax_amount` was computed from (the database checks they agree). */
  tax_rate?: string | null;
  unit_of_measure?: 'each' | 'box' | 'case' | 'dozen' | 'kg' | 'lbs' | 'meter' | 'liter' | 'hours' | 'days';
  product_id?: string | null;
}

/**
 * A requisition of `organization` raised by `requestor`, directly in the database (no approval
 * chain): `approved` with one line of 100.00 unless told otherwise, with the timestamps its status
 * needs. Its number (`REQ-<year>-9nnnnnn`) never meets the organisation's counter. Builds a cost
 * centre and a GL account when none is given.
 */
export async function buildRequisition(
  models: Models,
  options: {
    organization: Organization;
    requestor: User;
    costCenter?: CostCenter;
    glAccount?: GlAccount;
    status?: Requisition['status'];
    lines?: RequisitionLineSpec[];
    overrides?: Overrides<InferCreationAttributes<Requisition>>;
  },
): Promise<Requisition> {
  const { organization, requestor } = options;
  const status = options.status ?? 'approved';
  const costCenter = options.costCenter ?? (await buildCostCenter(models, organization));
  const glAccount = options.glAccount ?? (await buildGlAccount(models, organization));
  const lines = (options.lines ?? [{ description: 'Office chairs', quantity: 1, unit_price: '100.00' }]).map(
    (line) => {
      const cents =
        line.quantity * Math.round(Number(line.unit_price) * 100) +
        Math.round(Number(line.tax_amount ?? 0) * 100);
      return { ...line, total: (cents / 100).toFixed(2), cents };
    },
  );
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const now = new Date();
  const requisition = await models.Requisition.create({
    organization_id: organization.id,
    requisition_number: `REQ-${now.getUTCFullYear()}-9${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`,
    status,
    justification: 'Built by the test factory',
    shipping_address: '5 Receiving Dock, Sydney NSW 2000',
    total_amount: (totalCents / 100).toFixed(2),
    currency: organization.currency ?? 'AUD',
    requestor_id: requestor.id,
    cost_center_id: costCenter.id,
    gl_account_id: glAccount.id,
    submitted_at: status === 'draft' ? null : now,
    approved_at: status === 'approved' || status === 'po_created' ? now : null,
    rejected_at: status === 'rejected' ? now : null,
    cancelled_at: status === 'cancelled' ? now : null,
    ...options.overrides,
  });
  await models.RequisitionLineItem.bulkCreate(
    lines.map((line, position) => ({
      requisition_id: requisition.id,
      position,
      product_id: line.product_id ?? null,
      description: line.description,
      quantity: line.quantity,
      unit_price: line.unit_price,
      unit_of_measure: line.unit_of_measure ?? 'each',
      currency: requisition.currency,
      tax_amount: line.tax_amount ?? '0.00',
      tax_rate: line.tax_rate ?? null,
      total_amount: line.total,
    })),
  );
  return requisition;
}

/* ---------- file bytes for attachment tests (real formats, built in memory) ---------- */

/** A valid one-page PDF (header, objects, cross-reference table and trailer with true offsets). */
export function buildPdfBytes(text = 'Quote'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>',
  ];
  const stream = `BT /F1 12 Tf 20 50 Td (${text}) Tj ET`;
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid 1×1 RGB PNG (signature, IHDR, deflated IDAT, IEND, with CRCs). */
export function buildPngBytes(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const scanline = Buffer.from([0, 0x33, 0x66, 0x99]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a JPEG/JFIF file (SOI and APP0 markers), enough for content checks. */
export function buildJpegBytes(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
  ]);
}

/** A Windows executable's opening: `MZ`, a DOS header pointing at a `PE\0\0` signature. */
export function buildExeBytes(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes[2] = 0x90;
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  bytes.writeUInt16LE(0x14c, 0x84); // i386
  return bytes;
}

/** A ZIP archive of `entries` (stored, not compressed), as OOXML packages are. */
export function buildZipBytes(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An OOXML package whose main part has `mainContentType` (`…document.main+xml`, `…sheet.main+xml`). */
export function buildOoxmlBytes(kind: 'docx' | 'xlsx' | 'docm'): Buffer {
  const main = {
    docx: [
      'word/document.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    ],
    docm: ['word/document.xml', 'application/vnd.ms-word.document.macroEnabled.main+xml'],
    xlsx: ['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
  }[kind];
  return buildZipBytes({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      `<Override PartName="/${main[0]}" ContentType="${main[1]}"/></Types>`,
    [main[0]!]: '<?xml version="1.0" encoding="UTF-8"?><root/>',
  });
}

/**
 * A version 3 compound (OLE) file whose root holds empty streams named `streams` (e.g.
 * `WordDocument` for a .doc, `Workbook` for an .xls), laid out as: header, FAT sector, directory.
 */
export function buildCompoundFileBytes(streams: string[]): Buffer {
  const endOfChain = 0xfffffffe;
  const free = 0xffffffff;
  const header = Buffer.alloc(512, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // directory starts at sector 1
  header.writeUInt32LE(0x1000, 0x38);
  header.writeUInt32LE(endOfChain, 0x3c);
  header.writeUInt32LE(endOfChain, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : free, 0x4c + i * 4);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0 is the FAT itself
  fat.writeUInt32LE(endOfChain, 4); // the directory is one sector
  const directory = Buffer.alloc(512, 0);
  const entry = (index: number, name: string, type: number, child: number, right: number) => {
    const at = index * 128;
    directory.write(`${name}\0`, at, 'utf16le');
    directory.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    directory[at + 0x42] = type;
    directory.writeUInt32LE(free, at + 0x44); // left sibling
    directory.writeUInt32LE(right, at + 0x48);
    directory.writeUInt32LE(child, at + 0x4c);
    directory.writeUInt32LE(endOfChain, at + 0x74);
  };
  entry(0, 'Root Entry', 5, streams.length ? 1 : free, free);
  // Siblings chained to the right: a degenerate but valid tree. One sector holds the root and three more.
  const named = streams.slice(0, 3);
  named.forEach((name, i) => {
    entry(i + 1, name, 2, free, i + 1 < named.length ? i + 2 : free);
  });
  return Buffer.concat([header, fat, directory]);
}
