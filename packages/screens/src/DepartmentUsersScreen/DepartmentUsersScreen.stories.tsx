import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppShell } from '../AppShell';
import {
  createDirectoryApi,
  departmentDetailPendingHandlers,
  departmentUsersFailureHandler,
  directoryDepartments,
} from '../test/departmentHandlers';
import { handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { DepartmentUsersScreen } from './DepartmentUsersScreen';

const idOf = (code: string) => directoryDepartments().find((entry) => entry.code === code)?.id ?? '';
const api = () => createDirectoryApi().handlers;

const meta = {
  title: 'Screens/DepartmentUsersScreen',
  component: DepartmentUsersScreen,
  args: { departmentId: idOf('PROC') },
  parameters: { msw: { handlers: [...api(), ...handlers] } },
  render: (args) => (
    <StoryProviders signedIn>
      <Box p="4">
        <DepartmentUsersScreen {...args} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof DepartmentUsersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Procurement: its head, parent and three people. */
export const Default: Story = {};

/** Inside the application shell, as the host shows it. */
export const InAppShell: Story = {
  args: { departmentId: idOf('IT') },
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <StoryProviders signedIn>
      <AppShell currentPath={`/admin/departments/${args.departmentId}/users`}>
        <DepartmentUsersScreen {...args} />
      </AppShell>
    </StoryProviders>
  ),
};

/** Information Technology, with an inactive member. */
export const WithInactiveMember: Story = { args: { departmentId: idOf('IT') } };

/** An inactive department nobody is assigned to. */
export const NoUsers: Story = { args: { departmentId: idOf('MKT') } };

/** The department does not exist: 'Department not found.' */
export const NotFound: Story = { args: { departmentId: '00000000-0000-4000-8000-000000009999' } };

/** While the department loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: [...departmentDetailPendingHandlers(), ...api(), ...handlers] } },
};

/** The department loaded but its users failed to. */
export const UsersError: Story = {
  parameters: { msw: { handlers: [departmentUsersFailureHandler(), ...api(), ...handlers] } },
};
