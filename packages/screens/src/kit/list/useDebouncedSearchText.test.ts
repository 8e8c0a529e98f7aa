import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearchText } from './useDebouncedSearchText';

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('useDebouncedSearchText', () => {
  it('writes the text once typing pauses', () => {
    vi.useFakeTimers();
    const change = vi.fn();
    const { result } = renderHook(() => useDebouncedSearchText({}, change, (next) => next));
    act(() => result.current.onChange('paper'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(change).toHaveBeenCalledWith({ search: 'paper', page: undefined }, { replace: true });
  });

  it('writes nothing when the reader followed a link before the pause ended', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/products');
    const change = vi.fn();
    const { result } = renderHook(() => useDebouncedSearchText({}, change, (next) => next));
    act(() => result.current.onChange('paper'));
    window.history.pushState(null, '', '/products/p1/edit');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(change).not.toHaveBeenCalled();
  });
});
