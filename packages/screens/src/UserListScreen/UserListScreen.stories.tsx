import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import {
  buildAdminUser,
  buildManyAdminUsers,
  createAdminApi,
  defaultAdminUsers,
  userListErrorHandler,
  userListLoadingHandler,
} from '../test/adminHandlers';
import { handlers, http, meHandler, plainUser } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { IMPORT_HEADER } from './bulkImport';
import { UserListScreen } from './UserListScreen';

type StoryArgs = { navigate: Navigation['navigate'] };

/** A fresh in-memory organisation per story, so one story's changes never show in another. */
function adminHandlers(options: Parameters<typeof createAdminApi>[0] = {}) {
  return [...createAdminApi(options).handlers, ...handlers];
}

const meta = {
  title: 'Screens/UserListScreen',
  component: UserListScreen,
  args: { navigate: fn() },
  parameters: { msw: { handlers: adminHandlers() } },
  render: ({ navigate }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <UserListScreen />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first page of ACME's 13 members: every default role, one inactive member, one never signed in. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Fiona Chen' })).toBeVisible();
  },
};

/** 22 members: three pages of ten. */
export const ManyPages: Story = {
  parameters: {
    msw: { handlers: adminHandlers({ users: [...defaultAdminUsers(), ...buildManyAdminUsers(9)] }) },
  },
};

/**
 * An existing account another organisation also uses, added here and not yet accepted: 'Pending'
 * until its owner accepts the emailed link (no sign-in date shown to this organisation).
 */
export const WithPendingMember: Story = {
  parameters: {
    msw: {
      handlers: adminHandlers({
        users: [
          ...defaultAdminUsers(),
          (() => {
            const user = buildAdminUser(
              {
                id: '00000000-0000-4000-8000-000000003999',
                first_name: 'Aaron',
                last_name: 'Abbott',
                email: 'aaron.abbott@globex.test',
              },
              { role: 'User', department: 'IT', active: false },
              { last_login_at: null },
            );
            user.user_organizations = user.user_organizations.map((membership) => ({
              ...membership,
              is_active: false,
              is_pending: true,
            }));
            return user;
          })(),
        ],
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Aaron Abbott' });
    await expect(canvas.getByText('Pending')).toBeVisible();
  },
};

/** Filtered to inactive members, with the filter panel open. */
export const FilteredInactive: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await canvas.findByRole('link', { name: 'Fiona Chen' });
    await userEvent.click(canvas.getByRole('button', { name: /Filters/ }));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await page.findByRole('option', { name: 'Inactive' }));
    await expect(canvas.getByRole('link', { name: 'Lena Novak' })).toBeVisible();
  },
};

/** An organisation without members yet. */
export const Empty: Story = { parameters: { msw: { handlers: adminHandlers({ users: [] }) } } };

/** A search that matches nobody. */
export const NoMatches: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Fiona Chen' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search users' }), 'forklift');
    await expect(canvas.getByText('No users match your search or filters.')).toBeVisible();
  },
};

/** While the list loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: [userListLoadingHandler(), ...adminHandlers()] } },
};

/** The list failed to load: an error with Retry. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [userListErrorHandler(), ...adminHandlers()] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Failed to load users. Please try again.'),
    ).toBeVisible();
  },
};

/** A plain user, without `user.edit`. */
export const NoPermission: Story = {
  parameters: { msw: { handlers: [meHandler(plainUser), ...adminHandlers()] } },
};

/** Deactivate asks first. */
export const DeactivateConfirmation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Tom Becker' });
    await userEvent.click(canvas.getByRole('button', { name: 'Deactivate Tom Becker' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
      name: 'Deactivate user',
    });
    // Visible once its opening animation has run.
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

async function openBulkImport(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('link', { name: 'Fiona Chen' });
  await userEvent.click(canvas.getByRole('button', { name: 'Bulk Import' }));
  const element = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
    name: 'Bulk Import Users',
  });
  const dialog = within(element);
  const input = dialog.getByLabelText(/Choose CSV file/);
  // Ready once the opening animation has run and the roles and departments are loaded.
  await waitFor(() => expect(element).toBeVisible());
  await waitFor(() => expect(input).toBeEnabled());
  return { dialog, input };
}

const sampleFile = () =>
  new File(
    [
      [
        IMPORT_HEADER.join(','),
        'Nina,Shaw,nina.shaw@example.com,+61 2 9000 1234,User,FIN,finance@acme.test,yes',
        'Owen,Price,owen.price@example.com,,Manager,Operations,sophia.turner@acme.test,',
        'Jade,Wong,JADE.WONG@example.com,,Janitor,MKT,,maybe',
        ',Blank,not-an-email,,,,tom.becker@acme.test,',
        'Fiona,Chen,finance@acme.test,,Finance Manager,FIN,,no',
        'Jade,Wong,jade.wong@example.com,,User,IT,daniel.kim@acme.test,no',
      ].join('\r\n'),
    ],
    'new-starters.csv',
    { type: 'text/csv' },
  );

/** The Bulk Import dialog: the documented columns, the template and the file chooser. */
export const BulkImport: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await openBulkImport(canvasElement);
    await expect(dialog.getByRole('button', { name: 'Download template' })).toBeVisible();
  },
};

/** A file previewed: two rows ready, four with their errors. */
export const BulkImportPreviewWithErrors: Story = {
  play: async ({ canvasElement }) => {
    const { dialog, input } = await openBulkImport(canvasElement);
    await userEvent.upload(input, sampleFile());
    await expect(await dialog.findByText('2 ready')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import 2 users' })).toBeEnabled();
  },
};

/** After importing: who was created and which row the server refused, with its message. */
export const BulkImportSummary: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('/users', async ({ request, response }) => {
          const body = await request.clone().json();
          if (body.email !== 'owen.price@example.com') return undefined;
          return response(409).json({
            message: 'This email belongs to an account of another organization that is locked',
            code: 'CONFLICT',
            details: [],
          });
        }),
        ...adminHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const { dialog, input } = await openBulkImport(canvasElement);
    await userEvent.upload(input, sampleFile());
    await userEvent.click(await dialog.findByRole('button', { name: 'Import 2 users' }));
    await expect(await dialog.findByRole('heading', { name: 'Created (1)' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Failed (1)' })).toBeVisible();
  },
};
