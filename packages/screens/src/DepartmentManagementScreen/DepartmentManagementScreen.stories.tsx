import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AppShell } from '../AppShell';
import {
  createDirectoryApi,
  departmentListFailureHandler,
  departmentListPendingHandler,
} from '../test/departmentHandlers';
import { handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { DepartmentManagementScreen } from './DepartmentManagementScreen';

const api = (options?: Parameters<typeof createDirectoryApi>[0]) => createDirectoryApi(options).handlers;

const meta = {
  title: 'Screens/DepartmentManagementScreen',
  component: DepartmentManagementScreen,
  parameters: { msw: { handlers: [...api(), ...handlers] } },
  render: () => (
    <StoryProviders signedIn>
      <Box p="4">
        <DepartmentManagementScreen />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof DepartmentManagementScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The departments as cards: heads, parents, member counts, one inactive. */
export const Default: Story = {};

/** Inside the application shell, as the host shows it. */
export const InAppShell: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => (
    <StoryProviders signedIn>
      <AppShell currentPath="/admin/departments">
        <DepartmentManagementScreen />
      </AppShell>
    </StoryProviders>
  ),
};

/** The organisation has no departments yet. */
export const Empty: Story = { parameters: { msw: { handlers: [...api({ departments: [] }), ...handlers] } } };

/** A search that matches nothing: 'No departments found'. */
export const NoMatches: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'Finance' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search departments' }), 'warehouse robots');
    await expect(await canvas.findByRole('heading', { name: 'No departments found' })).toBeInTheDocument();
  },
};

/** While the departments load. */
export const Loading: Story = {
  parameters: { msw: { handlers: [departmentListPendingHandler(), ...api(), ...handlers] } },
};

/** The departments failed to load. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [departmentListFailureHandler(), ...api(), ...handlers] } },
};

/** Add Department submitted blank: 'Name and code are required'. */
export const AddDialogValidation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Department' }));
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Add Department' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Department' }));
    await expect(await within(dialog).findByText('Name and code are required')).toBeInTheDocument();
  },
};

/** Editing Procurement: prefilled, with its head and parent. */
export const EditDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Procurement' }));
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Edit Department' });
    await expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveValue('PROC');
  },
};

/** Deactivating asks first. */
export const DeactivateConfirmation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Deactivate Finance' }));
    await expect(
      await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
        name: 'Deactivate Department',
      }),
    ).toBeInTheDocument();
  },
};
