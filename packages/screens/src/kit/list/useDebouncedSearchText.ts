import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing in a list's search box waits before the URL (and so the list) follows. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The part of a list's URL state the search box touches. */
export interface SearchableListState {
  search?: string;
  page?: number;
  /** Rows per page, for lists that let the reader choose (absent: the list's own size). */
  page_size?: number;
}

/**
 * A list's search box text: shown at once, written to the URL state once typing pauses (300 ms), back on
 * the first page and replacing the history entry (typing must not fill the back button). A search
 * changed from outside (the back button, a link, Clear) replaces the text.
 *
 * @param compact drops absent keys from the next state, so the URL carries only what is set.
 * @param waitMs how long typing pauses before the text is written; 0 writes every keystroke at once
 *   (a list filtered in memory, where a search costs nothing).
 */
export function useDebouncedSearchText<S extends SearchableListState>(
  search: S,
  onSearchChange: (next: S, options?: { replace?: boolean }) => void,
  compact: (next: S) => S,
  waitMs = SEARCH_DEBOUNCE_MS,
): { value: string; onChange(text: string): void } {
  const fromUrl = search.search ?? '';
  const [value, setValue] = useState(fromUrl);
  // The last text this box wrote to the URL: the URL coming back with it is not an outside change.
  const written = useRef(fromUrl);
  const latest = useRef({ search, onSearchChange, compact });
  latest.current = { search, onSearchChange, compact };

  useEffect(() => {
    if (fromUrl !== written.current) {
      written.current = fromUrl;
      setValue(fromUrl);
    }
  }, [fromUrl]);

  const write = useCallback((text: string) => {
    const trimmed = text.trim();
    if (trimmed === written.current) return;
    written.current = trimmed;
    const { search: current, onSearchChange: change, compact: tidy } = latest.current;
    change(tidy({ ...current, search: trimmed, page: undefined }), { replace: true });
  }, []);

  useEffect(() => {
    if (waitMs === 0) return;
    const path = typeof window === 'undefined' ? null : window.location.pathname;
    const timer = setTimeout(() => {
      // The reader followed a link meanwhile: a router keeps this screen on until the next one is ready,
      // and writing the search now would take them back to the list.
      if (path !== null && window.location.pathname !== path) return;
      write(value);
    }, waitMs);
    return () => clearTimeout(timer);
  }, [value, waitMs, write]);

  const onChange = useCallback(
    (text: string) => {
      setValue(text);
      if (waitMs === 0) write(text);
    },
    [waitMs, write],
  );
  return { value, onChange };
}
