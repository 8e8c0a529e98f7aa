import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Breadcrumb } from './Breadcrumb';

const items = [
  { label: 'Dashboard', href: '/dashboard' },
  { label: 'Requisitions', href: '/requisitions' },
  { label: 'REQ-2024-0001' },
];

describe('Breadcrumb', () => {
  it("is a navigation landmark named 'Breadcrumb' with the items in order", () => {
    render(<Breadcrumb items={items} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const listItems = within(within(nav).getByRole('list')).getAllByRole('listitem');
    expect(listItems.map((item) => item.textContent)).toEqual(['Dashboard', 'Requisitions', 'REQ-2024-0001']);
  });

  it('renders items with an href as real links', () => {
    render(<Breadcrumb items={items} />);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Requisitions' })).toHaveAttribute('href', '/requisitions');
  });

  it('marks the last item as the current page and only that one', () => {
    render(<Breadcrumb items={items} />);
    expect(screen.getByText('REQ-2024-0001')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'REQ-2024-0001' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Requisitions' })).not.toHaveAttribute('aria-current');
  });

  it('keeps a link on the last item when it has an href, marked as the current page', () => {
    render(<Breadcrumb items={[{ label: 'Users', href: '/users' }]} />);
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows an item without an href as plain text', () => {
    render(<Breadcrumb items={[{ label: 'Administration' }, { label: 'Users', href: '/users' }]} />);
    expect(screen.queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
    expect(screen.getByText('Administration')).not.toHaveAttribute('aria-current');
  });

  it('hands a plain click to onNavigate instead of loading the page', async () => {
    const onNavigate = vi.fn();
    render(<Breadcrumb items={items} onNavigate={onNavigate} />);
    await userEvent.click(screen.getByRole('link', { name: 'Requisitions' }));
    expect(onNavigate).toHaveBeenCalledWith('/requisitions');
  });

  it('leaves ctrl- and cmd-clicks to the browser so the link can open in a new tab', () => {
    const onNavigate = vi.fn();
    render(<Breadcrumb items={items} onNavigate={onNavigate} />);
    const link = screen.getByRole('link', { name: 'Requisitions' });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { metaKey: true })).toBe(true);
    expect(onNavigate).not.toHaveBeenCalled();
  });
});
