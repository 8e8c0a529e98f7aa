import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createEmailDecisionApi, decisionTokens } from '../test/emailDecisionHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { EmailDecisionScreen } from './EmailDecisionScreen';

function setup(token: string) {
  const api = createEmailDecisionApi();
  server.use(...api.handlers);
  return { ...renderScreen(<EmailDecisionScreen token={token} />, { signedIn: false }), api };
}

describe('EmailDecisionScreen', () => {
  it('shows the requisition and approves only when the button is pressed', async () => {
    const { user, api } = setup(decisionTokens.approve);
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect(screen.getByRole('heading', { level: 1, name: 'Approve requisition' })).toBeInTheDocument();
    expect(screen.getByText('REQ-2026-00042')).toBeInTheDocument();
    expect(screen.getByText('Uma User')).toBeInTheDocument();
    expect(screen.getByText('$2,400.00')).toBeInTheDocument();
    expect(api.posts).toEqual([]); // opening the page never decides
    await user.click(approve);
    expect(await screen.findByText('Approved by Mark Manager on 27 Nov 2026.')).toBeInTheDocument();
    expect(api.posts).toEqual([{ token: decisionTokens.approve, body: { comment: null } }]);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('asks for the reason before rejecting, then sends it', async () => {
    const { user, api } = setup(decisionTokens.reject);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Say why you reject it.')).toBeInTheDocument();
    expect(api.posts).toEqual([]);
    await user.type(screen.getByLabelText(/Reason for rejecting/), '  Use the preferred supplier. ');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Rejected by Mark Manager on 27 Nov 2026.')).toBeInTheDocument();
    expect(api.posts).toEqual([
      { token: decisionTokens.reject, body: { comment: 'Use the preferred supplier.' } },
    ]);
  });

  it.each([
    [decisionTokens.used, 'Approved by Mark Manager on 27 Nov 2026.'],
    [decisionTokens.expired, 'This link has expired. You can still decide in the app.'],
    [decisionTokens.decided, 'Already approved by Mark Manager on 27 Nov 2026.'],
    [decisionTokens.delegated, 'This step was delegated to Olivia Other.'],
    [decisionTokens.closed, 'This requisition is no longer awaiting this decision.'],
    [decisionTokens.invalid, 'This link is not valid.'],
  ])('says what happened to link %s, with no button', async (token, message) => {
    setup(token);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', '/login');
  });
});
