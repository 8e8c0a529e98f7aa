import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TextArea } from './TextArea';

const meta = {
  title: 'UI/TextArea',
  component: TextArea,
  args: { label: 'Justification', placeholder: 'Why is this purchase needed?', onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A plain labelled textarea. */
export const Default: Story = {};

/** With help text. */
export const WithHint: Story = { args: { hint: 'Approvers read this first.' } };

/** With a character count. */
export const WithCharacterCount: Story = { args: { maxLength: 500, defaultValue: 'Replacement laptops' } };

/** At the character limit. */
export const AtLimit: Story = { args: { maxLength: 10, defaultValue: 'Ten chars.' } };

/** With an error message. */
export const WithError: Story = { args: { error: 'Justification is required', required: true } };

/** Disabled. */
export const Disabled: Story = { args: { disabled: true, defaultValue: 'Submitted for approval' } };
