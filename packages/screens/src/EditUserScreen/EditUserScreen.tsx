import { userQueries } from '@purchasing/api-client';
import { Button, Callout, EmptyState, Spinner } from '@purchasing/ui';
import { Card, Flex } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, UserX } from 'lucide-react';
import type { ReactElement } from 'react';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { isMissingRecord } from '../shared/missingRecord';
import { EditUserForm } from './EditUserForm';
import { BackToUsers, Page, UsersBreadcrumb } from './EditUserPage';
import { editUserMessages } from './editUserMessages';

export { editUserMessages };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Props of {@link EditUserScreen}. */
export interface EditUserScreenProps {
  /** The id of the user to edit (the route's `{id}`). */
  userId: string;
}

/**
 * Edit User (document 2 §2, /admin/users/{id} and /admin/users/{id}/edit): the user's personal
 * information, role, department and manager, and the Account Active toggle, prefilled, beside an overview
 * of the current and new values. Save Changes sends `PUT /users/{id}` with the changed personal fields and,
 * only when role, department or manager changed, `POST /users/{id}/roles`; it stays disabled with 'No
 * changes detected' until something changes. Reset Password asks first, then emails the user a link.
 * Needs a chosen organisation and `user.edit` (the server enforces it too).
 */
export function EditUserScreen({ userId }: EditUserScreenProps): ReactElement {
  const { currentOrganization, organizationsLoading, hasPermission } = useSession();

  if (organizationsLoading) {
    return (
      <Flex justify="center" py="9">
        <Spinner label="Loading organizations" />
      </Flex>
    );
  }
  if (!currentOrganization) {
    return (
      <Page>
        <Callout variant="info">{editUserMessages.noOrganization}</Callout>
      </Page>
    );
  }
  if (!hasPermission('user.edit')) {
    return (
      <Page>
        <Callout variant="info">{editUserMessages.noPermission(currentOrganization.name)}</Callout>
      </Page>
    );
  }
  if (!UUID.test(userId)) {
    return (
      <Page>
        <UsersBreadcrumb name="Edit User" />
        <Card size="3">
          <EmptyState
            icon={<UserX size={32} />}
            title={editUserMessages.invalidId}
            description={editUserMessages.invalidIdDescription}
            action={<BackToUsers />}
          />
        </Card>
      </Page>
    );
  }
  return (
    <EditUser
      key={`${currentOrganization.id}:${userId}`}
      organizationId={currentOrganization.id}
      organizationName={currentOrganization.name}
      userId={userId}
    />
  );
}

function EditUser({
  organizationId,
  organizationName,
  userId,
}: {
  organizationId: string;
  organizationName: string;
  userId: string;
}): ReactElement {
  const { client } = usePurchasing();
  const detail = useQuery(userQueries.detail(client, organizationId, userId));

  if (detail.isPending) {
    return (
      <Page>
        <UsersBreadcrumb name="Edit User" />
        <Flex justify="center" py="9">
          <Spinner label="Loading user" />
        </Flex>
      </Page>
    );
  }
  if (detail.isError) {
    const notFound = isMissingRecord(detail.error);
    return (
      <Page>
        <UsersBreadcrumb name="Edit User" />
        <Card size="3">
          {notFound ? (
            <EmptyState
              icon={<UserX size={32} />}
              title={editUserMessages.notFoundTitle}
              description={editUserMessages.notFound(organizationName)}
              action={<BackToUsers />}
            />
          ) : (
            <EmptyState
              icon={<AlertTriangle size={32} />}
              title={editUserMessages.loadFailedTitle}
              description={editUserMessages.loadFailed}
              action={
                <Flex gap="3" wrap="wrap" justify="center">
                  <BackToUsers />
                  <Button loading={detail.isFetching} onClick={() => void detail.refetch()}>
                    Retry
                  </Button>
                </Flex>
              }
            />
          )}
        </Card>
      </Page>
    );
  }
  return (
    <EditUserForm
      user={detail.data.user}
      organizationId={organizationId}
      organizationName={organizationName}
    />
  );
}
