import type { Schemas } from '@purchasing/api-client';
import { Callout, TextField, ToggleSwitch } from '@purchasing/ui';
import { Flex, Grid } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { NameFields, PhoneField, RoleAssignmentFields } from '../CreateUserScreen/UserFields';
import { RoleDetails } from '../CreateUserScreen/UserFormParts';
import {
  departmentOptions,
  firstMembership,
  managerOptions,
  roleOptions,
  type UserFormChoices,
} from '../CreateUserScreen/userChoices';
import type { EditUserFormOutput, EditUserFormValues } from '../CreateUserScreen/userFormSchema';
import { Panel } from '../kit/detail/Panel';

type User = Schemas['User'];
type EditUserControl = Control<EditUserFormValues, unknown, EditUserFormOutput>;

/** Name and phone, beside the read-only sign-in email. */
export function PersonalSection({
  user,
  control,
  busy,
}: {
  user: User;
  control: EditUserControl;
  busy: boolean;
}): ReactElement {
  return (
    <Panel headingId="edit-user-personal" title="Personal Information">
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
    </Panel>
  );
}

/** Role, department and manager in the organisation, with what the chosen role may do. */
export function RoleSection({
  user,
  organizationName,
  control,
  busy,
  choices,
  values,
}: {
  user: User;
  organizationName: string;
  control: EditUserControl;
  busy: boolean;
  choices: UserFormChoices;
  values: EditUserFormValues;
}): ReactElement {
  const membership = firstMembership(user);
  const role = choices.roles.find((entry) => entry.id === values.role_id);
  return (
    <Panel
      headingId="edit-user-role"
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
    </Panel>
  );
}

/** The Account Active toggle, and what deactivating means. */
export function StatusSection({
  user,
  organizationName,
  control,
  busy,
  isSelf,
  savedActive,
  active,
}: {
  user: User;
  organizationName: string;
  control: EditUserControl;
  busy: boolean;
  isSelf: boolean;
  /** Whether the account is active on the server. */
  savedActive: boolean;
  /** Whether the form has it active. */
  active: boolean;
}): ReactElement {
  return (
    <Panel headingId="edit-user-status" title="Account Status">
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
        {savedActive && !active ? (
          <Callout variant="warning">
            {`${user.first_name} will lose access to ${organizationName} when you save. Their requisitions and approval history are kept, and you can reactivate the account at any time.`}
          </Callout>
        ) : null}
      </Flex>
    </Panel>
  );
}
