import type { Schemas } from '@purchasing/api-client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, meHandler, plainUser } from '../test/handlers';
import { renderScreen } from '../test/render';
import { futureDate, line, recordCalls } from '../test/requisitionForm';
import { attachmentDeleteHandler, buildRequisition, createRequisitionApi } from '../test/requisitionHandlers';
import { server } from '../test/server';
import { EditRequisitionScreen } from './RequisitionFormScreen';

describe('EditRequisitionScreen', () => {
  function setupEdit(requisition: Schemas['Requisition'], ...overrides: Parameters<typeof server.use>) {
    const api = createRequisitionApi([requisition]);
    const recorder = recordCalls();
    server.use(meHandler(plainUser), ...api.handlers);
    server.use(...recorder.handlers, ...overrides);
    return {
      ...renderScreen(<EditRequisitionScreen requisitionId={requisition.id} />, { signedIn: true }),
      api,
      calls: recorder.calls,
    };
  }

  it('prefills the form from the requisition', async () => {
    const requisition = buildRequisition(1, { delivery_date: futureDate() });
    setupEdit(requisition);
    expect(await screen.findByRole('heading', { name: 'Edit REQ-2026-00001' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Cost Center' })).toHaveTextContent(
      'CC-200 - Information Technology',
    );
    expect(screen.getByRole('combobox', { name: 'GL Account' })).toHaveTextContent('6400 - IT Equipment');
    expect(within(line(1)).getByRole('textbox', { name: 'Description' })).toHaveValue(
      '14-inch business laptop',
    );
    expect(within(line(1)).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    expect(within(line(2)).getByRole('textbox', { name: 'Description' })).toHaveValue('Laptop bag');
    expect(screen.getByText('$4,500.00', { selector: '[role="status"]' })).toBeInTheDocument();
    expect(screen.queryByText('You have unsaved changes')).not.toBeInTheDocument();
  });

  it('updates a draft with the whole form and opens it', async () => {
    const requisition = buildRequisition(1, { delivery_date: futureDate() });
    const { user, calls, navigate } = setupEdit(requisition);
    const description = await screen.findByRole('textbox', { name: 'Business Justification' });
    await user.clear(description);
    await user.type(description, 'Laptops for the new analysts');
    await user.click(screen.getByRole('button', { name: 'Update Draft' }));

    expect(await screen.findByText('Requisition updated successfully')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      kind: 'update',
      body: {
        justification: 'Laptops for the new analysts',
        currency: 'AUD',
        submit: false,
        line_items: [
          expect.objectContaining({ description: '14-inch business laptop', quantity: 2, tax_amount: 0 }),
          expect.objectContaining({ description: 'Laptop bag' }),
        ],
      },
    });
    expect(navigate).toHaveBeenCalledWith(`/requisitions/${requisition.id}`, { replace: true });
  });

  it('offers Update & Resubmit when information was requested, and resubmits with it', async () => {
    const requisition = buildRequisition(3, { status: 'info_requested', delivery_date: futureDate() });
    const { user, calls } = setupEdit(requisition);
    expect(
      await screen.findByText('An approver has requested additional information for this requisition.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update & Resubmit' }));
    expect(await screen.findByText('Requisition updated and submitted successfully')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ kind: 'update', body: { submit: true } });
  });

  it('warns before saving an approved requisition and saves it with one button', async () => {
    const requisition = buildRequisition(4, { status: 'approved', delivery_date: futureDate() });
    const { user, calls, navigate } = setupEdit(requisition);
    expect(
      await screen.findByText(
        /Changes that raise the total or change a line send this requisition back for approval\./,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update & Submit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Attachments' })).not.toBeInTheDocument();
    const quantity = within(line(1)).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Requisition updated and sent back for approval')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ kind: 'update', body: { submit: false } });
    expect(navigate).toHaveBeenCalledWith(`/requisitions/${requisition.id}`, { replace: true });
  });

  it('says the approval stands when an approved requisition keeps it', async () => {
    const requisition = buildRequisition(4, { status: 'approved', delivery_date: futureDate() });
    const { user } = setupEdit(requisition);
    const notes = within(await screen.findByRole('region', { name: 'Additional Notes' })).getByRole(
      'textbox',
      { name: 'Notes' },
    );
    await user.type(notes, 'Deliver to reception');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Requisition updated; it stays approved')).toBeInTheDocument();
  });

  it('offers Update & Submit for a draft', async () => {
    setupEdit(buildRequisition(1, { delivery_date: futureDate() }));
    expect(await screen.findByRole('button', { name: 'Update & Submit' })).toBeInTheDocument();
  });

  it('shows the update failure with the default text', async () => {
    const requisition = buildRequisition(1, { delivery_date: futureDate() });
    const { user, navigate } = setupEdit(
      requisition,
      http.put('/requisitions/{id}', () => new Response(null, { status: 500 })),
    );
    await user.click(await screen.findByRole('button', { name: 'Update Draft' }));
    expect(await screen.findByText('Failed to update requisition')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves for the detail page with an error when the requisition is under review', async () => {
    const requisition = buildRequisition(2, { status: 'under_review' });
    const { navigate } = setupEdit(requisition);
    expect(await screen.findByText('You cannot edit this requisition')).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith(`/requisitions/${requisition.id}`, { replace: true });
    expect(screen.queryByRole('button', { name: 'Update Draft' })).not.toBeInTheDocument();
  });

  it('leaves for the detail page when the user is not the requestor', async () => {
    const requisition = buildRequisition(1);
    const api = createRequisitionApi([requisition]);
    server.use(...api.handlers);
    const { navigate } = renderScreen(<EditRequisitionScreen requisitionId={requisition.id} />, {
      signedIn: true,
    });
    expect(await screen.findByText('You cannot edit this requisition')).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith(`/requisitions/${requisition.id}`, { replace: true });
  });

  it('says the requisition was not found on a 404', async () => {
    const api = createRequisitionApi([]);
    server.use(meHandler(plainUser), ...api.handlers);
    renderScreen(<EditRequisitionScreen requisitionId="00000000-0000-4000-8000-000000009999" />, {
      signedIn: true,
    });
    expect(
      await screen.findByText("Requisition not found or you don't have permission to edit it."),
    ).toBeInTheDocument();
  });

  it('removes an attached file after confirmation', async () => {
    const requisition = buildRequisition(1, {
      delivery_date: futureDate(),
      attachments: [
        {
          id: '00000000-0000-4000-8000-000000001501',
          file_name: 'quote.pdf',
          file_size: 48_213,
          content_type: 'application/pdf',
          uploaded_at: '2026-11-14T09:05:00.000Z',
        },
      ],
    });
    const api = createRequisitionApi([requisition]);
    server.use(meHandler(plainUser), ...api.handlers, attachmentDeleteHandler(api.requisitions));
    const { user } = renderScreen(<EditRequisitionScreen requisitionId={requisition.id} />, {
      signedIn: true,
    });
    const attached = await screen.findByRole('list', { name: 'Attached files' });
    await user.click(within(attached).getByRole('button', { name: 'Remove quote.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('quote.pdf removed')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
    expect(api.requisitions[0]?.attachments).toEqual([]);
  });

  it('uploads new files after the update', async () => {
    const requisition = buildRequisition(1, { delivery_date: futureDate() });
    const { user, calls } = setupEdit(requisition);
    await screen.findByRole('button', { name: 'Update Draft' });
    await user.upload(
      screen.getByLabelText('Browse'),
      new File(['%PDF'], 'spec.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Update Draft' }));
    expect(await screen.findByText('Requisition updated successfully')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ kind: 'update' }),
      { kind: 'upload', entityId: requisition.id, body: 1 },
    ]);
  });
});
