import type { Schemas } from '@purchasing/api-client';
import { formatDate, formatDateTime, RoleBadge } from '@purchasing/ui';
import { Box, Card, DataList, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { ArrowRight } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { MemberStatusBadge, UserAvatar } from '../CreateUserScreen/UserFormParts';
import { firstMembership, isMemberActive, type UserFormChoices } from '../CreateUserScreen/userChoices';
import type { EditUserFormValues } from '../CreateUserScreen/userFormSchema';
import { stickyTop } from '../kit/themeVariables';
import { fullName } from '../shared/display';

type User = Schemas['User'];

/** 'Old → New' when a value changes, else the value. */
function Change({ from, to, changed }: { from: ReactNode; to: ReactNode; changed: boolean }): ReactElement {
  if (!changed) return <>{from}</>;
  return (
    <Flex gap="2" align="center" wrap="wrap">
      {from}
      <ArrowRight size={14} aria-hidden />
      <VisuallyHidden>changes to</VisuallyHidden>
      <Text weight="medium">{to}</Text>
    </Flex>
  );
}

/**
 * The overview panel (document 2 §2 "Edit User"): the user's avatar, status, member-since date and last
 * sign-in, and the current and new role, department, manager and status while they are being changed.
 */
export function UserOverview({
  user,
  values,
  choices,
}: {
  user: User;
  values: EditUserFormValues;
  choices: UserFormChoices;
}): ReactElement {
  const membership = firstMembership(user);
  const currentRole = membership?.role.name;
  const newRole = choices.roles.find((entry) => entry.id === values.role_id)?.name ?? currentRole;
  const currentDepartment = membership?.department?.name ?? 'None';
  const newDepartment = values.department_id
    ? (choices.departments.find((entry) => entry.id === values.department_id)?.name ??
      membership?.department?.name ??
      'None')
    : 'None';
  const currentManager = membership?.manager ? fullName(membership.manager) : 'None';
  const chosenManager = choices.users.find((entry) => entry.id === values.manager_id);
  const newManager = values.manager_id ? (chosenManager ? fullName(chosenManager) : currentManager) : 'None';
  const active = isMemberActive(user);

  return (
    <Box position={{ md: 'sticky' }} top={`calc(${stickyTop} + var(--space-4))`}>
      <Card asChild size="3">
        <aside aria-labelledby="edit-user-overview">
          <Heading as="h2" size="4" id="edit-user-overview" mb="4">
            User Overview
          </Heading>
          <Flex gap="3" align="center" mb="4" minWidth="0">
            <UserAvatar person={user} size="5" />
            <Box minWidth="0">
              <Text as="p" size="4" weight="bold" truncate>
                {fullName(user)}
              </Text>
              <Text as="p" size="2" color="gray" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
            </Box>
          </Flex>
          <DataList.Root orientation={{ initial: 'horizontal', md: 'vertical' }} size="2">
            <DataList.Item>
              <DataList.Label>Status</DataList.Label>
              <DataList.Value>
                <Change
                  from={<MemberStatusBadge active={active} />}
                  to={<MemberStatusBadge active={values.is_active} />}
                  changed={values.is_active !== active}
                />
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Role</DataList.Label>
              <DataList.Value>
                <Change
                  from={currentRole ? <RoleBadge roleName={currentRole} /> : 'None'}
                  to={newRole ? <RoleBadge roleName={newRole} /> : 'None'}
                  changed={values.role_id !== (membership?.role.id ?? '')}
                />
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Department</DataList.Label>
              <DataList.Value>
                <Change
                  from={currentDepartment}
                  to={newDepartment}
                  changed={values.department_id !== (membership?.department?.id ?? '')}
                />
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Manager</DataList.Label>
              <DataList.Value>
                <Change
                  from={currentManager}
                  to={newManager}
                  changed={values.manager_id !== (membership?.manager?.id ?? '')}
                />
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Member since</DataList.Label>
              <DataList.Value>{formatDate(user.created_at)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Last login</DataList.Label>
              <DataList.Value>{formatDateTime(user.last_login_at, 'Never')}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </aside>
      </Card>
    </Box>
  );
}
