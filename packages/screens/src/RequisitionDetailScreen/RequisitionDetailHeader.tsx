import type { Schemas } from '@purchasing/api-client';
import { Breadcrumb, Button, formatDate, StatusBadge } from '@purchasing/ui';
import { Box, Flex, Heading, Button as RadixButton, Text } from '@radix-ui/themes';
import { ClipboardCheck, Pencil, Printer, Send, Trash2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { fullName } from '../shared/display';

type Requisition = Schemas['Requisition'];

/** Props of {@link RequisitionDetailHeader}. */
export interface RequisitionDetailHeaderProps {
  requisition: Requisition;
  /** Show Edit, Delete and Submit (or Resubmit). */
  requestorMayChange: boolean;
  /** Show Review. */
  mayReview: boolean;
  submitting: boolean;
  onSubmit(): void;
  onDelete(): void;
  onReview(): void;
}

/**
 * The breadcrumb, the number, status and creation line, and the actions: Print, then Edit, Delete and
 * Submit for the requestor, or Review for an approver.
 */
export function RequisitionDetailHeader({
  requisition,
  requestorMayChange,
  mayReview,
  submitting,
  onSubmit,
  onDelete,
  onReview,
}: RequisitionDetailHeaderProps): ReactElement {
  const { navigation } = usePurchasing();
  const editLink = useLinkProps(navigation.hrefs.requisitionEdit(requisition.id));
  const { status } = requisition;
  return (
    <>
      <Box data-print="hide">
        <Breadcrumb
          items={[
            { label: 'Requisitions', href: navigation.hrefs.requisitions() },
            { label: requisition.requisition_number },
          ]}
          onNavigate={(href) => navigation.navigate(href)}
        />
      </Box>

      <Flex justify="between" align="start" gap="4" wrap="wrap">
        <Flex direction="column" gap="1" minWidth="0">
          <Flex align="center" gap="3" wrap="wrap">
            <Heading as="h2" size={{ initial: '6', sm: '7' }}>
              {requisition.requisition_number}
            </Heading>
            <StatusBadge status={status} />
          </Flex>
          <Text size="2" color="gray">
            Created {formatDate(requisition.created_at)} by {fullName(requisition.requestor)}
          </Text>
        </Flex>
        <Flex gap="2" wrap="wrap" data-print="hide">
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer size={16} aria-hidden />
            Print
          </Button>
          {requestorMayChange ? (
            <>
              <RadixButton asChild variant="soft">
                <a {...editLink}>
                  <Pencil size={16} aria-hidden />
                  Edit
                </a>
              </RadixButton>
              <Button variant="secondary" color="red" onClick={onDelete}>
                <Trash2 size={16} aria-hidden />
                Delete
              </Button>
              <Button onClick={onSubmit} loading={submitting}>
                <Send size={16} aria-hidden />
                {status === 'info_requested' ? 'Resubmit' : 'Submit'}
              </Button>
            </>
          ) : null}
          {mayReview ? (
            <Button onClick={onReview}>
              <ClipboardCheck size={16} aria-hidden />
              Review
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </>
  );
}
