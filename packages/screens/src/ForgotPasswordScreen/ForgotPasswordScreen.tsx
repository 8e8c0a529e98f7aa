import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError, unwrap } from '@purchasing/api-client';
import { Button, Callout, TextField } from '@purchasing/ui';
import { Flex, Heading, Text } from '@radix-ui/themes';
import { MailCheck } from 'lucide-react';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { IconBadge } from '../kit/IconBadge';
import { ACCOUNT_EMAIL_FIELD, PublicPageLayout } from '../kit/PublicPageLayout';
import { usePurchasing } from '../PurchasingProvider';
import { BackToSignIn } from '../ResetPasswordScreen/BackToSignIn';

/** Product copy of Forgot password (the screen's own wording; the email rule is document 1 §5's). */
export const forgotPasswordMessages = {
  title: 'Forgot your password?',
  subtitle: 'Enter the email address you sign in with and we will send you a link to set a new password.',
  invalidEmail: 'Please enter a valid email address',
  submit: 'Send Reset Link',
  submitting: 'Sending...',
  sentTitle: 'Check your email',
  sent: 'If an account exists for that address, we have sent a link to reset the password.',
  sentHelp:
    'The link can be used once and expires after an hour. Nothing there? Check your spam folder, or try again.',
  tryAgain: 'Send another link',
  failed: 'Failed to send the reset link. Please try again.',
} as const;

/** The forgot-password form's rules: a valid address (document 1 §5's message). */
export const forgotPasswordSchema = z.object({
  email: z.email(forgotPasswordMessages.invalidEmail),
});

/** The forgot-password form's values. */
export type ForgotPasswordFormValues = z.infer<typeof forgotPasswordSchema>;

/**
 * 'Forgot your password?' (DECISIONS §7, `/forgot-password`): asks for the sign-in address and
 * requests a reset link (`POST /auth/forgot-password`). The answer is the same whether or not an
 * account has that address, so the screen always says the same thing and never reveals who has an
 * account; a throttled request shows the server's message. Public: no session needed.
 */
export function ForgotPasswordScreen(): ReactElement {
  const { client } = usePurchasing();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  useEffect(() => {
    // The form is replaced by the confirmation: move focus there so it is read out.
    if (sentTo !== null) sentHeading.current?.focus();
  }, [sentTo]);

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await unwrap(client.api.POST('/auth/forgot-password', { body: { email } }));
    } catch (error) {
      const emailProblem = isApiError(error)
        ? error.details.find((detail) => detail.field === 'email')
        : undefined;
      if (emailProblem)
        setError('email', { type: 'server', message: emailProblem.message }, { shouldFocus: true });
      else setFailure(serverMessage(error) ?? forgotPasswordMessages.failed);
      return;
    }
    setSentTo(email);
  });

  return (
    <PublicPageLayout
      title={forgotPasswordMessages.title}
      subtitle={forgotPasswordMessages.subtitle}
      footer={<BackToSignIn />}
    >
      {sentTo === null ? (
        <form noValidate aria-label="Request a password reset link" onSubmit={onSubmit}>
          <Flex direction="column" gap="4">
            {failure ? <Callout variant="error">{failure}</Callout> : null}
            <TextField
              {...ACCOUNT_EMAIL_FIELD}
              disabled={isSubmitting}
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" size="3" loading={isSubmitting}>
              {isSubmitting ? forgotPasswordMessages.submitting : forgotPasswordMessages.submit}
            </Button>
          </Flex>
        </form>
      ) : (
        <Flex direction="column" align="center" gap="3" style={{ textAlign: 'center' }}>
          <IconBadge size={48} background="var(--green-a3)" color="var(--green-11)">
            <MailCheck size={24} />
          </IconBadge>
          <Heading as="h2" size="5" ref={sentHeading} tabIndex={-1} style={{ outline: 'none' }}>
            {forgotPasswordMessages.sentTitle}
          </Heading>
          <Text as="p" role="status">
            {forgotPasswordMessages.sent}
          </Text>
          <Text as="p" size="2" color="gray">
            {forgotPasswordMessages.sentHelp}
          </Text>
          <Button
            variant="secondary"
            mt="2"
            onClick={() => {
              reset({ email: sentTo });
              setSentTo(null);
            }}
          >
            {forgotPasswordMessages.tryAgain}
          </Button>
        </Flex>
      )}
    </PublicPageLayout>
  );
}
