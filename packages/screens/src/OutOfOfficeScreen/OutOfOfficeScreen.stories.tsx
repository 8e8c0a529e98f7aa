import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  ABSENCE_NOW,
  absencesPendingHandler,
  comingAbsence,
  createAbsenceApi,
  currentAbsence,
} from '../test/absenceHandlers';
import { handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import { OutOfOfficeScreen } from './OutOfOfficeScreen';

const api = (absences?: Parameters<typeof createAbsenceApi>[0]) => createAbsenceApi(absences).handlers;
const now = () => ABSENCE_NOW;

const meta = {
  title: 'Screens/OutOfOfficeScreen',
  component: OutOfOfficeScreen,
  parameters: { msw: { handlers: [...api(), ...handlers] } },
  render: () => (
    <StoryProviders signedIn>
      <Box p="4">
        <OutOfOfficeScreen now={now} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof OutOfOfficeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One coming absence: a week in December, Helen Park approving. */
export const Default: Story = {};

/** Away now: the current absence stands out, above a coming one. */
export const WithCurrentAbsence: Story = {
  parameters: { msw: { handlers: [...api([currentAbsence(), comingAbsence()]), ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Out of office now')).toBeInTheDocument();
  },
};

/** Not out of office. */
export const Empty: Story = { parameters: { msw: { handlers: [...api([]), ...handlers] } } };

/** While the absences load. */
export const Loading: Story = {
  parameters: { msw: { handlers: [absencesPendingHandler(), ...api(), ...handlers] } },
};

/** Set Out of Office submitted without a last day or delegate: each field says what it needs. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Set Out of Office' }));
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', {
      name: 'Set Out of Office',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Out of Office' }));
    await expect(await within(dialog).findByText('Choose your last day away')).toBeInTheDocument();
    await expect(within(dialog).getByText('Choose who approves for you')).toBeInTheDocument();
  },
};

/** On a phone (390 px): the cards fit, nothing scrolls sideways. */
export const Phone: Story = {
  ...atPhoneSize,
  parameters: {
    ...atPhoneSize.parameters,
    msw: { handlers: [...api([currentAbsence(), comingAbsence()]), ...handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Out of office now')).toBeInTheDocument();
    assertNoSidewaysScroll();
  },
};
