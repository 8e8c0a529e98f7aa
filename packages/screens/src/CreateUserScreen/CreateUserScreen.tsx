import { zodResolver } from '@hookform/resolvers/zod';
import { adminKeys, isApiError, unwrap } from '@purchasing/api-client';
import { Button, Callout, RoleBadge, ToggleSwitch, toast } from '@purchasing/ui';
import { Box, Card, DataList, Flex, Grid, Heading, Button as RadixButton, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { type ReactElement, type ReactNode, useRef } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { Panel } from '../kit/detail/Panel';
import { FormTextField } from '../kit/form/FormFields';
import { useBeforeUnloadGuard } from '../kit/form/useUnsavedChangesGuard';
import { OrganizationGate } from '../kit/OrganizationGate';
import { PageHead } from '../kit/PageHead';
import { pageMaxWidth, stickyTop } from '../kit/themeVariables';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { fullName } from '../shared/display';
import { useFocusFirstInvalid } from '../shared/useFocusFirstInvalid';
import { NameFields, PhoneField, RoleAssignmentFields } from './UserFields';
import { MemberStatusBadge, RoleDetails, UserAvatar } from './UserFormParts';
import {
  departmentOptions,
  managerOptions,
  roleOptions,
  type UserFormChoices,
  useUserFormChoices,
} from './userChoices';
import {
  type CreateUserFormOutput,
  type CreateUserFormValues,
  createUserSchema,
  emptyCreateUserForm,
  toCreateUserInput,
} from './userFormSchema';

/** Product copy of Create User (document 2 §2 and §8, and the screen's own wording). */
export const createUserMessages = {
  created: 'User created successfully',
  failed: 'Failed to create user',
  noOrganization: 'Please select an organization to create a user',
  noPermission: (organization: string) => `You don't have permission to create users in ${organization}.`,
} as const;

const FORM_FIELDS: ReadonlySet<string> = new Set([
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
  'role_id',
  'department_id',
  'manager_id',
]);

/** What the invitation toggle does, with or without a password (the contract's `POST /users`). */
function inviteDescription(hasPassword: boolean): string {
  return hasPassword
    ? 'Emails a welcome message with the sign-in link (never the password).'
    : 'Emails a link, valid for 7 days, where the user chooses their password.';
}

function Page({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: pageMaxWidth(1200) }}>
      {children}
    </Flex>
  );
}

/**
 * Create User (document 2 §2, /admin/users/new): personal information, role, department and manager,
 * an optional password (blank sends an invitation) and the invitation toggle, beside a live preview of
 * the new user. On success it says 'User created successfully' and returns to the user list. Needs a
 * chosen organisation and `user.create` (the server enforces it too).
 */
export function CreateUserScreen(): ReactElement {
  const { navigation } = usePurchasing();
  const { currentOrganization, hasPermission } = useSession();

  return (
    <Page>
      <PageHead
        trail={[{ label: 'Users', href: navigation.hrefs.users() }]}
        title="Create User"
        description={
          currentOrganization
            ? `Add a person to ${currentOrganization.name} with their role, department and manager.`
            : 'Add a person with their role, department and manager.'
        }
      />
      <OrganizationGate
        noOrganization={createUserMessages.noOrganization}
        refusal={(organization) =>
          hasPermission('user.create') ? undefined : (
            <Callout variant="info">{createUserMessages.noPermission(organization.name)}</Callout>
          )
        }
      >
        {(organization) => (
          <CreateUserForm
            // Another organisation has other roles, departments and managers: start over.
            key={organization.id}
            organizationId={organization.id}
            organizationName={organization.name}
          />
        )}
      </OrganizationGate>
    </Page>
  );
}

function CreateUserForm({
  organizationId,
  organizationName,
}: {
  organizationId: string;
  organizationName: string;
}): ReactElement {
  const { client, navigation } = usePurchasing();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const cancelLink = useLinkProps(navigation.hrefs.users());
  const choices = useUserFormChoices(client, organizationId);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isDirty, isSubmitting, isSubmitSuccessful },
  } = useForm<CreateUserFormValues, unknown, CreateUserFormOutput>({
    resolver: zodResolver(createUserSchema),
    defaultValues: emptyCreateUserForm(),
    mode: 'onTouched',
    // The first invalid control is focused in DOM order (focusFirstInvalid), the dropdowns too.
    shouldFocusError: false,
  });
  const values = useWatch({ control }) as CreateUserFormValues;
  const busy = isSubmitting || isSubmitSuccessful;
  const focusFirstInvalid = useFocusFirstInvalid(formRef, busy);
  // Typed changes survive a reload or a closed tab only after a confirmation.
  useBeforeUnloadGuard(isDirty && !isSubmitSuccessful);
  const role = choices.roles.find((entry) => entry.id === values.role_id);

  const create = async (form: CreateUserFormOutput) => {
    try {
      await unwrap(
        client.api.POST('/users', {
          params: { header: { 'X-Organization-Id': organizationId } },
          body: toCreateUserInput(form),
        }),
      );
    } catch (error) {
      let placed = false;
      if (isApiError(error)) {
        for (const detail of error.details) {
          if (FORM_FIELDS.has(detail.field)) {
            setError(detail.field as FieldPath<CreateUserFormValues>, {
              type: 'server',
              message: detail.message,
            });
            placed = true;
          }
        }
      }
      if (placed) focusFirstInvalid();
      toast.error(serverMessage(error) ?? createUserMessages.failed);
      // Keeps the form editable: react-hook-form counts a resolved submit as successful.
      throw error;
    }
    void queryClient.invalidateQueries({ queryKey: adminKeys.all(organizationId) });
    toast.success(createUserMessages.created);
    navigation.navigate(navigation.hrefs.users());
  };

  return (
    <Grid columns={{ initial: '1', md: 'minmax(0, 1fr) 320px' }} gap="5" align="start">
      <form
        ref={formRef}
        noValidate
        aria-label="Create user"
        onSubmit={(event) => {
          void handleSubmit(
            create,
            focusFirstInvalid,
          )(event).catch(() => {
            // Already reported by `create`.
          });
        }}
      >
        <Flex direction="column" gap="5">
          <Panel headingId="create-user-personal" title="Personal Information">
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
              <NameFields control={control} busy={busy} />
              <FormTextField
                control={control}
                name="email"
                label="Email"
                type="email"
                required
                autoComplete="off"
                placeholder="name@company.com"
                maxLength={254}
                disabled={busy}
                hint="The user signs in with this address."
              />
              <PhoneField control={control} busy={busy} />
            </Grid>
          </Panel>

          <Panel
            headingId="create-user-role"
            title="Role & Organization"
            description={`What the user may do in ${organizationName}, and who they report to.`}
          >
            <Flex direction="column" gap="4">
              <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                <RoleAssignmentFields
                  control={control}
                  busy={busy}
                  roleOptions={roleOptions(choices.roles)}
                  departmentOptions={departmentOptions(choices.departments)}
                  managerOptions={managerOptions(choices.users)}
                  loading={choices.loading}
                />
              </Grid>
              {role ? <RoleDetails role={role} /> : null}
            </Flex>
          </Panel>

          <Panel
            headingId="create-user-account"
            title="Account Setup"
            description="Set a password now, or leave it blank and the user chooses one from the invitation email."
          >
            <Flex direction="column" gap="4">
              <Box maxWidth={{ sm: 'calc(50% - var(--space-2))' }}>
                <FormTextField
                  control={control}
                  name="password"
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  maxLength={128}
                  disabled={busy}
                  hint="Optional · at least 8 characters with an uppercase letter, a lowercase letter and a number"
                />
              </Box>
              <Controller
                control={control}
                name="send_invite"
                render={({ field }) => (
                  <ToggleSwitch
                    label="Send invitation email"
                    description={inviteDescription(values.password !== '')}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked)}
                    disabled={busy}
                  />
                )}
              />
              {!values.send_invite && values.password === '' ? (
                <Callout variant="warning">
                  Without a password or an invitation the user cannot sign in. You can send them an invitation
                  later with Reset Password on Edit User.
                </Callout>
              ) : null}
            </Flex>
          </Panel>

          <Flex gap="3" justify="end" wrap="wrap">
            <RadixButton asChild variant="soft" color="gray">
              <a {...cancelLink}>Cancel</a>
            </RadixButton>
            <Button type="submit" loading={busy} disabled={busy}>
              {busy ? null : <UserPlus size={16} aria-hidden />}
              {busy ? 'Creating...' : 'Create User'}
            </Button>
          </Flex>
        </Flex>
      </form>
      <NewUserPreview values={values} choices={choices} />
    </Grid>
  );
}

/** The preview side panel (document 2 §2): how the new user will appear, as the form is filled in. */
function NewUserPreview({
  values,
  choices,
}: {
  values: CreateUserFormValues;
  choices: UserFormChoices;
}): ReactElement {
  const role = choices.roles.find((entry) => entry.id === values.role_id);
  const department = choices.departments.find((entry) => entry.id === values.department_id);
  const manager = choices.users.find((entry) => entry.id === values.manager_id);
  const name = fullName({ first_name: values.first_name.trim(), last_name: values.last_name.trim() });
  const email = values.email.trim();

  return (
    <Box position={{ md: 'sticky' }} top={`calc(${stickyTop} + var(--space-4))`}>
      <Card asChild size="3">
        <aside aria-labelledby="create-user-preview">
          <Heading as="h2" size="4" id="create-user-preview" mb="4">
            Preview
          </Heading>
          <Flex gap="3" align="center" mb="4" minWidth="0">
            <UserAvatar
              person={{ first_name: values.first_name, last_name: values.last_name, email }}
              size="5"
            />
            <Box minWidth="0">
              <Text as="p" size="4" weight="bold" color={name ? undefined : 'gray'} truncate>
                {name || 'New User'}
              </Text>
              <Text as="p" size="2" color="gray" style={{ overflowWrap: 'anywhere' }}>
                {email || 'No email yet'}
              </Text>
            </Box>
          </Flex>
          <DataList.Root orientation={{ initial: 'horizontal', md: 'vertical' }} size="2">
            <DataList.Item>
              <DataList.Label>Role</DataList.Label>
              <DataList.Value>{role ? <RoleBadge roleName={role.name} /> : 'Not selected'}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Department</DataList.Label>
              <DataList.Value>{department?.name ?? 'None'}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Manager</DataList.Label>
              <DataList.Value>{manager ? fullName(manager) : 'None'}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Status</DataList.Label>
              <DataList.Value>
                <MemberStatusBadge active />
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Login method</DataList.Label>
              <DataList.Value>{values.password === '' ? 'Email Invitation' : 'Password Set'}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
          <Text as="p" size="1" color="gray" mt="4">
            {values.send_invite
              ? `${values.password === '' ? 'An invitation' : 'A welcome email'} goes to ${email || 'the user'} once the user is created.`
              : 'No email is sent.'}
          </Text>
        </aside>
      </Card>
    </Box>
  );
}
