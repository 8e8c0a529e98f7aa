import { requisitionQueries, type Schemas } from '@purchasing/api-client';
import { Breadcrumb, Button, Callout, Spinner, StatusBadge, toast } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { PageHead } from '../kit/PageHead';
import { pageMaxWidth } from '../kit/themeVariables';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { isMissingRecord } from '../shared/missingRecord';
import { RequisitionForm } from './RequisitionForm';
import { emptyRequisitionForm, requisitionToFormValues } from './requisitionFormSchema';

/** Shown on Create when no organisation is chosen (document 1 §2). */
export const CREATE_NO_ORGANIZATION_MESSAGE = 'Please select an organization to create a requisition';
/** Shown on Edit when the requisition is missing or not visible (document 1 §2). */
export const EDIT_NOT_FOUND_MESSAGE = "Requisition not found or you don't have permission to edit it.";
/** Toasted before leaving an Edit the user may not make (document 1 §2 and §8). */
export const CANNOT_EDIT_MESSAGE = 'You cannot edit this requisition';

const EDITABLE_STATUSES: readonly Schemas['RequisitionStatus'][] = ['draft', 'info_requested', 'approved'];

/** The warning over the form of an approved requisition (issue 15 item 7). */
export const APPROVED_EDIT_WARNING =
  'Changes that raise the total or change a line send this requisition back for approval.';

/** Props of {@link EditRequisitionScreen}. */
export interface EditRequisitionScreenProps {
  /** The id of the requisition to edit (the route's `{id}`). */
  requisitionId: string;
}

function Page({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: pageMaxWidth(1100) }}>
      {children}
    </Flex>
  );
}

function Loading({ label }: { label: string }): ReactElement {
  return (
    <Flex justify="center" py="9">
      <Spinner label={label} />
    </Flex>
  );
}

/**
 * New requisition (document 1 §2, /requisitions/create): the requisition form for the current
 * organisation, saved as a draft or submitted for approval; chosen files upload once it exists. Needs
 * a chosen organisation.
 */
export function CreateRequisitionScreen(): ReactElement {
  const { navigation } = usePurchasing();
  const { currentOrganization, organizationsLoading, hasPermission } = useSession();
  const [defaultValues] = useState(emptyRequisitionForm);

  let body: ReactNode;
  if (organizationsLoading) {
    body = <Loading label="Loading organizations" />;
  } else if (!currentOrganization) {
    body = <Callout variant="info">{CREATE_NO_ORGANIZATION_MESSAGE}</Callout>;
  } else if (!hasPermission('requisition.create')) {
    body = (
      <Callout variant="info">
        {`You don't have permission to create requisitions in ${currentOrganization.name}.`}
      </Callout>
    );
  } else {
    body = (
      <RequisitionForm
        // A different organisation has other cost centres and accounts: start over.
        key={currentOrganization.id}
        mode="create"
        organizationId={currentOrganization.id}
        baseCurrency={currentOrganization.currency ?? 'AUD'}
        defaultValues={defaultValues}
      />
    );
  }

  return (
    <Page>
      <PageHead
        trail={[{ label: 'Requisitions', href: navigation.hrefs.requisitions() }]}
        title="Create Requisition"
        description="Describe what you need and why. Save a draft to finish later, or submit it for approval."
      />
      {body}
    </Page>
  );
}

/**
 * Edit requisition (document 1 §2, /requisitions/{id}/edit): the requisition form prefilled from
 * `GET /requisitions/{id}`, updated as a draft or updated and submitted (resubmitted when information
 * was requested). A requisition the user may not edit (not draft or info_requested, or not theirs)
 * toasts 'You cannot edit this requisition' and replaces the page with its detail page.
 */
export function EditRequisitionScreen({ requisitionId }: EditRequisitionScreenProps): ReactElement {
  const { currentOrganization, organizationsLoading } = useSession();
  if (organizationsLoading) return <Loading label="Loading organizations" />;
  if (!currentOrganization) {
    return (
      <Page>
        <Callout variant="info">Please select an organization to edit a requisition</Callout>
      </Page>
    );
  }
  return (
    <EditRequisition
      key={`${currentOrganization.id}:${requisitionId}`}
      organizationId={currentOrganization.id}
      requisitionId={requisitionId}
    />
  );
}

function EditRequisition({
  organizationId,
  requisitionId,
}: {
  organizationId: string;
  requisitionId: string;
}): ReactElement {
  const { client, navigation } = usePurchasing();
  const { user } = useSession();
  const detail = useQuery(requisitionQueries.detail(client, organizationId, requisitionId));
  const requisition = detail.data?.requisition;
  // Decided once, on the first answer: a later refetch (after this form's own save moved the
  // requisition on) must not turn into 'You cannot edit this requisition'.
  const decision = useRef<'edit' | 'leave' | null>(null);
  const [defaultValues, setDefaultValues] = useState<ReturnType<typeof requisitionToFormValues> | null>(null);

  if (requisition && user && decision.current === null) {
    const editable = EDITABLE_STATUSES.includes(requisition.status) && requisition.requestor.id === user.id;
    decision.current = editable ? 'edit' : 'leave';
  }

  useEffect(() => {
    if (decision.current === 'leave') {
      toast.error(CANNOT_EDIT_MESSAGE, { id: `cannot-edit-${requisitionId}` });
      navigation.navigate(navigation.hrefs.requisitionDetail(requisitionId), { replace: true });
    } else if (decision.current === 'edit' && requisition && defaultValues === null) {
      setDefaultValues(requisitionToFormValues(requisition));
    }
  }, [requisition, defaultValues, navigation, requisitionId]);

  const trail = [
    { label: 'Requisitions', href: navigation.hrefs.requisitions() },
    {
      label: requisition?.requisition_number ?? 'Requisition',
      href: navigation.hrefs.requisitionDetail(requisitionId),
    },
  ];
  const breadcrumb = (
    <Breadcrumb items={[...trail, { label: 'Edit' }]} onNavigate={(href) => navigation.navigate(href)} />
  );

  if (detail.isError) {
    const notFound = isMissingRecord(detail.error);
    return (
      <Page>
        {breadcrumb}
        {notFound ? (
          <Callout variant="error">{EDIT_NOT_FOUND_MESSAGE}</Callout>
        ) : (
          <Callout
            variant="error"
            action={
              <Button size="1" variant="secondary" onClick={() => void detail.refetch()}>
                Retry
              </Button>
            }
          >
            Failed to load requisition details.
          </Callout>
        )}
      </Page>
    );
  }

  if (!requisition || decision.current !== 'edit' || defaultValues === null) {
    return (
      <Page>
        {breadcrumb}
        <Loading label="Loading requisition" />
      </Page>
    );
  }

  const requestedInfo = requisition.status === 'info_requested' ? latestInfoRequest(requisition) : null;
  return (
    <Page>
      <PageHead
        trail={trail}
        title="Edit"
        heading={`Edit ${requisition.requisition_number}`}
        badge={<StatusBadge status={requisition.status} />}
        description={
          requisition.status === 'approved'
            ? 'This requisition is approved. Change it, then save your changes.'
            : 'Change the requisition, then save it as a draft or submit it for approval.'
        }
      />
      {requisition.status === 'approved' ? (
        <Callout variant="warning">
          {APPROVED_EDIT_WARNING} Notes, the delivery date and the shipping address can change freely.
        </Callout>
      ) : null}
      {requisition.status === 'info_requested' ? (
        <Callout variant="warning">
          {requestedInfo
            ? `An approver asked: “${requestedInfo}” Update the requisition, then resubmit it.`
            : 'An approver has requested additional information for this requisition.'}
        </Callout>
      ) : null}
      <RequisitionForm
        mode="edit"
        organizationId={organizationId}
        baseCurrency={requisition.base_currency}
        defaultValues={defaultValues}
        requisition={requisition}
      />
    </Page>
  );
}

/** The comment of the latest request for information, if an approver wrote one. */
function latestInfoRequest(requisition: Schemas['Requisition']): string | null {
  const requests = requisition.approval_workflow.filter((step) => step.action === 'request_info');
  const latest = requests.reduce<(typeof requests)[number] | null>(
    (found, step) => (!found || (step.actioned_at ?? '') > (found.actioned_at ?? '') ? step : found),
    null,
  );
  return latest?.comments?.trim() || null;
}
