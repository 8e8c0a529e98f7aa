import type { Schemas } from '@purchasing/api-client';
import { formatDateTime } from '@purchasing/ui';
import { Flex, Button as RadixButton, Callout as RadixCallout } from '@radix-ui/themes';
import { MessageCircleQuestion, Pencil } from 'lucide-react';
import { type ReactElement, useId } from 'react';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { fullName } from '../shared/display';
import { requisitionDetailMessages } from './requisitionDetailMessages';

type Requisition = Schemas['Requisition'];

/** The approver's latest request for information, if any (the banner quotes it). */
function latestInfoRequest(requisition: Requisition): Schemas['ApprovalStep'] | null {
  const requests = requisition.approval_workflow.filter((step) => step.action === 'request_info');
  requests.sort(
    (a, b) =>
      new Date(b.actioned_at ?? b.created_at).getTime() - new Date(a.actioned_at ?? a.created_at).getTime(),
  );
  return requests[0] ?? null;
}

/** The banner of an info-requested requisition: the approver's request, and Update Requisition for the requestor. */
export function InfoRequestedBanner({
  requisition,
  showUpdate,
}: {
  requisition: Requisition;
  showUpdate: boolean;
}): ReactElement {
  const { navigation } = usePurchasing();
  const editLink = useLinkProps(navigation.hrefs.requisitionEdit(requisition.id));
  const request = latestInfoRequest(requisition);
  const comment = request?.comments?.trim();
  const titleId = useId();
  return (
    <RadixCallout.Root
      color="orange"
      highContrast
      role="status"
      aria-labelledby={titleId}
      // Radix sizes the text column to its content; the action belongs at the far right, so the
      // columns are explicit and each child is placed in its own.
      style={{ gridTemplateColumns: 'auto minmax(0, 1fr)' }}
    >
      <RadixCallout.Icon style={{ gridColumnStart: 1 }}>
        <MessageCircleQuestion size={16} aria-hidden />
      </RadixCallout.Icon>
      <Flex align="center" justify="between" gap="3" wrap="wrap" style={{ gridColumnStart: 2 }}>
        <Flex direction="column" gap="1" minWidth="0" style={{ flex: '1 1 320px' }}>
          <RadixCallout.Text weight="bold" id={titleId}>
            Additional information requested
          </RadixCallout.Text>
          <RadixCallout.Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment ? `“${comment}”` : requisitionDetailMessages.infoRequestedFallback}
          </RadixCallout.Text>
          {comment && request?.approver ? (
            <RadixCallout.Text size="1">
              {fullName(request.approver)}, {request.level_title}
              {request.actioned_at ? `, ${formatDateTime(request.actioned_at)}` : ''}
            </RadixCallout.Text>
          ) : null}
        </Flex>
        {showUpdate ? (
          <RadixButton asChild color="orange" highContrast data-print="hide">
            <a {...editLink}>
              <Pencil size={16} aria-hidden />
              Update Requisition
            </a>
          </RadixButton>
        ) : null}
      </Flex>
    </RadixCallout.Root>
  );
}
