import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SelectDropdown, type SelectOption, type SingleSelectDropdownProps } from './SelectDropdown';

const departments: SelectOption[] = [
  { value: 'fin', label: 'Finance' },
  { value: 'ops', label: 'Operations' },
  { value: 'it', label: 'Information Technology', disabled: true },
  { value: 'hr', label: 'Human Resources' },
  { value: 'proc', label: 'Procurement' },
];

const meta = {
  title: 'UI/SelectDropdown',
  component: SelectDropdown,
  args: { label: 'Department', options: departments, onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360, minHeight: 320 }}>{Story()}</div>],
  // Storybook cannot derive args from the single/multiple props union; the Multiple story renders the
  // multiple variant itself.
} satisfies Meta<SingleSelectDropdownProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet. */
export const Default: Story = {};

/** One option chosen, with its clear button. */
export const WithValue: Story = { args: { defaultValue: 'ops' } };

/** The list open, with a disabled option. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Department' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('listbox', { name: 'Department' })).toBeInTheDocument();
  },
};

/** A search that matches nothing. */
export const NoOptionsFound: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Department' }));
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.type(await page.findByRole('searchbox', { name: 'Search Department' }), 'zzz');
    await expect(await page.findByText('No options found')).toBeInTheDocument();
  },
};

/** Several choices: a count in the trigger and removable chips. */
export const Multiple: Story = {
  render: (args) => (
    <SelectDropdown
      label="Departments"
      options={args.options}
      multiple
      defaultValue={['fin', 'hr']}
      onChange={fn()}
    />
  ),
};

/** Without a search box. */
export const NotSearchable: Story = { args: { searchable: false } };

/** With an error message. */
export const WithError: Story = { args: { label: 'Role', error: 'Role is required', required: true } };

/** Disabled. */
export const Disabled: Story = { args: { disabled: true, defaultValue: 'fin' } };
