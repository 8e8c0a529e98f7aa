import { createMemoryStore, createPurchasingClient } from '@purchasing/api-client';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultHrefs } from '../PurchasingProvider/hrefs';
import { usePurchasing } from '../PurchasingProvider/PurchasingProvider';
import { useLinkProps } from '../PurchasingProvider/useLinkProps';
import { useSession } from '../SessionProvider/SessionProvider';
import { adminUser, tokens } from '../test/handlers';
import { PurchasingEmbed } from './PurchasingEmbed';

/** What a screen inside the embed sees: the session, the merged hrefs, a link through navigate. */
function Probe() {
  const session = useSession();
  const { navigation } = usePurchasing();
  const link = useLinkProps(navigation.hrefs.approvalReview('r-1'));
  return (
    <div>
      <p data-testid="status">{session.status}</p>
      <p data-testid="user">{session.user?.first_name ?? 'nobody'}</p>
      <p data-testid="approvals">{navigation.hrefs.approvals()}</p>
      <p data-testid="requisitions">{navigation.hrefs.requisitions()}</p>
      <a {...link}>Review</a>
    </div>
  );
}

const portalClient = () =>
  createPurchasingClient({
    baseUrl: 'http://localhost/api',
    store: createMemoryStore(),
    getAccessToken: async () => tokens.access,
  });

describe('PurchasingEmbed', () => {
  it("signs in with the portal's token, takes its hrefs over the defaults, navigates with its router and themes the screens", async () => {
    const navigate = vi.fn();
    const { container } = render(
      <PurchasingEmbed
        client={portalClient()}
        navigate={navigate}
        hrefs={{ approvals: () => '/tasks', approvalReview: (id) => `/tasks/${id}` }}
        theme={{ accentColor: 'crimson', radius: 'full' }}
      >
        <Probe />
      </PurchasingEmbed>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
    expect(screen.getByTestId('user').textContent).toBe(adminUser.first_name);
    expect(screen.getByTestId('approvals').textContent).toBe('/tasks');
    expect(screen.getByTestId('requisitions').textContent).toBe(defaultHrefs.requisitions());
    const link = screen.getByRole('link', { name: 'Review' });
    expect(link.getAttribute('href')).toBe('/tasks/r-1');
    await userEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/tasks/r-1', undefined);
    const theme = container.querySelector('.radix-themes');
    expect(theme?.getAttribute('data-accent-color')).toBe('crimson');
    expect(theme?.getAttribute('data-radius')).toBe('full');
    expect(theme?.getAttribute('data-has-background')).toBe('false');
  });

  it('renders no theme of its own when the portal has one (theme={false})', async () => {
    const { container } = render(
      <PurchasingEmbed client={portalClient()} navigate={vi.fn()} theme={false}>
        <Probe />
      </PurchasingEmbed>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
    expect(container.querySelector('.radix-themes')).toBeNull();
  });
});
