import { useCallback, useState } from 'react';
import type { ListScreenProps } from './useListScreen';

/**
 * A list's state kept in the screen instead of the host's URL, for a list whose host route carries
 * none: the same `search` and `onSearchChange` that `useListScreen` takes from a routed screen's props.
 * The state is lost when the screen unmounts (leaving the page, changing organisation).
 */
export function useLocalListSearch<TSearch>(initial: TSearch): ListScreenProps<TSearch> {
  const [search, setSearch] = useState(initial);
  const onSearchChange = useCallback((next: TSearch) => setSearch(next), []);
  return { search, onSearchChange };
}
