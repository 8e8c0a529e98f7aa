import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Card } from './Card';

describe('Card', () => {
  it('is a real link to its href, named by its title and description', () => {
    render(
      <Card title="New Requisition" description="Raise a purchase request" href="/requisitions/create" />,
    );
    const link = screen.getByRole('link', { name: /New Requisition/ });
    expect(link).toHaveAttribute('href', '/requisitions/create');
    expect(link).toHaveTextContent('Raise a purchase request');
  });

  it('passes clicks on the link to onClick so the host can navigate in-app', async () => {
    const onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(<Card title="Approvals" href="/approvals" onClick={onClick} />);
    await userEvent.click(screen.getByRole('link', { name: 'Approvals' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('renders no link without an href', () => {
    render(<Card title="Summary" description="Plain panel" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Summary')).toBeInTheDocument();
  });
});
