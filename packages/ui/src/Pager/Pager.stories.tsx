import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { Pager } from './Pager';

const meta = {
  title: 'UI/Pager',
  component: Pager,
  args: { page: 1, pageSize: 10, total: 95, onPageChange: fn(), onPageSizeChange: fn() },
} satisfies Meta<typeof Pager>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first page of a long list: First and Previous are disabled. */
export const Default: Story = {};

/** A page in the middle: the five page buttons are centred on the current page. */
export const MiddlePage: Story = { args: { page: 5 } };

/** The last page: Next and Last are disabled and the range ends at the total. */
export const LastPage: Story = { args: { page: 10 } };

/** Fewer pages than the five buttons. */
export const FewPages: Story = { args: { total: 23 } };

/** No results: 'Showing 0 to 0 of 0 results' and every button disabled. */
export const Empty: Story = { args: { total: 0 } };

/**
 * A huge list whose count stopped at 10,000: the summary reads '10,000+', Last is disabled and Next
 * stays enabled while the page is full.
 */
export const CappedTotal: Story = { args: { page: 3, total: 10_000, totalCapped: true, pageRowCount: 10 } };

/** Without `onPageSizeChange` the page size select is hidden. */
export const WithoutPageSize: Story = { args: { onPageSizeChange: undefined } };

/** Wired to state, as a screen would use it. */
export const Interactive: Story = {
  render: function Render(args) {
    const [page, setPage] = useState(args.page);
    const [pageSize, setPageSize] = useState(args.pageSize);
    return (
      <Pager
        {...args}
        page={page}
        pageSize={pageSize}
        onPageChange={(next) => {
          setPage(next);
          args.onPageChange(next);
        }}
        onPageSizeChange={(size) => {
          setPageSize(size);
          args.onPageSizeChange?.(size);
        }}
      />
    );
  },
  args: { total: 1234 },
};
