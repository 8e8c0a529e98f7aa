import { absenceQueries, queryKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { Button, formatDate, formatDateTime, toast } from '@purchasing/ui';
import { Badge, Card, Flex, Button as RadixButton, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plane, Plus, X } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { ListScreen } from '../kit/list/ListScreen';
import { defineListResource, useListScreen } from '../kit/list/useListScreen';
import { useLocalListSearch } from '../kit/list/useLocalListSearch';
import { ScreenFrame } from '../kit/ScreenFrame';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { AbsenceFormDialog } from './AbsenceFormDialog';
import { lastDayOf } from './absenceDays';

type Absence = Schemas['Absence'];

/** Copy of the Out of office screen. */
export const outOfOfficeMessages = {
  title: 'Out of Office',
  description:
    'Going away? Name someone to approve for you. Steps that come to you while you are away go to them, and those still open come back when you return.',
  noOrganization: 'Please select an organization from the header to set your out of office',
  refusal: 'Out of office is for approvers: your role does not approve requisitions.',
  loadFailed: 'Failed to load your out of office. Please try again.',
  empty: 'You are not out of office',
  emptyDescription: 'Set the days you will be away and who approves for you.',
  current: 'Out of office now',
  cancelTitle: 'Cancel Out of Office',
  cancelConfirm: (absence: Absence) =>
    `Cancel your out of office from ${formatDate(absence.starts_at)}? Steps still open with ${delegateName(absence)} come back to you.`,
  cancelled: 'Out of office cancelled',
  cancelFailed: 'Failed to cancel the out of office',
} as const;

const delegateName = (absence: Absence) => `${absence.delegate.first_name} ${absence.delegate.last_name}`;

/** The caller's absences not ended (`GET /users/me/absences`), a short list shown whole. */
const absences = defineListResource({
  pageSize: Number.POSITIVE_INFINITY,
  parse: () => ({}),
  compact: (search: Record<string, never>) => search,
  query: (client, organizationId) => absenceQueries.mine(client, organizationId),
  page: ({ absences: rows }) => ({ rows, total: rows.length }),
});

/** Props of {@link OutOfOfficeScreen}. */
export interface OutOfOfficeScreenProps {
  /** The clock (stories and tests pin it). */
  now?: () => Date;
}

/**
 * Out of office (/out-of-office): the signed-in approver's absences, the current one marked, each
 * with Cancel; Set Out of Office opens the form. For holders of `approval.act` (the server decides).
 */
export function OutOfOfficeScreen({ now }: OutOfOfficeScreenProps = {}): ReactElement {
  const { hasPermission } = useSession();
  return (
    <ScreenFrame
      title={outOfOfficeMessages.title}
      noOrganization={outOfOfficeMessages.noOrganization}
      refusal={() => (hasPermission('approval.act') ? undefined : outOfOfficeMessages.refusal)}
      maxWidth={900}
    >
      {(organization) => <OutOfOffice organizationId={organization.id} {...(now ? { now } : {})} />}
    </ScreenFrame>
  );
}

function OutOfOffice({ organizationId, now }: { organizationId: string; now?: () => Date }): ReactElement {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const cancel = useMutation({
    mutationFn: (absence: Absence) =>
      unwrap(
        client.api.DELETE('/users/me/absences/{id}', {
          params: { path: { id: absence.id }, header: { 'X-Organization-Id': organizationId } },
        }),
      ),
    onSuccess: () => toast.success(outOfOfficeMessages.cancelled),
    onError: (error) => toast.error(serverMessage(error) ?? outOfOfficeMessages.cancelFailed),
    // Steps come back to the caller: the queue changes too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.organization(organizationId) }),
  });
  const list = useListScreen(
    absences,
    { ...useLocalListSearch({}), organizationId },
    { confirm: { run: cancel.mutateAsync, keepOpenOnError: true } },
  );

  return (
    <ListScreen<Absence>
      state={list}
      title={outOfOfficeMessages.title}
      description={outOfOfficeMessages.description}
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden size={16} /> Set Out of Office
        </Button>
      }
      renderRows={(rows) => (
        <Flex direction="column" gap="3">
          {rows.map((absence) => (
            <AbsenceCard key={absence.id} absence={absence} onCancel={() => list.confirm?.ask(absence)} />
          ))}
        </Flex>
      )}
      empty={{
        icon: <Plane aria-hidden />,
        title: outOfOfficeMessages.empty,
        description: outOfOfficeMessages.emptyDescription,
      }}
      pagerOnlyWhenPaged
      messages={{
        loading: 'Loading your out of office',
        loadFailed: outOfOfficeMessages.loadFailed,
        pager: 'Out of office pages',
      }}
      confirm={{
        title: outOfOfficeMessages.cancelTitle,
        message: outOfOfficeMessages.cancelConfirm,
        confirmLabel: 'Cancel Out of Office',
        variant: 'danger',
      }}
    >
      <AbsenceFormDialog
        open={adding}
        onOpenChange={setAdding}
        organizationId={organizationId}
        {...(now ? { now } : {})}
      />
    </ListScreen>
  );
}

/** One absence: its days, the delegate and note; the current one stands out. */
function AbsenceCard({ absence, onCancel }: { absence: Absence; onCancel(): void }): ReactElement {
  const days = `${formatDate(absence.starts_at)} – ${formatDate(lastDayOf(absence.ends_at))}`;
  return (
    <Card
      size="2"
      asChild
      variant={absence.current ? 'classic' : 'surface'}
      style={absence.current ? { boxShadow: 'inset 3px 0 0 var(--accent-9)' } : undefined}
    >
      <article aria-label={`Out of office ${days}`} aria-current={absence.current ? 'true' : undefined}>
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          <Flex direction="column" gap="1" style={{ minWidth: 0 }}>
            <Flex gap="2" align="center" wrap="wrap">
              <Text weight="bold">{days}</Text>
              {absence.current ? (
                <Badge color="green" variant="soft">
                  {outOfOfficeMessages.current}
                </Badge>
              ) : null}
            </Flex>
            <Text size="2">
              {delegateName(absence)} approves for you
              <Text color="gray"> · {absence.delegate.email}</Text>
            </Text>
            <Text size="1" color="gray">
              From {formatDateTime(absence.starts_at)} to the end of {formatDate(lastDayOf(absence.ends_at))}
            </Text>
            {absence.note ? (
              <Text size="2" color="gray">
                {absence.note}
              </Text>
            ) : null}
          </Flex>
          <RadixButton
            variant="soft"
            color="red"
            onClick={onCancel}
            aria-label={`Cancel out of office ${days}`}
          >
            <X aria-hidden size={16} /> Cancel
          </RadixButton>
        </Flex>
      </article>
    </Card>
  );
}
