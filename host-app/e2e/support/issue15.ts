import { type APIRequestContext, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { snapshot } from './approvals';
import { databaseUrl, e2eDatabaseName } from './environment';
import { DEMO_PASSWORD } from './session';

/** A signed-in API session of a demo user in one organisation (by its code: ACME, GLOBEX). */
export interface ApiSession {
  headers: Record<string, string>;
  organizationId: string;
  userId: string;
  name: string;
}

/** Signs `email` in through the API and picks the organisation `code`. */
export async function apiSession(
  request: APIRequestContext,
  email: string,
  code = 'ACME',
): Promise<ApiSession> {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const { session, user } = (await login.json()) as {
    session: { access_token: string };
    user: { id: string; first_name: string; last_name: string };
  };
  const headers: Record<string, string> = { Authorization: `Bearer ${session.access_token}` };
  const { organizations } = (await (await request.get('/api/organizations', { headers })).json()) as {
    organizations: { id: string; code: string }[];
  };
  const organization = organizations.find((one) => one.code === code);
  if (!organization) throw new Error(`${email} is not a member of ${code}`);
  headers['X-Organization-Id'] = organization.id;
  return {
    headers,
    organizationId: organization.id,
    userId: user.id,
    name: `${user.first_name} ${user.last_name}`,
  };
}

/** A requisition of `as`, raised and submitted through the API (its first cost centre and GL account). */
export async function submitThroughApi(
  request: APIRequestContext,
  as: ApiSession,
  fields: { justification: string; description: string; unitPrice: number; quantity?: number },
): Promise<{ id: string; number: string }> {
  const first = async (path: string, key: string): Promise<string> => {
    const answer = (await (await request.get(path, { headers: as.headers })).json()) as Record<
      string,
      { id: string }[]
    >;
    const id = answer[key]?.[0]?.id;
    if (!id) throw new Error(`${path} answered no ${key}`);
    return id;
  };
  const org = `/api/organizations/${as.organizationId}`;
  const created = await request.post('/api/requisitions', {
    headers: as.headers,
    data: {
      cost_center_id: await first(`${org}/cost-centers`, 'cost_centers'),
      gl_account_id: await first(`${org}/gl-accounts`, 'gl_accounts'),
      justification: fields.justification,
      line_items: [
        {
          description: fields.description,
          quantity: fields.quantity ?? 1,
          unit_price: fields.unitPrice,
          unit_of_measure: 'each',
        },
      ],
      submit: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { requisition } = (await created.json()) as {
    requisition: { id: string; requisition_number: string };
  };
  return { id: requisition.id, number: requisition.requisition_number };
}

/** An approval action of `as` on requisition `id` through the API; answers the response. */
export function actThroughApi(
  request: APIRequestContext,
  as: ApiSession,
  id: string,
  action: 'approve' | 'reject' | 'request-info',
  comments?: string,
) {
  const name = action === 'request-info' ? 'request_info' : action;
  return request.post(`/api/approvals/${id}/${action}`, {
    headers: as.headers,
    data: { action: name, ...(comments ? { comments } : {}) },
  });
}

/** Runs one statement on this run's database (set-ups the browser cannot reach: due times). */
export async function sql<T = unknown>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl(e2eDatabaseName()) });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * A full-page screenshot from the top (scrolled, the sticky shell would be drawn mid-page), under the
 * shots folder, once the sign-in toast has gone.
 */
export async function shotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapshot(page, name);
}
