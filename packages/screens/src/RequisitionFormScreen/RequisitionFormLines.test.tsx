import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { createRequisitionApi } from '../test/requisitionHandlers';
import { server } from '../test/server';
import { CreateRequisitionScreen } from './RequisitionFormScreen';
import { estimateTotal } from './requisitionFormSchema';

function setupCreate() {
  server.use(...createRequisitionApi().handlers);
  return renderScreen(<CreateRequisitionScreen />, { signedIn: true });
}

function line(n: number) {
  return screen.getByRole('group', { name: `Item ${n}` });
}

function runningTotal() {
  return screen.getByText(/^-?\$/, { selector: '[role="status"]' });
}

describe('the requisition form’s lines (issue 19, item 9)', () => {
  it('keeps a quantity of 0, says why on blur and leaves the line out of the running total', async () => {
    const { user } = setupCreate();
    const item = await screen.findByRole('group', { name: 'Item 1' });
    const price = within(item).getByRole('spinbutton', { name: 'Unit Price' });
    await user.clear(price);
    await user.type(price, '100');
    const quantity = within(item).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.tab();

    expect(quantity).toHaveValue('0');
    expect(await within(item).findByText('Quantity must be at least 1')).toBeInTheDocument();
    expect(within(item).getByText('—')).toBeInTheDocument();
    expect(runningTotal()).toHaveTextContent('$0.00');

    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.tab();
    expect(within(item).queryByText('Quantity must be at least 1')).not.toBeInTheDocument();
    expect(runningTotal()).toHaveTextContent('$300.00');
  });

  it('says a negative price is refused on blur and does not let it lower the total', async () => {
    const { user } = setupCreate();
    await screen.findByRole('group', { name: 'Item 1' });
    const first = within(line(1)).getByRole('spinbutton', { name: 'Unit Price' });
    await user.clear(first);
    await user.type(first, '40');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    const second = within(line(2)).getByRole('spinbutton', { name: 'Unit Price' });
    await user.clear(second);
    await user.type(second, '-5');
    await user.tab();

    expect(await within(line(2)).findByText('Unit price cannot be negative')).toBeInTheDocument();
    expect(runningTotal()).toHaveTextContent('$40.00');
  });

  it('estimates only the lines whose quantity and price pass the rules', () => {
    expect(
      estimateTotal([
        { quantity: 2, unit_price: 10, tax_amount: 0 },
        { quantity: 0, unit_price: 10, tax_amount: 0 },
        { quantity: 1, unit_price: -5, tax_amount: 0 },
        { quantity: null, unit_price: 3, tax_amount: 0 },
        { quantity: 1.5, unit_price: 3, tax_amount: 0 },
      ]),
    ).toBe(20);
  });
});
