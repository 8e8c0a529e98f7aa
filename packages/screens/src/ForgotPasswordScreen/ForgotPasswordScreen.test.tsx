import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createPasswordApi,
  forgotPasswordThrottledHandler,
  passwordServiceDownHandlers,
} from '../test/departmentHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';

const CONFIRMATION = 'If an account exists for that address, we have sent a link to reset the password.';

function setup(overrides: Parameters<typeof server.use> = []) {
  const api = createPasswordApi();
  // server.use puts the newest handlers first: the overrides go in last so they win.
  server.use(...api.handlers);
  server.use(...overrides);
  return { ...renderScreen(<ForgotPasswordScreen />), api };
}

describe('ForgotPasswordScreen', () => {
  it('asks for the sign-in address, with a way back to sign in', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it("refuses an invalid address with 'Please enter a valid email address' and sends nothing", async () => {
    const { user, api } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('sends the address and says the same thing whether or not an account has it', async () => {
    const { user, api } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nobody@example.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    expect(screen.getByRole('status')).toHaveTextContent(CONFIRMATION);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send another link' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('nobody@example.test');
    await user.clear(email);
    await user.type(email, 'admin@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(CONFIRMATION);

    expect(api.requests).toEqual([
      { path: '/auth/forgot-password', body: { email: 'nobody@example.test' } },
      { path: '/auth/forgot-password', body: { email: 'admin@acme.test' } },
    ]);
  });

  it("shows the server's message when requests are throttled, keeping the form", async () => {
    const { user } = setup([forgotPasswordThrottledHandler()]);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many password reset requests. Please try again in 42 minutes.',
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('admin@acme.test');
  });

  it('says the link could not be sent when the server is unavailable', async () => {
    const { user } = setup(passwordServiceDownHandlers());
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send the reset link. Please try again.',
    );
    expect(screen.queryByText(CONFIRMATION)).not.toBeInTheDocument();
  });
});
