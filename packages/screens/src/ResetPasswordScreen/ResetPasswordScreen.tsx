import type { ReactElement } from 'react';
import { PublicPageLayout } from '../kit/PublicPageLayout';
import { BackToSignIn } from './BackToSignIn';
import { SetPasswordForm, setPasswordMessages } from './SetPasswordForm';

/** Props of {@link ResetPasswordScreen}. */
export interface ResetPasswordScreenProps {
  /** The single-use token of the emailed link (`/reset-password?token=…`); blank when it carried none. */
  token: string;
}

/**
 * Reset password (DECISIONS §7, `/reset-password?token=…`), reached from the link a password reset
 * email carries (asked for with 'Forgot your password?' or by an administrator): a new password and
 * its confirmation under the password rules of document 2 §5. An invalid, expired or used link says so
 * with a way to ask for a new one; on success the user goes to sign in, with a toast. Public: no
 * session needed.
 */
export function ResetPasswordScreen({ token }: ResetPasswordScreenProps): ReactElement {
  const copy = setPasswordMessages.reset;
  return (
    <PublicPageLayout title={copy.title} subtitle={copy.subtitle} footer={<BackToSignIn />}>
      <SetPasswordForm purpose="reset" token={token} />
    </PublicPageLayout>
  );
}
