import type { ReactElement } from 'react';
import { PublicPageLayout } from '../kit/PublicPageLayout';
import { BackToSignIn } from '../ResetPasswordScreen/BackToSignIn';
import { SetPasswordForm, setPasswordMessages } from '../ResetPasswordScreen/SetPasswordForm';

/** Props of {@link AcceptInviteScreen}. */
export interface AcceptInviteScreenProps {
  /** The single-use token of the invitation link (`/accept-invite?token=…`); blank when it carried none. */
  token: string;
}

/**
 * Accept an invitation (DECISIONS §7, `/accept-invite?token=…`), reached from the email an
 * administrator's Create User sends: the invited person sets their first password (the password rules
 * of document 2 §5) and then signs in. An invalid, expired or used invitation says so with a way to ask
 * for a new link; on success the user goes to sign in, with a toast. Public: no session needed.
 */
export function AcceptInviteScreen({ token }: AcceptInviteScreenProps): ReactElement {
  const copy = setPasswordMessages.invite;
  return (
    <PublicPageLayout title={copy.title} subtitle={copy.subtitle} footer={<BackToSignIn />}>
      <SetPasswordForm purpose="invite" token={token} />
    </PublicPageLayout>
  );
}
