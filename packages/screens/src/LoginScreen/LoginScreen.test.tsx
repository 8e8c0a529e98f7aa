import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, DEMO_PASSWORD, http, loginHandler } from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { LoginScreen } from './LoginScreen';

describe('LoginScreen', () => {
  it('greets with Welcome back and links Forgot your password?', async () => {
    renderScreen(<LoginScreen />);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to the purchasing platform')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows the validation messages and sends nothing for an invalid email and an empty password', async () => {
    const { user, navigate } = renderScreen(<LoginScreen />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(navigate).not.toHaveBeenCalled();
  });

  it("reads 'Signing in...' and disables the inputs while signing in", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('/auth/login', async ({ response }) => {
        await gate;
        return response(401).json({
          message: 'Invalid email or password',
          code: 'INVALID_CREDENTIALS',
          details: [],
        });
      }),
    );
    const { user } = renderScreen(<LoginScreen />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@acme.test');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(screen.getByLabelText('Password', { selector: 'input' })).toBeDisabled();

    release();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
  });

  it("toasts the server's message on failure and stays on the page", async () => {
    const { user, navigate, store } = renderScreen(<LoginScreen />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@acme.test');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getAccessToken()).toBeNull();
  });

  it("stores the tokens, toasts 'Welcome back!' and replaces itself with redirectTo", async () => {
    server.use(loginHandler(adminUser));
    const { user, navigate, store } = renderScreen(
      <LoginScreen redirectTo="/approvals?status=pending#top" />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@acme.test');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/approvals?status=pending#top', { replace: true }),
    );
    expect(store.getAccessToken()).toBe('access-token-1');
    expect(store.getRefreshToken()).toBe('refresh-token-1');
  });

  it('goes to the dashboard after signing in when nothing was requested', async () => {
    const { user, navigate } = renderScreen(<LoginScreen />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@acme.test');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), DEMO_PASSWORD);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: true }));
  });

  it('reveals the password with the labelled toggle', async () => {
    const { user } = renderScreen(<LoginScreen />);
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });
});
