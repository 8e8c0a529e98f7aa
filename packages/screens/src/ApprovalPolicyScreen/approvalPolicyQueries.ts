import { type PurchasingClient, queryKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { queryOptions } from '@tanstack/react-query';

export type ApprovalPolicy = Schemas['ApprovalPolicy'];
export type ApprovalPolicyLevel = Schemas['ApprovalPolicyLevel'];
export type ApprovalPolicyDocument = Schemas['ApprovalPolicyDocument'];
export type ApprovalPolicyChoices = Schemas['ApprovalPolicyChoices'];
export type ApprovalPolicyPreview = Schemas['ApprovalPolicyPreview'];

/** Query keys of the organisation's approval policy; invalidate `approvalPolicyKeys.all(org)` after a save. */
export const approvalPolicyKeys = {
  all: (organizationId: string) => [...queryKeys.organization(organizationId), 'approval-policy'] as const,
  current: (organizationId: string) => [...approvalPolicyKeys.all(organizationId), 'current'] as const,
  versions: (organizationId: string) => [...approvalPolicyKeys.all(organizationId), 'versions'] as const,
};

const header = (organizationId: string) => ({
  path: { id: organizationId },
  header: { 'X-Organization-Id': organizationId },
});

/** `GET /organizations/{id}/approval-policy` and its versions; the save and the preview. */
export const approvalPolicyQueries = {
  current: (client: PurchasingClient, organizationId: string) =>
    queryOptions({
      queryKey: approvalPolicyKeys.current(organizationId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/organizations/{id}/approval-policy', { params: header(organizationId), signal }),
        ),
    }),
  versions: (client: PurchasingClient, organizationId: string) =>
    queryOptions({
      queryKey: approvalPolicyKeys.versions(organizationId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/organizations/{id}/approval-policy/versions', {
            params: header(organizationId),
            signal,
          }),
        ),
    }),
  save: (client: PurchasingClient, organizationId: string, body: Schemas['ApprovalPolicyChange']) =>
    unwrap(client.api.PUT('/organizations/{id}/approval-policy', { params: header(organizationId), body })),
  preview: (
    client: PurchasingClient,
    organizationId: string,
    body: Schemas['ApprovalPolicyPreviewRequest'],
  ) =>
    unwrap(
      client.api.POST('/organizations/{id}/approval-policy/preview', {
        params: header(organizationId),
        body,
      }),
    ),
};

/** How the editor names each approver kind. */
export const APPROVER_KINDS: readonly { value: ApprovalPolicyLevel['approver']; label: string }[] = [
  { value: 'manager', label: "Requestor's manager" },
  { value: 'department_head', label: 'Department head' },
  { value: 'finance_manager', label: 'Finance Managers (any one)' },
  { value: 'general_manager', label: 'General Managers (any one)' },
  { value: 'role', label: 'Role group (any one)' },
  { value: 'users', label: 'Named users' },
];

/** A person's name as the editor shows it. */
export const personName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();
