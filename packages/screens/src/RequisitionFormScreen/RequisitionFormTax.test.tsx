import type { Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http } from '../test/handlers';
import { renderScreen } from '../test/render';
import { createRequisitionApi, taxedRequisition } from '../test/requisitionHandlers';
import { server } from '../test/server';
import { CreateRequisitionScreen } from './RequisitionFormScreen';
import {
  estimateLineTax,
  estimateTotals,
  requisitionFormSchema,
  requisitionToFormValues,
  toRequisitionInput,
} from './requisitionFormSchema';

function setupCreate() {
  const sent: Schemas['RequisitionInput'][] = [];
  server.use(
    http.post('/requisitions', async ({ request }) => {
      sent.push(await request.clone().json());
      return undefined;
    }),
    ...createRequisitionApi().handlers,
  );
  return { sent, ...renderScreen(<CreateRequisitionScreen />, { signedIn: true }) };
}

const runningTotal = () => screen.getByText(/^-?\$/, { selector: '[role="status"]' });

describe('a line’s tax rate on the requisition form (issue 19, item 9)', () => {
  it('computes the line’s tax from Tax %, shows it under the field and breaks the running total down', async () => {
    const { user } = setupCreate();
    const item = await screen.findByRole('group', { name: 'Item 1' });
    const price = within(item).getByRole('spinbutton', { name: 'Unit Price' });
    await user.clear(price);
    await user.type(price, '2199');
    expect(screen.queryByText(/^Subtotal/)).not.toBeInTheDocument();

    await user.type(within(item).getByRole('spinbutton', { name: 'Tax %' }), '10');
    await user.tab();

    expect(within(item).getByText('Tax: $219.90')).toBeInTheDocument();
    expect(within(item).getByText('$2,418.90')).toBeInTheDocument();
    expect(runningTotal()).toHaveTextContent('$2,418.90');
    expect(screen.getByText('Subtotal $2,199.00 · Tax $219.90')).toBeInTheDocument();
  });

  it('says a rate above 100 is refused on blur and leaves the line out of the running total', async () => {
    const { user } = setupCreate();
    const item = await screen.findByRole('group', { name: 'Item 1' });
    const price = within(item).getByRole('spinbutton', { name: 'Unit Price' });
    await user.clear(price);
    await user.type(price, '100');
    const rate = within(item).getByRole('spinbutton', { name: 'Tax %' });
    await user.type(rate, '150');
    await user.tab();

    expect(await within(item).findByText('Tax rate must be between 0 and 100')).toBeInTheDocument();
    expect(within(item).getByText('—')).toBeInTheDocument();
    expect(runningTotal()).toHaveTextContent('$0.00');

    await user.clear(rate);
    await user.type(rate, '12.5');
    await user.tab();
    expect(within(item).queryByText('Tax rate must be between 0 and 100')).not.toBeInTheDocument();
    expect(runningTotal()).toHaveTextContent('$112.50');
  });

  it('sends the rate and not an amount, so the server computes the tax', async () => {
    const { user, sent } = setupCreate();
    const item = await screen.findByRole('group', { name: 'Item 1' });
    await user.click(screen.getByRole('combobox', { name: 'Cost Center' }));
    await user.click(await screen.findByRole('option', { name: 'CC-100 - Operations' }));
    await user.click(screen.getByRole('combobox', { name: 'GL Account' }));
    await user.click(await screen.findByRole('option', { name: '6100 - Office Supplies' }));
    await user.type(within(item).getByRole('textbox', { name: 'Description' }), 'Desk');
    const price = within(item).getByRole('spinbutton', { name: 'Unit Price' });
    await user.clear(price);
    await user.type(price, '450');
    await user.type(within(item).getByRole('spinbutton', { name: 'Tax %' }), '10');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    const [line] = sent[0]?.line_items ?? [];
    expect(line).toMatchObject({ description: 'Desk', unit_price: 450, tax_rate: 10 });
    expect(line).not.toHaveProperty('tax_amount');
  });
});

describe('the form’s tax arithmetic', () => {
  it('rounds a rate’s tax half up to the cent, exactly, as the server does', () => {
    expect(estimateLineTax({ quantity: 3, unit_price: 33.33, tax_amount: 0, tax_rate: 7.5 })).toBe(7.5);
    expect(estimateLineTax({ quantity: 1, unit_price: 0.05, tax_amount: 0, tax_rate: 10 })).toBe(0.01);
    expect(estimateLineTax({ quantity: 1, unit_price: 0.04, tax_amount: 0, tax_rate: 10 })).toBe(0);
    expect(estimateLineTax({ quantity: 2, unit_price: 10, tax_amount: 1.5, tax_rate: null })).toBe(1.5);
  });

  it('counts neither the price nor the tax of a line whose rate is refused', () => {
    expect(
      estimateTotals([
        { quantity: 1, unit_price: 100, tax_amount: 0, tax_rate: 10 },
        { quantity: 1, unit_price: 50, tax_amount: 0, tax_rate: 101 },
        { quantity: 1, unit_price: 50, tax_amount: 0, tax_rate: 10.0005 },
        { quantity: 2, unit_price: 10, tax_amount: 1.5, tax_rate: null },
      ]),
    ).toEqual({ subtotal: 120, tax: 11.5, total: 131.5 });
  });

  it('edits a line with a rate by its rate, and keeps an amount given without one', () => {
    const values = requisitionToFormValues(
      taxedRequisition(1, {
        line_items: [
          ...taxedRequisition(1).line_items.slice(0, 1),
          { ...taxedRequisition(1).line_items[1]!, tax_amount: 5, total_amount: 107 },
        ],
      }),
    );
    expect(values.line_items.map((line) => [line.tax_rate, line.tax_amount])).toEqual([
      [10, 0],
      [null, 5],
    ]);
    const input = toRequisitionInput(requisitionFormSchema.parse(values), { submit: false });
    expect(input.line_items.map(({ tax_rate, tax_amount }) => ({ tax_rate, tax_amount }))).toEqual([
      { tax_rate: 10, tax_amount: undefined },
      { tax_rate: undefined, tax_amount: 5 },
    ]);
  });
});
