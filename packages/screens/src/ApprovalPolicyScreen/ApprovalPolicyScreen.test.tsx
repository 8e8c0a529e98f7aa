import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createApprovalPolicyApi, defaultPolicy, policyApprovers } from '../test/approvalPolicyHandlers';
import { globex } from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { ApprovalPolicyScreen } from './ApprovalPolicyScreen';
import { levelWords } from './LevelCard';

function setup(options: Parameters<typeof createApprovalPolicyApi>[0] = {}, organizationId?: string) {
  const api = createApprovalPolicyApi(options);
  server.use(...api.handlers);
  return {
    ...renderScreen(<ApprovalPolicyScreen />, {
      signedIn: true,
      ...(organizationId ? { organizationId } : {}),
    }),
    api,
  };
}

describe('ApprovalPolicyScreen', () => {
  it('shows each level as a card with its threshold and due time, and the version history', async () => {
    setup();
    const first = await screen.findByRole('region', { name: 'Level 1: Manager Approval' });
    expect(within(first).getByRole('textbox', { name: /Title/ })).toHaveValue('Manager Approval');
    expect(within(first).getByRole('spinbutton', { name: /Due in/ })).toHaveValue('2');
    expect(screen.getAllByRole('region', { name: /^Level \d/ })).toHaveLength(4);
    const history = await screen.findByRole('list', { name: 'Version History' });
    expect(within(history).getByText('Version 1')).toBeInTheDocument();
    expect(within(history).getByText('Current')).toBeInTheDocument();
  });

  it('adds a level with named users, previews the edited policy and saves it as a new version', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add Level' }));
    const added = await screen.findByRole('region', { name: 'Level 5: Level 5 Approval' });
    const title = within(added).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Board Approval');
    await user.click(within(added).getByRole('combobox', { name: /Approver$/ }));
    await user.click(await screen.findByRole('option', { name: 'Named users' }));
    await user.click(await within(added).findByRole('combobox', { name: /Approvers/ }));
    await user.click(await screen.findByRole('option', { name: 'Bo Board' }));
    await user.keyboard('{Escape}');

    const amount = screen.getByRole('spinbutton', { name: 'Sample amount' });
    await user.clear(amount);
    await user.type(amount, '200000');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const chain = await screen.findByRole('list', { name: 'Approval chain' });
    expect(within(chain).getByText('Board Approval')).toBeInTheDocument();
    expect(within(chain).getByText('Bo Board')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Policy' }));
    expect(await screen.findByText('Approval policy saved')).toBeInTheDocument();
    const saved = api.calls.find((call) => call.method === 'PUT')?.body as {
      version: number;
      policy: { levels: { title: string; approver: string; user_ids?: string[] }[] };
    };
    expect(saved.version).toBe(1);
    expect(saved.policy.levels.at(-1)).toMatchObject({
      title: 'Board Approval',
      approver: 'users',
      user_ids: [policyApprovers[2]?.id],
    });
    await waitFor(() => expect(screen.getByText('Version 2')).toBeInTheDocument());
  });

  it('says any one of several named users decides when one approval is needed, and previews it so', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add Level' }));
    const added = await screen.findByRole('region', { name: /^Level 5/ });
    await user.click(within(added).getByRole('combobox', { name: /Approver$/ }));
    await user.click(await screen.findByRole('option', { name: 'Named users' }));
    await user.click(await within(added).findByRole('combobox', { name: /Approvers/ }));
    for (const name of ['Fay Finance', 'Bo Board'])
      await user.click(await screen.findByRole('option', { name }));
    await user.keyboard('{Escape}');
    expect(within(added).getByText(/^Any one of the named users decides/)).toBeInTheDocument();
    expect(within(added).getByText(levelWords.anyApprovers)).toBeInTheDocument();

    const amount = screen.getByRole('spinbutton', { name: 'Sample amount' });
    await user.clear(amount);
    await user.type(amount, '200000');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const chain = await screen.findByRole('list', { name: 'Approval chain' });
    expect(within(chain).getByText('Any one of these 2 decides: Fay Finance, Bo Board')).toBeInTheDocument();
  });

  it('makes a committee of named users (2 of 3), previews it and saves N', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add Level' }));
    const added = await screen.findByRole('region', { name: /^Level 5/ });
    await user.click(within(added).getByRole('combobox', { name: /Approver$/ }));
    await user.click(await screen.findByRole('option', { name: 'Named users' }));
    await user.click(await within(added).findByRole('combobox', { name: /Approvers/ }));
    for (const name of ['Mia Manager', 'Fay Finance', 'Bo Board'])
      await user.click(await screen.findByRole('option', { name }));
    await user.keyboard('{Escape}');
    const needed = within(added).getByRole('spinbutton', { name: /Approvals needed/ });
    await user.clear(needed);
    await user.type(needed, '2');
    expect(
      await within(added).findByText(/Committee: 2 of 3 must approve; one rejection rejects/),
    ).toBeInTheDocument();

    const amount = screen.getByRole('spinbutton', { name: 'Sample amount' });
    await user.clear(amount);
    await user.type(amount, '200000');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const chain = await screen.findByRole('list', { name: 'Approval chain' });
    expect(
      within(chain).getByText('2 of these 3 must approve: Mia Manager, Fay Finance, Bo Board'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Policy' }));
    expect(await screen.findByText('Approval policy saved')).toBeInTheDocument();
    const saved = api.calls.find((call) => call.method === 'PUT')?.body as {
      policy: { levels: { approver: string; required_approvals?: number }[] };
    };
    expect(saved.policy.levels.at(-1)).toMatchObject({ approver: 'users', required_approvals: 2 });
    expect(saved.policy.levels[0]).not.toHaveProperty('required_approvals');
  });

  it("puts the server's refusal on the level's field", async () => {
    const { user } = setup();
    const second = await screen.findByRole('region', { name: /^Level 2/ });
    const title = within(second).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Bad');
    await user.click(screen.getByRole('button', { name: 'Save Policy' }));
    expect(await within(second).findByText('Another level has this title')).toBeInTheDocument();
  });

  it('keeps what was typed and offers Reload when someone else saved first', async () => {
    const { user } = setup({ stale: true });
    const auto = await screen.findByRole('spinbutton', { name: 'Auto-approve below' });
    await user.clear(auto);
    await user.type(auto, '100');
    await user.click(screen.getByRole('button', { name: 'Save Policy' }));
    expect(await screen.findByText(/Someone else changed the approval policy/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(auto).toHaveValue('100');
  });

  it('shows the fallback roles in the order they are tried, and saves a role chosen again last', async () => {
    const { user, api } = setup({
      policy: { ...defaultPolicy(), fallback_approver_roles: ['Super Admin', 'Finance Manager'] },
    });
    const chosen = await screen.findByRole('group', { name: /^Chosen Fallback approver roles/ });
    const names = () =>
      within(chosen)
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label'));
    expect(names()).toEqual(['Remove Super Admin', 'Remove Finance Manager']);
    await user.click(within(chosen).getByRole('button', { name: 'Remove Super Admin' }));
    await user.click(screen.getByRole('combobox', { name: /^Fallback approver roles/ }));
    await user.click(await screen.findByRole('option', { name: 'Super Admin' }));
    await user.keyboard('{Escape}');
    expect(names()).toEqual(['Remove Finance Manager', 'Remove Super Admin']);
    await user.click(screen.getByRole('button', { name: 'Save Policy' }));
    expect(await screen.findByText('Approval policy saved')).toBeInTheDocument();
    const saved = api.calls.find((call) => call.method === 'PUT')?.body as {
      policy: { fallback_approver_roles: string[] };
    };
    expect(saved.policy.fallback_approver_roles).toEqual(['Finance Manager', 'Super Admin']);
  });

  it('keeps the levels in threshold order', async () => {
    const { user } = setup();
    const first = await screen.findByRole('region', { name: 'Level 1: Manager Approval' });
    const threshold = within(first).getByRole('spinbutton', { name: /Applies from/ });
    await user.clear(threshold);
    await user.type(threshold, '30000');
    await user.tab();
    await waitFor(() =>
      expect(
        screen.getAllByRole('region', { name: /^Level \d/ }).map((r) => r.getAttribute('aria-label')),
      ).toEqual([
        'Level 1: Department Head Approval',
        'Level 2: Finance Manager Approval',
        'Level 3: Manager Approval',
        'Level 4: General Manager Approval',
      ]),
    );
  });

  it('is read-only for an approver without org.settings', async () => {
    setup({}, globex.id);
    expect(
      await screen.findByText('Only people who manage settings can change the approval policy.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Policy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Level' })).toBeNull();
    expect(screen.getAllByRole('textbox', { name: /Title/ })[0]).toBeDisabled();
  });
});
