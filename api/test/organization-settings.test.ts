import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization, User } from '../src/db/models/index.js';
import { accessTokenFor, call, createTestApp, expectContract } from './app.js';
import { buildBudget, buildCostCenter, buildMembership, buildOrganization, buildUser } from './factories.js';

/** Organisation settings (issue 16 item 7): read by members, changed with `org.settings`, versioned. */

const app = await createTestApp();
afterAll(async () => {
  await app.close();
});

let organization: Organization;
let admin: { user: User; token: string };
let member: { user: User; token: string };
let outsider: { user: User; token: string };

async function person(org: Organization, roleName: string) {
  const user = await buildUser(app.models);
  await buildMembership(app.models, { user, organization: org, roleName });
  return { user, token: await accessTokenFor(app.server, user) };
}

beforeAll(async () => {
  organization = await buildOrganization(app.models, { address: '1 Old Street, Sydney' });
  admin = await person(organization, 'Admin');
  member = await person(organization, 'User');
  outsider = await person(await buildOrganization(app.models), 'Super Admin');
});

const url = (org: Organization) => `/api/organizations/${org.id}/settings`;

async function read(token = admin.token, org = organization) {
  const response = await call(app.server, 'GET', url(org), { token });
  expectContract(response, 'getOrganizationSettings');
  return response;
}

async function change(payload: object, token = admin.token, org = organization) {
  const response = await call(app.server, 'PATCH', url(org), { token, organizationId: org.id, payload });
  expectContract(response, 'updateOrganizationSettings');
  return response;
}

async function currentVersion(org = organization): Promise<number> {
  return JSON.parse((await read(admin.token, org)).payload).settings.version;
}

describe('organisation settings', () => {
  it('shows every member the settings, the one-line address as the registered address', async () => {
    const response = await read(member.token);
    expect(response.statusCode).toBe(200);
    const { settings } = JSON.parse(response.payload);
    expect(settings).toMatchObject({
      id: organization.id,
      name: organization.name,
      registered_address: { lines: ['1 Old Street, Sydney'], city: null },
      billing_address: null,
      fiscal_year_start: 1,
      fiscal_year_end: 12,
      currency_locked: false,
      version: 1,
    });
  });

  it('hides the settings of an organisation the caller is not a member of', async () => {
    expect((await read(outsider.token)).statusCode).toBe(404);
  });

  it('refuses a change without org.settings', async () => {
    const response = await change({ version: await currentVersion(), name: 'Nope' }, member.token);
    expect(response.statusCode).toBe(403);
  });

  it('changes the fields sent, derives the fiscal year end and the printed address, and audits it', async () => {
    const version = await currentVersion();
    const response = await change({
      version,
      name: '  Renamed Pty  ',
      fiscal_year_start: 7,
      website: 'renamed.example',
      registered_address: {
        lines: ['100 Collins Street', ' '],
        city: 'Melbourne',
        region: 'VIC',
        postcode: '3000',
        country: 'Australia',
      },
    });
    expect(response.statusCode).toBe(200);
    const { settings } = JSON.parse(response.payload);
    expect(settings).toMatchObject({
      name: 'Renamed Pty',
      website: 'https://renamed.example',
      fiscal_year_start: 7,
      fiscal_year_end: 6,
      registered_address: { lines: ['100 Collins Street'], city: 'Melbourne' },
      version: version + 1,
    });
    const [row] = await app.sequelize.query<{ address: string; fiscal_year_end: number; name: string }>(
      'SELECT address, fiscal_year_end, name FROM organizations WHERE id = $1',
      { bind: [organization.id], type: QueryTypes.SELECT },
    );
    // What the purchase order PDF prints (purchase-order-send.ts reads these columns).
    expect(row).toEqual({
      address: '100 Collins Street, Melbourne VIC 3000, Australia',
      fiscal_year_end: 6,
      name: 'Renamed Pty',
    });
    const audits = await app.sequelize.query<{ action: string }>(
      `SELECT action FROM audit_logs WHERE entity_type = 'organization' AND entity_id = $1`,
      { bind: [organization.id], type: QueryTypes.SELECT },
    );
    expect(audits).toEqual([{ action: 'update_settings' }]);
    // The list every screen reads the organisation from (the session) sees the new values.
    const list = await call(app.server, 'GET', '/api/organizations', { token: member.token });
    const mine = JSON.parse(list.payload).organizations.find((o: { id: string }) => o.id === organization.id);
    expect(mine).toMatchObject({ name: 'Renamed Pty', fiscal_year_start: 7, fiscal_year_end: 6 });
  });

  it('refuses a change made from an older version, naming version, and writes nothing', async () => {
    const version = await currentVersion();
    expect((await change({ version, phone: '+61 3 9000 0001' })).statusCode).toBe(200);
    const stale = await change({ version, phone: '+61 3 9000 0002' });
    expect(stale.statusCode).toBe(409);
    expect(JSON.parse(stale.payload)).toMatchObject({ code: 'CONFLICT', details: [{ field: 'version' }] });
    const { settings } = JSON.parse((await read()).payload);
    expect(settings).toMatchObject({ phone: '+61 3 9000 0001', version: version + 1 });
  });

  it('answers the same version when nothing changes', async () => {
    const before = JSON.parse((await read()).payload).settings;
    const response = await change({ version: before.version, name: before.name });
    expect(JSON.parse(response.payload).settings.version).toBe(before.version);
  });

  it('names the field of an invalid value', async () => {
    const version = await currentVersion();
    const cases: [object, string][] = [
      [{ version, fiscal_year_start: 13 }, 'fiscal_year_start'],
      [{ version, name: '   ' }, 'name'],
      [{ version, currency: 'XYZ' }, 'currency'],
      [{ version, website: 'not a site' }, 'website'],
      [
        {
          version,
          billing_address: { lines: [' '], city: null, region: null, postcode: null, country: null },
        },
        'billing_address.lines',
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await change(payload);
      expect(response.statusCode, field).toBe(400);
      const fields = JSON.parse(response.payload).details.map((d: { field: string }) => d.field);
      expect(
        fields.some((f: string) => f.includes(field)),
        `${field} in ${fields}`,
      ).toBe(true);
    }
    expect(await currentVersion()).toBe(version);
  });

  it('refuses a header naming another organisation than the path', async () => {
    const other = await buildOrganization(app.models);
    await buildMembership(app.models, { user: admin.user, organization: other, roleName: 'Admin' });
    const response = await call(app.server, 'PATCH', url(other), {
      token: admin.token,
      organizationId: organization.id,
      payload: { version: 1, name: 'Hijack' },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse((await read(admin.token, other)).payload).settings.name).not.toBe('Hijack');
  });

  it('changes the base currency while nothing uses it, and refuses it once a budget exists', async () => {
    const fresh = await buildOrganization(app.models);
    await buildMembership(app.models, { user: admin.user, organization: fresh, roleName: 'Admin' });
    let version = await currentVersion(fresh);
    const first = await change({ version, currency: 'EUR' }, admin.token, fresh);
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.payload).settings).toMatchObject({ currency: 'EUR', currency_locked: false });
    await buildBudget(app.models, await buildCostCenter(app.models, fresh));
    version = await currentVersion(fresh);
    const locked = await change({ version, currency: 'USD' }, admin.token, fresh);
    expect(locked.statusCode).toBe(409);
    expect(JSON.parse(locked.payload).details[0].field).toBe('currency');
    const { settings } = JSON.parse((await read(admin.token, fresh)).payload);
    expect(settings).toMatchObject({ currency: 'EUR', currency_locked: true, version });
    // The same currency again is no change, so it passes.
    expect((await change({ version, currency: 'EUR' }, admin.token, fresh)).statusCode).toBe(200);
  });
});
