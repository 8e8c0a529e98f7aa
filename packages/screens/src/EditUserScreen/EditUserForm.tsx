import type { Schemas } from '@purchasing/api-client';
import { Button, ConfirmDialog } from '@purchasing/ui';
import { Box, Flex, Grid, Button as RadixButton, Text } from '@radix-ui/themes';
import { KeyRound, Save } from 'lucide-react';
import type { ReactElement } from 'react';
import { PageHead } from '../kit/PageHead';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { fullName } from '../shared/display';
import { Page } from './EditUserPage';
import { PersonalSection, RoleSection, StatusSection } from './EditUserSections';
import { editUserMessages } from './editUserMessages';
import { UserOverview } from './UserOverview';
import { useEditUserForm } from './useEditUserForm';

type User = Schemas['User'];

/** The Edit User form of a loaded user, beside the overview of the current and new values. */
export function EditUserForm({
  user,
  organizationId,
  organizationName,
}: {
  user: User;
  organizationId: string;
  organizationName: string;
}): ReactElement {
  const { navigation } = usePurchasing();
  const cancelLink = useLinkProps(navigation.hrefs.users());
  const edit = useEditUserForm({ user, organizationId });
  const { control, values, choices, busy, hasChanges } = edit;
  const name = fullName(user);

  return (
    <Page>
      <Flex justify="between" align="end" gap="4" wrap="wrap">
        <Box minWidth="0">
          <PageHead
            trail={[{ label: 'Users', href: navigation.hrefs.users() }]}
            title={name}
            heading={`Edit ${name}`}
            description={`Change ${user.first_name}'s details, role and access to ${organizationName}.`}
          />
        </Box>
        <Button variant="outline" onClick={() => edit.setConfirmingReset(true)} disabled={busy}>
          <KeyRound size={16} aria-hidden />
          Reset Password
        </Button>
      </Flex>

      <Grid columns={{ initial: '1', md: 'minmax(0, 1fr) 320px' }} gap="5" align="start">
        <form ref={edit.formRef} noValidate aria-label={`Edit ${name}`} onSubmit={edit.onSubmit}>
          <Flex direction="column" gap="5">
            <PersonalSection user={user} control={control} busy={busy} />
            <RoleSection
              user={user}
              organizationName={organizationName}
              control={control}
              busy={busy}
              choices={choices}
              values={values}
            />
            <StatusSection
              user={user}
              organizationName={organizationName}
              control={control}
              busy={busy}
              isSelf={edit.isSelf}
              savedActive={edit.saved.is_active}
              active={values.is_active}
            />

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
        open={edit.confirmingReset}
        onOpenChange={edit.setConfirmingReset}
        onConfirm={() => edit.resetPassword.mutate()}
        variant="warning"
        title="Reset password"
        message={`Send a password reset email to ${user.email}? The link in it works once and expires; the current password keeps working until it is used.`}
        confirmLabel="Send reset email"
        loading={edit.resetPassword.isPending}
      />
    </Page>
  );
}
