import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createPasswordApi,
  passwordServiceDownHandlers,
  passwordTokens,
  tokenCheckPassesHandler,
} from '../test/departmentHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { ResetPasswordScreen } from './ResetPasswordScreen';

function setup(token: string, { signedIn = false, overrides = [] as Parameters<typeof server.use> } = {}) {
  const api = createPasswordApi();
  // server.use puts the newest handlers first: the overrides go in last so they win.
  server.use(...api.handlers);
  server.use(...overrides);
  return { ...renderScreen(<ResetPasswordScreen token={token} />, { signedIn }), api };
}

const newPassword = () => screen.getByLabelText('New password', { selector: 'input' });
const confirmation = () => screen.getByLabelText('Confirm new password', { selector: 'input' });
/** Waits for the form, shown once the link has been checked. */
const opened = () => screen.findByLabelText('New password', { selector: 'input' });

describe('ResetPasswordScreen', () => {
  it('sets the new password and sends the user to sign in with a toast', async () => {
    const { user, api, navigate } = setup(passwordTokens.valid);
    await opened();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    await user.type(newPassword(), 'Sunshine2026');
    await user.type(confirmation(), 'Sunshine2026');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(
      await screen.findByText('Your password has been reset. Please sign in with your new password.'),
    ).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(api.requests).toEqual([
      { path: '/auth/reset-password', body: { token: passwordTokens.valid, password: 'Sunshine2026' } },
    ]);
  });

  it("applies the document's password rules and checks the confirmation before sending", async () => {
    const { user, api } = setup(passwordTokens.valid);
    await opened();
    const submit = screen.getByRole('button', { name: 'Reset Password' });

    await user.type(newPassword(), 'Short1');
    await user.click(submit);
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();

    await user.clear(newPassword());
    await user.type(newPassword(), 'alllowercase1');
    await user.type(confirmation(), 'alllowercase1');
    await user.click(submit);
    expect(
      await screen.findByText(
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ),
    ).toBeInTheDocument();

    await user.clear(newPassword());
    await user.type(newPassword(), 'Sunshine2026');
    await user.clear(confirmation());
    await user.type(confirmation(), 'Sunshine2025');
    await user.click(submit);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('ticks off the password rules as the user types', async () => {
    const { user } = setup(passwordTokens.valid);
    await opened();
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'At least 8 characters (not met yet)',
      'An uppercase letter (not met yet)',
      'A lowercase letter (not met yet)',
      'A number (not met yet)',
    ]);
    await user.type(newPassword(), 'abcD');
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'At least 8 characters (not met yet)',
      'An uppercase letter (met)',
      'A lowercase letter (met)',
      'A number (not met yet)',
    ]);
  });

  it('says an expired link has expired when it opens, with a link to ask for a new one (issue 19 item 4)', async () => {
    const { api } = setup(passwordTokens.expired);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired. Please request a new one.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
    expect(api.checks).toEqual([{ token: passwordTokens.expired, purpose: 'reset' }]);
    expect(api.requests).toEqual([]);
  });

  it('says a used link has been used when it opens, before asking for a password', async () => {
    setup(passwordTokens.used);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has already been used. Please request a new one.',
    );
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
  });

  it('says an unknown link is not valid when it opens', async () => {
    setup(passwordTokens.invalid);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid. Please request a new one.',
    );
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
  });

  it('still says so when the link is spent between opening and sending', async () => {
    const { user } = setup(passwordTokens.used, { overrides: [tokenCheckPassesHandler()] });
    await user.type(await opened(), 'Sunshine2026');
    await user.type(confirmation(), 'Sunshine2026');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has already been used. Please request a new one.',
    );
  });

  it('says a link without a token is not valid, without asking for a password', () => {
    const { api } = setup('');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid. Please request a new one.');
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
    expect(api.requests).toEqual([]);
    expect(api.checks).toEqual([]);
  });

  it('says the password could not be reset when the server is unavailable, keeping the form', async () => {
    const { user } = setup(passwordTokens.valid, { overrides: passwordServiceDownHandlers() });
    await opened();
    await user.type(newPassword(), 'Sunshine2026');
    await user.type(confirmation(), 'Sunshine2026');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to reset the password. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  });

  it('signs out a session open in this browser before sending the user to sign in', async () => {
    const { user, navigate, store } = setup(passwordTokens.valid, { signedIn: true });
    await opened();
    await user.type(newPassword(), 'Sunshine2026');
    await user.type(confirmation(), 'Sunshine2026');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', { replace: true }));
    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
  });
});
