import { type APIRequestContext, expect, test } from '@playwright/test';
import { type ApiSession, apiSession } from './issue15';

/** A level of an approval policy as the API answers it (the fields the specs read). */
export interface PolicyLevelBody {
  level: number;
  title: string;
  min_total: number;
  approver: string;
  [field: string]: unknown;
}

/** An approval policy as the API answers it. */
export interface PolicyBody {
  auto_approve_below: number;
  levels: PolicyLevelBody[];
  fallback_approver_roles?: string[];
}

/** Acme's current approval policy as its Admin (Alex Morgan) reads it, with the URL and session to save it. */
export async function acmePolicy(request: APIRequestContext): Promise<{
  url: string;
  admin: ApiSession;
  headers: Record<string, string>;
  version: number;
  policy: PolicyBody;
}> {
  const admin = await apiSession(request, 'admin@acme.test');
  const url = `/api/organizations/${admin.organizationId}/approval-policy`;
  const answer = await request.get(url, { headers: admin.headers });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { approval_policy } = (await answer.json()) as {
    approval_policy: { version: number; policy: PolicyBody };
  };
  return { url, admin, headers: admin.headers, ...approval_policy };
}

/** Saves `policy` as Acme's approval policy from its current version (Alex Morgan); answers the response. */
export async function saveAcmePolicy(request: APIRequestContext, policy: PolicyBody) {
  const { url, headers, version } = await acmePolicy(request);
  return request.put(url, { headers, data: { version, policy } });
}

/**
 * For the specs that change Acme's approval policy (the other specs share the database): reads the
 * policy before the describe's first test and puts it back after its last, as a new version (an
 * unchanged policy saves nothing). Call it inside `test.describe`; `original()` answers the policy
 * read before the tests.
 */
export function restoreAcmePolicyAfterAll(): { original(): PolicyBody } {
  let original: PolicyBody | null = null;
  test.beforeAll(async ({ request }) => {
    original = (await acmePolicy(request)).policy;
  });
  test.afterAll(async ({ request }) => {
    if (!original) return;
    const restored = await saveAcmePolicy(request, original);
    expect(restored.ok(), await restored.text()).toBe(true);
  });
  return {
    original() {
      if (!original) throw new Error('The approval policy was not read before the tests');
      return original;
    },
  };
}
