import { requisitionQueries, type Schemas } from '@purchasing/api-client';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, organizationsHandler } from '../../test/handlers';
import { renderScreen } from '../../test/render';
import { buildRequisition, createRequisitionApi } from '../../test/requisitionHandlers';
import { server } from '../../test/server';
import { DetailLayout, DetailScreen } from './DetailScreen';
import { Field, FieldList, NOT_SPECIFIED } from './Field';
import { FileName, splitExtension } from './FileName';
import { LineItemsTable } from './LineItemsTable';
import { useDetailScreen } from './useDetailScreen';

type Requisition = Schemas['Requisition'];

const messages = {
  loading: 'Loading thing',
  noOrganization: 'Choose an organisation',
  notFound: 'Thing not found',
  notFoundDescription: 'It may have been deleted.',
  loadFailed: 'Failed to load the thing.',
};

/** A detail of any record: the kit's mechanics with a requisition as the record. */
function ThingScreen({ id }: { id: string }) {
  const state = useDetailScreen({ query: requisitionQueries.detail, pick: (body) => body.requisition, id });
  return (
    <DetailScreen
      state={state}
      backTo={{ label: 'Things', href: '/things', backLabel: 'Back to Things' }}
      crumb={(record: Requisition) => record.requisition_number}
      placeholder="Thing"
      messages={messages}
    >
      {(record) => (
        <DetailLayout
          title={record.requisition_number}
          subtitle="A subtitle"
          actions={<button type="button">Act</button>}
          main={<p>Main of {record.requisition_number}</p>}
          aside={<p>Aside</p>}
          history={<p>History</p>}
        />
      )}
    </DetailScreen>
  );
}

function serveWith(status: number) {
  let calls = 0;
  server.use(
    http.get('/requisitions/{id}', ({ response }) => {
      calls += 1;
      return response(status as 404).json({ message: 'No', code: 'NOT_FOUND', details: [] });
    }),
  );
  return () => calls;
}

describe('the detail kit', () => {
  it('shows the loaded record under a breadcrumb back to its list, with its heading, actions and panels', async () => {
    const record = buildRequisition(1);
    server.use(...createRequisitionApi([record]).handlers);
    renderScreen(<ThingScreen id={record.id} />, { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: record.requisition_number })).toBeVisible();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Things' })).toHaveAttribute('href', '/things');
    expect(within(trail).getByText(record.requisition_number)).toHaveAttribute('aria-current', 'page');
    for (const text of ['A subtitle', `Main of ${record.requisition_number}`, 'Aside', 'History']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Act' })).toBeInTheDocument();
  });

  it('shows a spinner named by the screen while loading, with the placeholder crumb', async () => {
    server.use(...createRequisitionApi([buildRequisition(1)]).handlers);
    renderScreen(<ThingScreen id={buildRequisition(1).id} />, { signedIn: true });
    expect(await screen.findByRole('status', { name: 'Loading thing' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Thing'),
    ).toBeInTheDocument();
  });

  it.each([404, 400])('reads %d as not found: asked once, a way back and no Retry', async (status) => {
    const calls = serveWith(status);
    renderScreen(<ThingScreen id="not-a-uuid" />, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Thing not found' })).toBeInTheDocument();
    expect(screen.getByText('It may have been deleted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Things' })).toHaveAttribute('href', '/things');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(calls()).toBe(1);
  });

  it('shows any other failure with a Retry that asks again', async () => {
    serveWith(500);
    const { user } = renderScreen(<ThingScreen id={buildRequisition(1).id} />, { signedIn: true });
    expect(await screen.findByText('Failed to load the thing.')).toBeInTheDocument();
    server.use(...createRequisitionApi([buildRequisition(1)]).handlers);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(`Main of ${buildRequisition(1).requisition_number}`)).toBeInTheDocument();
  });

  it('asks to choose an organisation when the user has none', async () => {
    server.use(organizationsHandler([]));
    renderScreen(<ThingScreen id={buildRequisition(1).id} />, { signedIn: true });
    expect(await screen.findByText('Choose an organisation')).toBeInTheDocument();
  });
});

describe('the detail kit panels', () => {
  it('reads a missing field as Not specified', () => {
    render(
      <FieldList>
        <Field label="Delivery Date">{null}</Field>
        <Field label="Notes">{'  '}</Field>
        <Field label="Category">Standard</Field>
      </FieldList>,
    );
    expect(screen.getAllByText(NOT_SPECIFIED)).toHaveLength(2);
    expect(screen.getByText('Standard')).toBeInTheDocument();
  });

  it.each([
    ['quote.pdf', ['quote', '.pdf']],
    ['quote.final.xlsx', ['quote.final', '.xlsx']],
    ['README', ['README', '']],
    ['.env', ['.env', '']],
    ['a.verylongextension', ['a.verylongextension', '']],
  ])('splits %s into its stem and extension', (name, parts) => {
    expect(splitExtension(name)).toEqual(parts);
  });

  // Issue 19 item 6: a long name is cut before its extension, never through it.
  it('keeps the extension of a long file name apart from the part that is cut, and reads the whole name', () => {
    const name = 'Quotation for the ergonomic workstations of the fourth floor, revision 3.pdf';
    const { container } = render(<FileName name={name} />);
    expect(screen.getByText(name)).toBeInTheDocument();
    const extension = container.querySelector('[data-file-extension]');
    expect(extension).toHaveTextContent(/^\.pdf$/);
    expect(extension).toHaveStyle({ flexShrink: '0' });
  });

  // Issue 19 item 6: on a phone the line's facts move under the description, beside the total column.
  it('repeats the middle columns under the description for narrow panels, and keeps the total column', () => {
    render(
      <LineItemsTable
        lines={[{ id: '1', name: 'Desk', qty: 2, total: '$10.00' }]}
        lineKey={(line) => line.id}
        description={(line) => line.name}
        narrow={(line) => `${line.qty} each`}
        columns={[{ header: 'Quantity', numeric: true, cell: (line) => line.qty }]}
        totalHeader="Total"
        total={(line) => line.total}
        footerTotal="$10.00"
      />,
    );
    const table = screen.getByRole('table', { name: 'Line items' });
    const [header, row, footer] = within(table).getAllByRole('row');
    expect(within(header as HTMLElement).getByRole('columnheader', { name: 'Quantity' })).toHaveAttribute(
      'data-wide-only',
    );
    expect(within(header as HTMLElement).getByRole('columnheader', { name: 'Total' })).not.toHaveAttribute(
      'data-wide-only',
    );
    expect(within(row as HTMLElement).getByText('2 each')).toHaveAttribute('data-narrow-only');
    expect(footer).toHaveTextContent('Total$10.00');
  });
});
