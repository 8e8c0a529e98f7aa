import { AcceptInviteScreen, EmailDecisionScreen, ResetPasswordScreen } from '@purchasing/screens';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';

export { ForgotPasswordScreen } from '@purchasing/screens';

/** `/reset-password?token=…`: sets a new password with an emailed reset link; a new token starts afresh. */
export function ResetPasswordPage(): ReactElement {
  const { token = '' } = getRouteApi('/reset-password').useSearch();
  return <ResetPasswordScreen key={token} token={token} />;
}

/** `/accept-invite?token=…`: an invited person sets their first password; a new token starts afresh. */
export function AcceptInvitePage(): ReactElement {
  const { token = '' } = getRouteApi('/accept-invite').useSearch();
  return <AcceptInviteScreen key={token} token={token} />;
}

/** `/email-decision/<token>`: an emailed Approve or Reject link, confirmed on the page (never on opening). */
export function EmailDecisionPage(): ReactElement {
  const { token } = getRouteApi('/email-decision/$token').useParams();
  return <EmailDecisionScreen key={token} token={token} />;
}
