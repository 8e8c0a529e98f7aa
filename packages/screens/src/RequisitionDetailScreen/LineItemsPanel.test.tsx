import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApprovalReviewScreen } from '../ApprovalReviewScreen';
import { renderScreen } from '../test/render';
import { buildRequisition, createRequisitionApi, taxedRequisition } from '../test/requisitionHandlers';
import { server } from '../test/server';
import { RequisitionDetailScreen } from './RequisitionDetailScreen';

/** The line items table's footer rows as text ('Subtotal$4,500.00', 'Tax…', 'Total…'). */
async function footer() {
  const table = await screen.findByRole('table', { name: 'Line items' });
  const rows = within(table).getAllByRole('row');
  return rows.slice(-3).map((row) => row.textContent);
}

describe('the line items of a taxed requisition (issue 19, item 9)', () => {
  it.each([
    ['the detail', (id: string) => <RequisitionDetailScreen requisitionId={id} />],
    ['the approval review', (id: string) => <ApprovalReviewScreen requisitionId={id} />],
  ])(
    'shows on %s the subtotal, tax and total, and each taxed line’s tax with its rate',
    async (_name, render) => {
      const requisition = taxedRequisition(2, { status: 'under_review' });
      server.use(...createRequisitionApi([requisition]).handlers);
      renderScreen(render(requisition.id), { signedIn: true });

      expect(await footer()).toEqual(['Subtotal$4,500.00', 'Tax$439.80', 'Total$4,939.80']);
      const table = within(screen.getByRole('table', { name: 'Line items' }));
      expect(table.getByText('incl. $439.80 tax at 10%')).toBeInTheDocument();
      expect(table.getAllByText(/tax/)).toHaveLength(1);
    },
  );

  it('writes a tax given as an amount without a rate', async () => {
    const base = buildRequisition(3);
    const [laptops, bag] = base.line_items;
    const requisition = buildRequisition(3, {
      line_items: [laptops!, { ...bag!, tax_amount: 5, total_amount: 107 }],
      total_amount: 4_505,
    });
    server.use(...createRequisitionApi([requisition]).handlers);
    renderScreen(<RequisitionDetailScreen requisitionId={requisition.id} />, { signedIn: true });
    expect(await footer()).toContain('Tax$5.00');
    expect(screen.getByText('incl. $5.00 tax')).toBeInTheDocument();
  });

  it('shows the total alone when no line carries tax', async () => {
    const requisition = buildRequisition(4);
    server.use(...createRequisitionApi([requisition]).handlers);
    renderScreen(<RequisitionDetailScreen requisitionId={requisition.id} />, { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Line items' });
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('Total$4,500.00');
    expect(within(table).queryByText('Subtotal')).not.toBeInTheDocument();
    expect(within(table).queryByText('Tax')).not.toBeInTheDocument();
  });
});
