import { Theme } from '@radix-ui/themes';
import { composeStories } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { getPageWindow, Pager, type PagerProps } from './Pager';
import * as stories from './Pager.stories';

function renderPager(props: Partial<PagerProps> = {}) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  render(
    <Theme>
      <Pager
        page={1}
        pageSize={10}
        total={95}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
        {...props}
      />
    </Theme>,
  );
  return { onPageChange, onPageSizeChange, nav: screen.getByRole('navigation', { name: 'Pagination' }) };
}

const pageNumbers = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);

describe('Pager', () => {
  it("says 'Showing X to Y of Z results' for the current page", () => {
    renderPager({ page: 3, total: 95 });
    expect(screen.getByRole('status')).toHaveTextContent('Showing 21 to 30 of 95 results');
  });

  it('ends the range at the total on the last page', () => {
    renderPager({ page: 10, total: 95 });
    expect(screen.getByRole('status')).toHaveTextContent('Showing 91 to 95 of 95 results');
  });

  it("says 'Showing 0 to 0 of 0 results' with no results, shows no page number and disables every button", () => {
    const { nav } = renderPager({ total: 0 });
    expect(screen.getByRole('status')).toHaveTextContent('Showing 0 to 0 of 0 results');
    expect(within(nav).queryByRole('button', { name: /^Page/ })).not.toBeInTheDocument();
    for (const button of within(nav).getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('groups large numbers in the summary', () => {
    renderPager({ page: 2, pageSize: 100, total: 12345 });
    expect(screen.getByRole('status')).toHaveTextContent('Showing 101 to 200 of 12,345 results');
  });

  it('is a navigation landmark named Pagination that marks the current page', () => {
    const { nav } = renderPager({ page: 4 });
    expect(within(nav).getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 3' })).not.toHaveAttribute('aria-current');
  });

  it('shows at most five page buttons, in a window around the current page', () => {
    expect(pageNumbers(renderPager({ page: 6, total: 200 }).nav)).toEqual(['4', '5', '6', '7', '8']);
  });

  it('shifts the window instead of shrinking it near the first and last pages', () => {
    expect(getPageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(getPageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(getPageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(getPageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows every page when there are fewer than five', () => {
    expect(pageNumbers(renderPager({ total: 23 }).nav)).toEqual(['1', '2', '3']);
  });

  it('disables First and Previous on the first page and Next and Last on the last', () => {
    const { nav } = renderPager({ page: 1, total: 95 });
    expect(within(nav).getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(within(nav).getByRole('button', { name: 'Last page' })).toBeEnabled();
  });

  it('disables Next and Last on the last page', () => {
    const { nav } = renderPager({ page: 10, total: 95 });
    expect(within(nav).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'First page' })).toBeEnabled();
  });

  it('asks for the first, previous, next, last and a numbered page', async () => {
    const user = userEvent.setup();
    const { nav, onPageChange } = renderPager({ page: 5, total: 200 });
    await user.click(within(nav).getByRole('button', { name: 'First page' }));
    await user.click(within(nav).getByRole('button', { name: 'Previous page' }));
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    await user.click(within(nav).getByRole('button', { name: 'Last page' }));
    await user.click(within(nav).getByRole('button', { name: 'Page 7' }));
    expect(onPageChange.mock.calls).toEqual([[1], [4], [6], [20], [7]]);
  });

  it('does not ask for the page already shown', async () => {
    const { nav, onPageChange } = renderPager({ page: 2 });
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    const { nav, onPageChange } = renderPager({ page: 1 });
    within(nav).getByRole('button', { name: 'Page 1' }).focus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('offers page sizes 10, 25, 50 and 100 in a labelled select, then returns to page 1', async () => {
    const user = userEvent.setup();
    const { onPageSizeChange, onPageChange } = renderPager({ page: 3 });
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(select).toHaveTextContent('10');
    await user.click(select);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10', '25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '50' }));
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('hides the page size select without onPageSizeChange', () => {
    renderPager({ onPageSizeChange: undefined });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('shows a page past the end as the last page', () => {
    const { nav } = renderPager({ page: 12, total: 95 });
    expect(screen.getByRole('status')).toHaveTextContent('Showing 91 to 95 of 95 results');
    expect(within(nav).getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
  });

  describe('with a capped total', () => {
    it("reads 'of 10,000+ results', grouping the number as usual", () => {
      renderPager({ page: 3, total: 10_000, totalCapped: true, pageRowCount: 10 });
      expect(screen.getByRole('status')).toHaveTextContent('Showing 21 to 30 of 10,000+ results');
    });

    it('disables Last, whose page is unknown, and keeps Next while the page is full', () => {
      const { nav } = renderPager({ page: 3, total: 10_000, totalCapped: true, pageRowCount: 10 });
      expect(within(nav).getByRole('button', { name: 'Last page' })).toBeDisabled();
      expect(within(nav).getByRole('button', { name: 'Next page' })).toBeEnabled();
    });

    it('goes past the counted rows while pages are full', async () => {
      const { nav, onPageChange } = renderPager({
        page: 1001,
        total: 10_000,
        totalCapped: true,
        pageRowCount: 10,
      });
      expect(screen.getByRole('status')).toHaveTextContent('Showing 10,001 to 10,010 of 10,000+ results');
      expect(pageNumbers(nav)).toEqual(['998', '999', '1000', '1001', '1002']);
      expect(within(nav).getByRole('button', { name: 'Page 1001' })).toHaveAttribute('aria-current', 'page');
      await userEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
      expect(onPageChange).toHaveBeenCalledWith(1002);
    });

    it('ends the range with the rows of a short page and disables Next there', () => {
      const { nav } = renderPager({ page: 1235, total: 10_000, totalCapped: true, pageRowCount: 4 });
      expect(screen.getByRole('status')).toHaveTextContent('Showing 12,341 to 12,344 of 10,000+ results');
      expect(within(nav).getByRole('button', { name: 'Next page' })).toBeDisabled();
      expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeEnabled();
      expect(pageNumbers(nav)).toEqual(['1231', '1232', '1233', '1234', '1235']);
    });

    it('assumes full pages up to the counted total without pageRowCount', () => {
      const { nav } = renderPager({ page: 1000, total: 10_000, totalCapped: true });
      expect(screen.getByRole('status')).toHaveTextContent('Showing 9,991 to 10,000 of 10,000+ results');
      // A capped count means more than 10,000 rows: page 1,001 exists.
      expect(within(nav).getByRole('button', { name: 'Next page' })).toBeEnabled();
      expect(pageNumbers(nav)).toEqual(['997', '998', '999', '1000', '1001']);
    });

    it('does not cap the summary when the total is exact', () => {
      renderPager({ page: 1, total: 10_000, totalCapped: false });
      expect(screen.getByRole('status')).toHaveTextContent('Showing 1 to 10 of 10,000 results');
    });
  });
});

describe('Pager stories', () => {
  it.each(Object.entries(composeStories(stories)))(
    '%s renders without console errors or axe violations',
    async (_name, Story) => {
      const error = vi.spyOn(console, 'error');
      const { container } = render(
        <Theme>
          <Story />
        </Theme>,
      );
      // jsdom cannot compute colours; contrast comes from Radix defaults.
      const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(result.violations.map((violation) => violation.id)).toEqual([]);
      expect(error).not.toHaveBeenCalled();
      error.mockRestore();
    },
  );
});
