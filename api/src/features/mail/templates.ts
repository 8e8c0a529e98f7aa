import type { OutgoingMail } from './mailer.js';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function html(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 16px;background:#3e63dd;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p>\n<p style="color:#666;font-size:13px">${escapeHtml('Or open this address:')} ${escapeHtml(link.href)}</p>`
    : '';
  return `<!doctype html>\n<html><body style="font-family:system-ui,sans-serif;line-height:1.5">\n${body}\n${button}\n</body></html>`;
}

/** The invitation to set a first password (`/accept-invite?token=…`). */
export function invitationMail(input: {
  to: string;
  firstName: string;
  organizationName: string;
  invitedBy: string;
  link: string;
  validDays: number;
  /** The address already has an account: the link accepts the membership (and sets the password). */
  existingAccount?: boolean;
}): OutgoingMail {
  const intro = `${input.invitedBy} has invited you to join ${input.organizationName} on the purchasing platform.`;
  const action = input.existingAccount
    ? `You already have an account with this address. To join ${input.organizationName}, accept with this link and choose your password:`
    : 'Set your password to activate your account:';
  const expiry = `This link can be used once and expires in ${input.validDays} days. If you did not expect this invitation, you can ignore this email.`;
  return {
    to: input.to,
    subject: `You're invited to join ${input.organizationName}`,
    text: `Hello ${input.firstName},\n\n${intro}\n\n${action}\n${input.link}\n\n${expiry}\n`,
    html: html([`Hello ${input.firstName},`, intro, action], {
      href: input.link,
      label: 'Accept invitation',
    }).replace('</body>', `<p>${escapeHtml(expiry)}</p>\n</body>`),
    secretValidMinutes: input.validDays * 24 * 60,
  };
}

/** A single-use link to set a new password (`/reset-password?token=…`). */
export function passwordResetMail(input: {
  to: string;
  firstName: string;
  link: string;
  validMinutes: number;
  requestedByAdministrator: boolean;
}): OutgoingMail {
  const intro = input.requestedByAdministrator
    ? 'An administrator has asked for your password to be reset.'
    : 'We received a request to reset the password of your account.';
  const action = 'Choose a new password:';
  const expiry = `This link can be used once and expires in ${input.validMinutes} minutes. Your current password keeps working until you choose a new one. If you did not ask for this, you can ignore this email.`;
  return {
    to: input.to,
    subject: 'Reset your password',
    text: `Hello ${input.firstName},\n\n${intro}\n\n${action}\n${input.link}\n\n${expiry}\n`,
    html: html([`Hello ${input.firstName},`, intro, action], {
      href: input.link,
      label: 'Reset password',
    }).replace('</body>', `<p>${escapeHtml(expiry)}</p>\n</body>`),
    secretValidMinutes: input.validMinutes,
  };
}

/** Tells someone who can already sign in that they were added to an organisation (no token, no password). */
export function memberAddedMail(input: {
  to: string;
  firstName: string;
  organizationName: string;
  invitedBy: string;
  loginLink: string;
  /** A new account whose password the administrator set (and gives the user themself). */
  newAccount: boolean;
}): OutgoingMail {
  const intro = `${input.invitedBy} has added you to ${input.organizationName} on the purchasing platform.`;
  const action = input.newAccount
    ? 'Sign in with your email address and the password your administrator gives you:'
    : 'Sign in with your email address and password:';
  return {
    to: input.to,
    subject: `You now have access to ${input.organizationName}`,
    text: `Hello ${input.firstName},\n\n${intro}\n\n${action}\n${input.loginLink}\n`,
    html: html([`Hello ${input.firstName},`, intro, action], { href: input.loginLink, label: 'Sign in' }),
  };
}

/** "Awaiting your decision": a requisition's open step, with single-use Approve and Reject links. */
export function decisionRequestMail(input: {
  to: string;
  firstName: string;
  requestorName: string;
  requisitionNumber: string;
  justification: string | null;
  amount: string;
  levelTitle: string;
  approveLink: string;
  rejectLink: string;
  validHours: number;
}): OutgoingMail {
  const intro = `${input.requestorName}'s requisition ${input.requisitionNumber} (${input.amount}) is awaiting your decision at the ${input.levelTitle} level.`;
  const about = input.justification ? `Justification: ${input.justification}` : null;
  const expiry = `Each link opens a page that asks you to confirm. It can be used once and expires in ${input.validHours} hours; you can also decide in the app.`;
  const paragraphs = [`Hello ${input.firstName},`, intro, ...(about ? [about] : [])];
  const buttons = [
    { href: input.approveLink, label: 'Approve', colour: '#30a46c' },
    { href: input.rejectLink, label: 'Reject', colour: '#e5484d' },
  ]
    .map(
      (link) =>
        `<a href="${escapeHtml(link.href)}" style="display:inline-block;margin-right:8px;padding:10px 16px;background:${link.colour};color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a>`,
    )
    .join('');
  return {
    to: input.to,
    subject: `Awaiting your decision: ${input.requisitionNumber}`,
    text: `${paragraphs.join('\n\n')}\n\nApprove:\n${input.approveLink}\n\nReject:\n${input.rejectLink}\n\n${expiry}\n`,
    html: html(paragraphs).replace('</body>', `<p>${buttons}</p>\n<p>${escapeHtml(expiry)}</p>\n</body>`),
    secretValidMinutes: input.validHours * 60,
  };
}

/**
 * The immediate mail of one notification (docs/decisions.md "A mail for every kind"): the bell's
 * message, one link to the record (or, for a reminder, to the review where the step is decided) and
 * where to turn these mails off. `subject` names the requisition or order number.
 */
export function notificationMail(input: {
  to: string;
  firstName: string;
  subject: string;
  message: string;
  link: { href: string; label: string };
  settingsLink: string;
}): OutgoingMail {
  const why = 'You get this email because email is on for this kind of notification.';
  const stop = `To change which emails you get: ${input.settingsLink}`;
  return {
    to: input.to,
    subject: input.subject,
    text: `Hello ${input.firstName},\n\n${input.message}\n\n${input.link.label}:\n${input.link.href}\n\n${why}\n${stop}\n`,
    html: html([`Hello ${input.firstName},`, input.message], input.link).replace(
      '</body>',
      `<p style="color:#666;font-size:13px">${escapeHtml(why)} <a href="${escapeHtml(input.settingsLink)}">${escapeHtml('Notification settings')}</a></p>\n</body>`,
    ),
  };
}
