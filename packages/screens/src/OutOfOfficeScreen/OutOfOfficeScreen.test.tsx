import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ABSENCE_NOW,
  absenceDelegates,
  comingAbsence,
  createAbsenceApi,
  currentAbsence,
} from '../test/absenceHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { endOf, localDay, startOf } from './absenceDays';
import { OutOfOfficeScreen } from './OutOfOfficeScreen';

function setup(absences?: Parameters<typeof createAbsenceApi>[0]) {
  const api = createAbsenceApi(absences);
  server.use(...api.handlers);
  return { ...renderScreen(<OutOfOfficeScreen now={() => ABSENCE_NOW} />, { signedIn: true }), api };
}

describe('OutOfOfficeScreen', () => {
  it('lists the absences by start, the current one marked, each with its delegate', async () => {
    setup([comingAbsence(), currentAbsence()]);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAttribute('aria-current', 'true');
    expect(within(cards[0]!).getByText('Out of office now')).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('Frank Li approves for you');
    expect(cards[1]).not.toHaveAttribute('aria-current');
    expect(cards[1]).toHaveTextContent('Helen Park approves for you');
    expect(cards[1]).toHaveTextContent('Annual leave.');
  });

  it('says so when not out of office', async () => {
    setup([]);
    expect(await screen.findByText('You are not out of office')).toBeInTheDocument();
  });

  it('checks the form, then sends the days as instants with the delegate, and lists the new absence', async () => {
    const { user, api } = setup([]);
    await screen.findByText('You are not out of office');
    await user.click(screen.getByRole('button', { name: 'Set Out of Office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Out of Office' });
    await user.click(within(dialog).getByRole('button', { name: 'Set Out of Office' }));
    expect(await within(dialog).findByText('Choose your last day away')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose who approves for you')).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Last day away/ }), '2026-12-04');
    await user.click(within(dialog).getByRole('combobox', { name: /Delegate/ }));
    await user.click(screen.getByRole('option', { name: 'Helen Park' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Conference');
    await user.click(within(dialog).getByRole('button', { name: 'Set Out of Office' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/users/me/absences',
        body: {
          starts_at: startOf(localDay(ABSENCE_NOW), ABSENCE_NOW).toISOString(),
          ends_at: endOf('2026-12-04').toISOString(),
          delegate_user_id: absenceDelegates[1]!.id,
          note: 'Conference',
        },
      },
    ]);
    expect(await screen.findByText(/Helen Park approves for you/)).toBeInTheDocument();
  });

  it('shows an overlap on the first day and keeps the dialog open', async () => {
    const { user } = setup([currentAbsence()]);
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Set Out of Office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Out of Office' });
    await user.type(within(dialog).getByRole('textbox', { name: /Last day away/ }), '2026-11-28');
    await user.click(within(dialog).getByRole('combobox', { name: /Delegate/ }));
    await user.click(screen.getByRole('option', { name: 'Frank Li' }));
    await user.click(within(dialog).getByRole('button', { name: 'Set Out of Office' }));
    expect(
      (await within(dialog).findAllByText('You already have an absence at that time.')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('dialog', { name: 'Set Out of Office' })).toBeInTheDocument();
  });

  it('cancels an absence after confirming', async () => {
    const { user, api } = setup([currentAbsence()]);
    const [card] = await screen.findAllByRole('article');
    await user.click(within(card!).getByRole('button', { name: /Cancel out of office/ }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Out of Office' }));
    expect(await screen.findByText('You are not out of office')).toBeInTheDocument();
    expect(api.calls).toEqual([{ method: 'DELETE', path: `/users/me/absences/${currentAbsence().id}` }]);
  });
});
