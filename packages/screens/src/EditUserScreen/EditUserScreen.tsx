import { zodResolver } from '@hookform/resolvers/zod';
import { adminKeys, isApiError, queryKeys, type Schemas, unwrap, userQueries } from '@purchasing/api-client';
import {
  Breadcrumb,
  Button,
  Callout,
  ConfirmDialog,
  EmptyState,
  formatDate,
  formatDateTime,
  RoleBadge,
  Spinner,
  TextField,
  ToggleSwitch,
  toast,
} from '@purchasing/ui';
import {
  Box,
  Card,
  DataList,
  Flex,
  Grid,
  Heading,
  Button as RadixButton,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, ArrowRight, KeyRound, Save, UserX } from 'lucide-react';
import { type ReactElement, type ReactNode, useRef, useState } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { NameFields, PhoneField, RoleAssignmentFields } from '../CreateUserScreen/UserFields';
import { FormSection, MemberStatusBadge, RoleDetails, UserAvatar } from '../CreateUserScreen/UserFormParts';
import {
  departmentOptions,
  firstMembership,
  isMemberActive,
  managerOptions,
  roleOptions,
  type UserFormChoices,
  useUserFormChoices,
} from '../CreateUserScreen/userChoices';
import {
  type EditUserFormOutput,
  type EditUserFormValues,
  editUserSchema,
} from '../CreateUserScreen/userFormSchema';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { fullName } from '../shared/display';
import { isMissingRecord } from '../shared/missingRecord';
import { useFocusFirstInvalid } from '../shared/useFocusFirstInvalid';
import { useUnsavedChangesGuard } from '../shared/useUnsavedChangesGuard';

type User = Schemas['User'];

/** Product copy of Edit User (document 2 §2 and §8, and the screen's own wording). */
export const editUserMessages = {
  invalidId: 'Invalid User ID',
  invalidIdDescription: "This address doesn't point to a user. Choose the user from the user list.",
  loadFailedTitle: 'Error Loading User',
  loadFailed: 'Failed to load user information. Please try again.',
  notFoundTitle: 'User Not Found',
  notFound: (organization: string) => `This user doesn't exist or isn't a member of ${organization}.`,
  noChanges: 'No changes detected',
  updated: 'User updated successfully',
  failed: 'Failed to update user',
  resetSent: 'Password reset email sent',
  resetFailed: 'Failed to send reset email',
  noOrganization: 'Please select an organization to edit a user',
  noPermission: (organization: string) => `You don't have permission to edit users in ${organization}.`,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FORM_FIELDS: ReadonlySet<string> = new Set([
  'first_name',
  'last_name',
  'phone',
  'role_id',
  'department_id',
  'manager_id',
  'is_active',
]);

/** Props of {@link EditUserScreen}. */
export interface EditUserScreenProps {
  /** The id of the user to edit (the route's `{id}`). */
  userId: string;
}

function Page({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: 1200 }}>
      {children}
    </Flex>
  );
}

function UsersBreadcrumb({ name }: { name: string }): ReactElement {
  const { navigation } = usePurchasing();
  return (
    <Breadcrumb
      items={[{ label: 'Users', href: navigation.hrefs.users() }, { label: name }]}
      onNavigate={(href) => navigation.navigate(href)}
    />
  );
}

function BackToUsers(): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(navigation.hrefs.users());
  return (
    <RadixButton asChild variant="soft" color="gray">
      <a {...link}>
        <ArrowLeft size={16} aria-hidden />
        Back to Users
      </a>
    </RadixButton>
  );
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

/** The form's values for a user as the server has them. */
function toFormValues(user: User): EditUserFormValues {
  const membership = firstMembership(user);
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone ?? '',
    role_id: membership?.role.id ?? '',
    department_id: membership?.department?.id ?? '',
    manager_id: membership?.manager?.id ?? '',
    is_active: isMemberActive(user),
  };
}

/** What Save Changes would send: the changed personal fields, and the assignment when it changed. */
interface UserChanges {
  update: Schemas['UserUpdateInput'] | null;
  assignment: Schemas['RoleAssignmentInput'] | null;
}

function changesOf(saved: EditUserFormValues, form: EditUserFormValues): UserChanges {
  const update: Schemas['UserUpdateInput'] = {};
  if (form.first_name.trim() !== saved.first_name) update.first_name = form.first_name.trim();
  if (form.last_name.trim() !== saved.last_name) update.last_name = form.last_name.trim();
  if (form.phone.trim() !== saved.phone) update.phone = form.phone.trim() === '' ? null : form.phone.trim();
  if (form.is_active !== saved.is_active) update.is_active = form.is_active;

  const roleChanged = form.role_id !== saved.role_id;
  const departmentChanged = form.department_id !== saved.department_id;
  const managerChanged = form.manager_id !== saved.manager_id;
  const assignment: Schemas['RoleAssignmentInput'] | null =
    roleChanged || departmentChanged || managerChanged
      ? {
          role_id: form.role_id,
          // Omitted fields are left as they are on the server (another administrator may have changed them).
          ...(departmentChanged ? { department_id: form.department_id || null } : {}),
          ...(managerChanged ? { manager_id: form.manager_id || null } : {}),
        }
      : null;
  return { update: Object.keys(update).length > 0 ? update : null, assignment };
}

function EditUserForm({
  user,
  organizationId,
  organizationName,
}: {
  user: User;
  organizationId: string;
  organizationName: string;
}): ReactElement {
  const { client, navigation } = usePurchasing();
  const { user: me } = useSession();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const cancelLink = useLinkProps(navigation.hrefs.users());
  const choices = useUserFormChoices(client, organizationId);
  const membership = firstMembership(user);
  const isSelf = me?.id === user.id;
  // The server's current state: what changes are measured against, also after a partly failed save.
  const saved = toFormValues(user);

  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting, isSubmitSuccessful },
  } = useForm<EditUserFormValues, unknown, EditUserFormOutput>({
    resolver: zodResolver(editUserSchema),
    defaultValues: saved,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const values = useWatch({ control }) as EditUserFormValues;
  const changes = changesOf(saved, values);
  const hasChanges = changes.update !== null || changes.assignment !== null;
  const busy = isSubmitting || isSubmitSuccessful;
  const focusFirstInvalid = useFocusFirstInvalid(formRef, busy);
  // Typed changes survive a reload or a closed tab only after a confirmation.
  useUnsavedChangesGuard(hasChanges && !isSubmitSuccessful);
  const header = { 'X-Organization-Id': organizationId };
  const [confirmingReset, setConfirmingReset] = useState(false);

  const resetPassword = useMutation({
    mutationFn: () =>
      unwrap(client.api.POST('/users/{id}/reset-password', { params: { path: { id: user.id }, header } })),
    onSuccess: () => toast.success(editUserMessages.resetSent),
    onError: (error) => toast.error(serverMessage(error) ?? editUserMessages.resetFailed),
    onSettled: () => setConfirmingReset(false),
  });

  const save = async (form: EditUserFormOutput) => {
    const { update, assignment } = changesOf(saved, form);
    if (!update && !assignment) {
      toast(editUserMessages.noChanges);
      return;
    }
    try {
      if (update) {
        await unwrap(
          client.api.PUT('/users/{id}', { params: { path: { id: user.id }, header }, body: update }),
        );
      }
      if (assignment) {
        await unwrap(
          client.api.POST('/users/{id}/roles', {
            params: { path: { id: user.id }, header },
            body: assignment,
          }),
        );
      }
    } catch (error) {
      let placed = false;
      if (isApiError(error)) {
        for (const detail of error.details) {
          if (FORM_FIELDS.has(detail.field)) {
            setError(detail.field as FieldPath<EditUserFormValues>, {
              type: 'server',
              message: detail.message,
            });
            placed = true;
          }
        }
      }
      if (placed) focusFirstInvalid();
      toast.error(serverMessage(error) ?? editUserMessages.failed);
      // The personal fields may be saved while the role failed: reload, so only what is left counts as changed.
      void queryClient.invalidateQueries({ queryKey: adminKeys.users(organizationId) });
      throw error;
    }
    void queryClient.invalidateQueries({ queryKey: adminKeys.all(organizationId) });
    // An administrator who changed their own role sees their menus and permissions follow at once.
    if (isSelf) void queryClient.invalidateQueries({ queryKey: queryKeys.auth });
    toast.success(editUserMessages.updated);
    navigation.navigate(navigation.hrefs.users());
  };

  const name = fullName(user);
  const role = choices.roles.find((entry) => entry.id === values.role_id);

  return (
    <Page>
      <Flex justify="between" align="end" gap="4" wrap="wrap">
        <Box minWidth="0">
          <UsersBreadcrumb name={name} />
          <Text as="p" color="gray" mt="2">
            {`Change ${user.first_name}'s details, role and access to ${organizationName}.`}
          </Text>
        </Box>
        <Button variant="outline" onClick={() => setConfirmingReset(true)} disabled={busy}>
          <KeyRound size={16} aria-hidden />
          Reset Password
        </Button>
      </Flex>

      <Grid columns={{ initial: '1', md: 'minmax(0, 1fr) 320px' }} gap="5" align="start">
        <form
          ref={formRef}
          noValidate
          aria-label={`Edit ${name}`}
          onSubmit={(event) => {
            void handleSubmit(
              save,
              focusFirstInvalid,
            )(event).catch(() => {
              // Already reported by `save`.
            });
          }}
        >
          <Flex direction="column" gap="5">
            <FormSection id="edit-user-personal" title="Personal Information">
              <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                <NameFields control={control} busy={busy} />
                <TextField
                  label="Email"
                  type="email"
                  value={user.email}
                  readOnly
                  hint="The sign-in address; the user keeps it in every organization."
                />
                <PhoneField control={control} busy={busy} />
              </Grid>
            </FormSection>

            <FormSection
              id="edit-user-role"
              title="Role & Organization"
              description={`What ${user.first_name} may do in ${organizationName}, and who they report to.`}
            >
              <Flex direction="column" gap="4">
                <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                  <RoleAssignmentFields
                    control={control}
                    busy={busy}
                    roleOptions={roleOptions(choices.roles, membership?.role)}
                    departmentOptions={departmentOptions(choices.departments, membership?.department)}
                    managerOptions={managerOptions(choices.users, {
                      excludeUserId: user.id,
                      current: membership?.manager,
                    })}
                    loading={choices.loading}
                  />
                </Grid>
                {role ? <RoleDetails role={role} /> : null}
              </Flex>
            </FormSection>

            <FormSection id="edit-user-status" title="Account Status">
              <Flex direction="column" gap="4">
                <Controller
                  control={control}
                  name="is_active"
                  render={({ field }) => (
                    <ToggleSwitch
                      label="Account Active"
                      description={
                        isSelf
                          ? "You can't deactivate your own account."
                          : `An inactive user cannot sign in to ${organizationName}.`
                      }
                      checked={field.value}
                      onCheckedChange={(checked) => field.onChange(checked)}
                      disabled={busy || (isSelf && field.value)}
                    />
                  )}
                />
                {saved.is_active && !values.is_active ? (
                  <Callout variant="warning">
                    {`${user.first_name} will lose access to ${organizationName} when you save. Their requisitions and approval history are kept, and you can reactivate the account at any time.`}
                  </Callout>
                ) : null}
              </Flex>
            </FormSection>

            <Flex gap="3" justify="end" align="center" wrap="wrap">
              {hasChanges ? null : (
                <Text size="2" color="gray" role="status" id="edit-user-no-changes">
                  {editUserMessages.noChanges}
                </Text>
              )}
              <RadixButton asChild variant="soft" color="gray">
                <a {...cancelLink}>Cancel</a>
              </RadixButton>
              <Button
                type="submit"
                loading={busy}
                disabled={busy || !hasChanges}
                aria-describedby={hasChanges ? undefined : 'edit-user-no-changes'}
              >
                {busy ? null : <Save size={16} aria-hidden />}
                {busy ? 'Saving...' : 'Save Changes'}
              </Button>
            </Flex>
          </Flex>
        </form>
        <UserOverview user={user} values={values} choices={choices} />
      </Grid>

      <ConfirmDialog
        open={confirmingReset}
        onOpenChange={setConfirmingReset}
        onConfirm={() => resetPassword.mutate()}
        variant="warning"
        title="Reset password"
        message={`Send a password reset email to ${user.email}? The link in it works once and expires; the current password keeps working until it is used.`}
        confirmLabel="Send reset email"
        loading={resetPassword.isPending}
      />
    </Page>
  );
}

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
function UserOverview({
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
    <Box position={{ md: 'sticky' }} top="var(--space-4)">
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
