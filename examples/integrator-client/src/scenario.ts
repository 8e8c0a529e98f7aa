/**
 * The core scenario of the purchasing API, written as an integrator would with a client generated
 * from `openapi.yaml` by Hey API (`npx openapi-ts`): sign in, list, create, submit, approve as
 * another user, raise a purchase order. `api/test/integrator-client.test.ts` runs it against the
 * real API; it is also the example an integrator can start from.
 */
import { type Client, createClient, createConfig } from './generated/client';
import {
  approveRequisition,
  createPurchaseOrder,
  createRequisition,
  listPendingApprovals,
  listRequisitions,
  login,
  submitRequisition,
} from './generated/sdk.gen';

export interface Credentials {
  email: string;
  password: string;
}

export interface ScenarioInput {
  baseUrl: string;
  organizationId: string;
  requestor: Credentials;
  approver: Credentials;
  buyer: Credentials;
  costCenterId: string;
  glAccountId: string;
  vendorId: string;
  /** Delivery date of the order, `YYYY-MM-DD` (today or later). */
  deliveryDate: string;
}

/** What each step answered, for the caller to check. */
export interface ScenarioResult {
  listedBefore: number;
  requisitionNumber: string;
  statusAfterSubmit: string;
  pendingForApprover: boolean;
  statusAfterApprove: string;
  purchaseOrderNumber: string;
  purchaseOrderStatus: string;
}

/** Fails with the API's own `{message, code}` when a call did not succeed. */
function ok<T>(result: { data?: T; error?: unknown; response?: Response }, what: string): T {
  if (result.error !== undefined || result.data === undefined) {
    throw new Error(`${what} failed (${result.response?.status}): ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

/** A client signed in as `who`: its bearer token on every call. */
async function signIn(baseUrl: string, who: Credentials): Promise<Client> {
  const anonymous = createClient(createConfig({ baseUrl }));
  const session = ok(await login({ client: anonymous, body: who }), `sign-in of ${who.email}`);
  return createClient(createConfig({ baseUrl, auth: () => session.session.access_token }));
}

export async function runCoreScenario(input: ScenarioInput): Promise<ScenarioResult> {
  const baseUrl = `${input.baseUrl}/api`;
  const headers = { 'X-Organization-Id': input.organizationId };
  const requestor = await signIn(baseUrl, input.requestor);
  const approver = await signIn(baseUrl, input.approver);
  const buyer = await signIn(baseUrl, input.buyer);

  const before = ok(
    await listRequisitions({ client: requestor, headers, query: { limit: 10, offset: 0 } }),
    'list requisitions',
  );

  const created = ok(
    await createRequisition({
      client: requestor,
      headers,
      body: {
        cost_center_id: input.costCenterId,
        gl_account_id: input.glAccountId,
        category: 'standard',
        justification: 'Toner for the second floor printers',
        line_items: [
          { description: 'Toner cartridge', quantity: 4, unit_price: 62.5, unit_of_measure: 'each' },
        ],
      },
    }),
    'create requisition',
  ).requisition;

  const submitted = ok(
    await submitRequisition({ client: requestor, headers, path: { id: created.id } }),
    'submit requisition',
  ).requisition;

  const pending = ok(
    await listPendingApprovals({ client: approver, headers, query: {} }),
    'pending approvals',
  );
  const waiting = pending.pending_approvals.some((item) => item.requisition.id === created.id);

  const approved = ok(
    await approveRequisition({
      client: approver,
      headers,
      path: { requisitionId: created.id },
      body: { action: 'approve', comments: 'Approved by the integration' },
    }),
    'approve requisition',
  ).requisition;

  const order = ok(
    await createPurchaseOrder({
      client: buyer,
      headers,
      body: {
        requisition_id: created.id,
        vendor_id: input.vendorId,
        payment_terms: 'Net 30',
        delivery_date: input.deliveryDate,
      },
    }),
    'create purchase order',
  ).purchase_order;

  return {
    listedBefore: before.pagination.total,
    requisitionNumber: created.requisition_number,
    statusAfterSubmit: submitted.status,
    pendingForApprover: waiting,
    statusAfterApprove: approved.status,
    purchaseOrderNumber: order.po_number,
    purchaseOrderStatus: order.status,
  };
}
