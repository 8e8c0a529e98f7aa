import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Typeahead } from './Typeahead';

// Testing Library waits on a setTimeout(0) and only advances the fake clock when it sees Jest's
// global; point that global at Vitest's clock so awaited user events do not hang.
(globalThis as { jest?: unknown }).jest = {
  advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms),
};

interface Vendor {
  id: string;
  label: string;
}

const vendors: Vendor[] = [
  { id: 'v1', label: 'Acme Supplies' },
  { id: 'v2', label: 'Acme Office' },
  { id: 'v3', label: 'Bolt Hardware' },
];

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const searchVendors = vi.fn(async (text: string) =>
  vendors.filter((v) => v.label.toLowerCase().includes(text.toLowerCase())),
);

function setup(props: Partial<Parameters<typeof Typeahead<Vendor>>[0]> = {}) {
  const onSelect = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(<Typeahead<Vendor> label="Vendor" onSearch={searchVendors} onSelect={onSelect} {...props} />);
  return { user, onSelect, input: screen.getByRole('combobox', { name: 'Vendor' }) };
}

/** Lets timers run and pending promises settle inside act. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('Typeahead', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    searchVendors.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls onSearch once, 300 ms after the last keystroke, with the latest text', async () => {
    const { user, input } = setup();
    await user.type(input, 'acm');
    await advance(299);
    expect(searchVendors).not.toHaveBeenCalled();
    await advance(1);
    expect(searchVendors).toHaveBeenCalledTimes(1);
    expect(searchVendors).toHaveBeenCalledWith('acm');
  });

  it('searches from one character by default', async () => {
    const { user, input } = setup();
    await user.type(input, 'a');
    await advance(300);
    expect(searchVendors).toHaveBeenCalledWith('a');
  });

  it('does not search until the text has minLength characters', async () => {
    const { user, input } = setup({ minLength: 3 });
    await user.type(input, 'ac');
    await advance(1000);
    expect(searchVendors).not.toHaveBeenCalled();
    await user.type(input, 'm');
    await advance(300);
    expect(searchVendors).toHaveBeenCalledWith('acm');
  });

  it("shows 'Searching...' while waiting, then the results as options of a combobox listbox", async () => {
    const pending = deferred<Vendor[]>();
    const { user, input } = setup({ onSearch: () => pending.promise });
    await user.type(input, 'acme');
    await advance(300);
    expect(screen.getByRole('status')).toHaveTextContent('Searching...');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await act(async () => pending.resolve(vendors.slice(0, 2)));
    expect(screen.getByRole('status')).not.toHaveTextContent('Searching...');
    const listbox = screen.getByRole('listbox', { name: 'Vendor' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Acme Supplies', 'Acme Office']);
  });

  it('shows at most 50 results', async () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ id: `v${i}`, label: `Vendor ${i}` }));
    const { user, input } = setup({ onSearch: async () => many });
    await user.type(input, 'v');
    await advance(300);
    expect(screen.getAllByRole('option')).toHaveLength(50);
  });

  it("shows 'No results found' when the search finds nothing", async () => {
    const { user, input } = setup();
    await user.type(input, 'zzz');
    await advance(300);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No results found');
  });

  it("shows 'No results found' when the search fails", async () => {
    const { user, input } = setup({ onSearch: () => Promise.reject(new Error('offline')) });
    await user.type(input, 'acme');
    await advance(300);
    expect(screen.getByRole('status')).toHaveTextContent('No results found');
  });

  it('calls onSelect with the clicked result, puts its label in the input and closes the list', async () => {
    const { user, input, onSelect } = setup();
    await user.type(input, 'bolt');
    await advance(300);
    await user.click(screen.getByRole('option', { name: 'Bolt Hardware' }));
    expect(onSelect).toHaveBeenCalledWith(vendors[2]);
    expect(input).toHaveValue('Bolt Hardware');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('is operable by keyboard: arrows set the active option, Enter picks it, Escape closes', async () => {
    const { user, input, onSelect } = setup();
    await user.type(input, 'acme');
    await advance(300);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const office = screen.getByRole('option', { name: 'Acme Office' });
    expect(input).toHaveAttribute('aria-activedescendant', office.id);
    expect(office).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(vendors[1]);

    await user.clear(input);
    await user.type(input, 'acme');
    await advance(300);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('clears the list 200 ms after the input loses focus', async () => {
    const { user, input } = setup();
    await user.type(input, 'acme');
    await advance(300);
    act(() => input.blur());
    await advance(199);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('still takes a click on a result made within 200 ms of the blur', async () => {
    const { user, input, onSelect } = setup();
    await user.type(input, 'acme');
    await advance(300);
    act(() => input.blur());
    await advance(150);
    await user.click(screen.getByRole('option', { name: 'Acme Supplies' }));
    expect(onSelect).toHaveBeenCalledWith(vendors[0]);
  });

  it('never lets an older, slower answer replace the answer to newer text', async () => {
    const first = deferred<Vendor[]>();
    const second = deferred<Vendor[]>();
    const onSearch = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { user, input } = setup({ onSearch });
    await user.type(input, 'a');
    await advance(300);
    await user.type(input, 'bolt');
    await advance(300);
    expect(onSearch).toHaveBeenNthCalledWith(2, 'abolt');
    await act(async () => second.resolve([vendors[2] as Vendor]));
    await act(async () => first.resolve(vendors));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Bolt Hardware']);
  });

  it('drops a pending answer when the text becomes shorter than minLength', async () => {
    const pending = deferred<Vendor[]>();
    const { user, input } = setup({ onSearch: () => pending.promise, minLength: 2 });
    await user.type(input, 'ac');
    await advance(300);
    await user.type(input, '{Backspace}');
    await act(async () => pending.resolve(vendors));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('describes the input with its error text', () => {
    setup({ error: 'Vendor is required' });
    const input = screen.getByRole('combobox', { name: 'Vendor' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Vendor is required');
  });
});
