import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextArea } from './TextArea';

function Controlled() {
  const [value, setValue] = useState('abc');
  return <TextArea label="Notes" maxLength={10} value={value} onChange={(e) => setValue(e.target.value)} />;
}

describe('TextArea', () => {
  it('ties its visible label to the textarea', async () => {
    render(<TextArea label="Justification" />);
    const field = screen.getByRole('textbox', { name: 'Justification' });
    await userEvent.type(field, 'New laptops for the team');
    expect(field).toHaveValue('New laptops for the team');
  });

  it('shows the error text, marks the textarea invalid and describes it with the error', () => {
    render(<TextArea label="Justification" error="Justification is required" />);
    const field = screen.getByRole('textbox', { name: 'Justification' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Justification is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Justification is required');
  });

  it('shows a hint as the description when there is no error', () => {
    render(<TextArea label="Notes" hint="Visible to approvers" />);
    const field = screen.getByRole('textbox', { name: 'Notes' });
    expect(field).toHaveAccessibleDescription('Visible to approvers');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no character count without maxLength', () => {
    render(<TextArea label="Notes" defaultValue="abc" />);
    expect(screen.queryByText(/\/\d+$/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Notes' })).not.toHaveAttribute('aria-describedby');
  });

  it('counts characters against maxLength as the user types', async () => {
    render(<TextArea label="Notes" maxLength={20} defaultValue="Hi" />);
    const field = screen.getByRole('textbox', { name: 'Notes' });
    expect(screen.getByText('2/20')).toBeInTheDocument();
    await userEvent.type(field, ' there');
    expect(screen.getByText('8/20')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('8/20');
  });

  it('does not accept more characters than maxLength', async () => {
    render(<TextArea label="Notes" maxLength={5} />);
    const field = screen.getByRole('textbox', { name: 'Notes' });
    await userEvent.type(field, 'abcdefgh');
    expect(field).toHaveValue('abcde');
    expect(screen.getByText('5/5')).toBeInTheDocument();
  });

  it('counts the value of a controlled textarea', async () => {
    render(<Controlled />);
    expect(screen.getByText('3/10')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'de');
    expect(screen.getByText('5/10')).toBeInTheDocument();
  });

  it('describes the textarea with both the hint and the count', () => {
    render(<TextArea label="Notes" hint="Visible to approvers" maxLength={100} />);
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription(
      'Visible to approvers 0/100',
    );
  });
});
