import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError, unwrap } from '@purchasing/api-client';
import { Button, Callout, Spinner, TextField, toast } from '@purchasing/ui';
import { Flex, Button as RadixButton, Text, VisuallyHidden } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle, KeyRound } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { passwordChecklist, type SetPasswordFormValues, setPasswordSchema } from './passwordRules';

/** What the emailed link is for: a new password (reset) or the first one (invitation). */
export type SetPasswordPurpose = 'reset' | 'invite';

/** Product copy of the set-password screens (the screens' own wording; the rules are document 2 §5's). */
export const setPasswordMessages = {
  reset: {
    title: 'Reset your password',
    subtitle: 'Choose a new password for your account.',
    submit: 'Reset Password',
    submitting: 'Resetting password...',
    success: 'Your password has been reset. Please sign in with your new password.',
    failed: 'Failed to reset the password. Please try again.',
    help: 'Reset links can be used once and expire after an hour.',
  },
  invite: {
    title: 'Accept your invitation',
    subtitle: 'Set a password to finish setting up your account.',
    submit: 'Set Password',
    submitting: 'Setting password...',
    success: 'Your password is set. Please sign in.',
    failed: 'Failed to accept the invitation. Please try again.',
    help: 'Invitations can be used once and expire after 7 days. Ask your administrator for a new invitation, or request a password reset link.',
  },
  invalidLink: 'This link is not valid. Please request a new one.',
  requestNewLink: 'Request a new link',
  checkingLink: 'Checking your link',
} as const;

/** Props of {@link SetPasswordForm}. */
export interface SetPasswordFormProps {
  /** The single-use token from the emailed link; blank when the link carried none. */
  token: string;
  purpose: SetPasswordPurpose;
}

/**
 * New password and confirmation, checked against the password rules as the user types; sends the
 * token with the password (`POST /auth/reset-password` or `/auth/accept-invite`). The link is checked
 * when the screen opens (`POST /auth/check-token`, which does not spend it): a link that is missing,
 * invalid, expired or already used shows the server's reason with a way to ask for a new one instead
 * of the form, before anything is typed (and so does one spent between opening and sending);
 * on success the user is signed out of any other session in this browser and sent to sign in, with a
 * toast.
 */
export function SetPasswordForm({ token, purpose }: SetPasswordFormProps): ReactElement {
  const { client, navigation } = usePurchasing();
  const session = useSession();
  const copy = setPasswordMessages[purpose];
  const [linkProblem, setLinkProblem] = useState<string | null>(
    token.trim() === '' ? setPasswordMessages.invalidLink : null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<SetPasswordFormValues>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const busy = isSubmitting || isSubmitSuccessful;
  const check = useTokenCheck(token, purpose, linkProblem === null);

  const onSubmit = handleSubmit(async ({ password: newPassword }) => {
    setFailure(null);
    const path = purpose === 'reset' ? '/auth/reset-password' : '/auth/accept-invite';
    try {
      await unwrap(client.api.POST(path, { body: { token, password: newPassword } }));
    } catch (error) {
      if (isApiError(error) && error.code === 'INVALID_TOKEN') {
        setLinkProblem(serverMessage(error) ?? setPasswordMessages.invalidLink);
      } else if (isApiError(error) && error.details.some((detail) => detail.field === 'password')) {
        const detail = error.details.find((entry) => entry.field === 'password');
        setError('password', { type: 'server', message: detail?.message }, { shouldFocus: true });
      } else {
        setFailure(serverMessage(error) ?? copy.failed);
      }
      // Keeps the form editable: react-hook-form counts a resolved submit as successful.
      throw error;
    }
    // Whoever was signed in here is not the account that now has a new password (or its old session
    // was revoked with the reset): sign in afresh.
    if (session.status === 'authenticated') await session.logout();
    toast.success(copy.success);
    navigation.navigate(navigation.hrefs.login(), { replace: true });
  });

  const problem = linkProblem ?? check.problem;
  if (problem) return <InvalidLink message={problem} help={copy.help} />;
  if (check.checking) {
    return (
      <Flex justify="center" py="6">
        <Spinner label={setPasswordMessages.checkingLink} />
      </Flex>
    );
  }

  return (
    <form
      noValidate
      aria-label={copy.title}
      onSubmit={(event) => {
        void onSubmit(event).catch(() => {
          // Already shown by onSubmit.
        });
      }}
    >
      <Flex direction="column" gap="4">
        {failure ? <Callout variant="error">{failure}</Callout> : null}
        <Flex direction="column" gap="2">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            disabled={busy}
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordChecklist password={password} />
        </Flex>
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          disabled={busy}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="3" loading={busy}>
          {busy ? copy.submitting : copy.submit}
        </Button>
      </Flex>
    </form>
  );
}

/**
 * Checks the link once when the screen opens, without spending it. `problem`: the server's reason when
 * the link cannot be used (404 `INVALID_TOKEN`, 410 `TOKEN_USED` or `TOKEN_EXPIRED`). Any other failure
 * (offline, throttled) shows the form: sending it says what is wrong then.
 */
function useTokenCheck(
  token: string,
  purpose: SetPasswordPurpose,
  enabled: boolean,
): { checking: boolean; problem: string | null } {
  const { client } = usePurchasing();
  const query = useQuery({
    queryKey: ['auth', 'check-token', purpose, token],
    queryFn: async () => {
      try {
        await unwrap(client.api.POST('/auth/check-token', { body: { token, purpose } }));
        return null;
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 410)) {
          return serverMessage(error) ?? setPasswordMessages.invalidLink;
        }
        throw error;
      }
    },
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  return { checking: enabled && query.isPending, problem: query.data ?? null };
}

function PasswordChecklist({ password }: { password: string }): ReactElement {
  return (
    <Flex asChild direction="column" gap="1">
      <ul aria-label="Password requirements" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {passwordChecklist(password).map((rule) => (
          <Flex asChild key={rule.id} align="center" gap="2">
            <li>
              {rule.met ? (
                <CheckCircle2 size={14} aria-hidden style={{ color: 'var(--green-11)', flexShrink: 0 }} />
              ) : (
                <Circle size={14} aria-hidden style={{ color: 'var(--gray-9)', flexShrink: 0 }} />
              )}
              <Text size="1" color={rule.met ? 'green' : 'gray'} highContrast={rule.met}>
                {rule.label}
                <VisuallyHidden>{rule.met ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
              </Text>
            </li>
          </Flex>
        ))}
      </ul>
    </Flex>
  );
}

function InvalidLink({ message, help }: { message: string; help: string }): ReactElement {
  const { navigation } = usePurchasing();
  const requestLink = useLinkProps(navigation.hrefs.forgotPassword());
  return (
    <Flex direction="column" gap="4">
      <Callout variant="error">{message}</Callout>
      <Text as="p" size="2" color="gray">
        {help}
      </Text>
      <RadixButton asChild size="3">
        <a {...requestLink}>
          <KeyRound size={16} aria-hidden />
          {setPasswordMessages.requestNewLink}
        </a>
      </RadixButton>
    </Flex>
  );
}
