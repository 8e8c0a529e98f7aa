import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPasswordApi, passwordTokens } from '../test/departmentHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { AcceptInviteScreen } from './AcceptInviteScreen';

function setup(token: string) {
  const api = createPasswordApi();
  server.use(...api.handlers);
  return { ...renderScreen(<AcceptInviteScreen token={token} />), api };
}

const newPassword = () => screen.getByLabelText('New password', { selector: 'input' });
const confirmation = () => screen.getByLabelText('Confirm new password', { selector: 'input' });
/** Waits for the form, shown once the invitation link has been checked. */
const opened = () => screen.findByLabelText('New password', { selector: 'input' });

describe('AcceptInviteScreen', () => {
  it('sets the first password and sends the user to sign in with a toast', async () => {
    const { user, api, navigate } = setup(passwordTokens.valid);
    expect(screen.getByRole('heading', { level: 1, name: 'Accept your invitation' })).toBeInTheDocument();
    await opened();
    await user.type(newPassword(), 'Welcome2026');
    await user.type(confirmation(), 'Welcome2026');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));

    expect(await screen.findByText('Your password is set. Please sign in.')).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(api.requests).toEqual([
      { path: '/auth/accept-invite', body: { token: passwordTokens.valid, password: 'Welcome2026' } },
    ]);
  });

  it("applies the document's password rules", async () => {
    const { user, api } = setup(passwordTokens.valid);
    await opened();
    await user.type(newPassword(), 'welcome');
    await user.type(confirmation(), 'welcome');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('says a used invitation has been used when it opens, with a link to ask for a new one (issue 19 item 4)', async () => {
    const { api } = setup(passwordTokens.used);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has already been used. Please request a new one.',
    );
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.getByText(/Ask your administrator for a new invitation/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(api.checks).toEqual([{ token: passwordTokens.used, purpose: 'invite' }]);
    expect(api.requests).toEqual([]);
  });

  it('says an unknown invitation is not valid when it opens', async () => {
    setup(passwordTokens.invalid);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid. Please request a new one.',
    );
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
  });

  it('says an expired invitation has expired when it opens', async () => {
    setup(passwordTokens.expired);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired. Please request a new one.',
    );
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
  });
});
