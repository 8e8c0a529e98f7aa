import { Button, Callout } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import type { LoadMoreState } from './useCursorList';

/** Props of {@link LoadMore}. */
export interface LoadMoreProps {
  state: LoadMoreState;
  /** The button, e.g. 'Load more'. */
  label: string;
  /** Shown above the button when the next page failed, e.g. 'Failed to load more notifications.' */
  failed: string;
}

/**
 * The button after a cursor-paged list ({@link useCursorList}): loads the next page under the rows,
 * busy while it loads, and gone once the server has no more. A failed page keeps the rows, says so
 * and leaves the button to try again.
 */
export function LoadMore({ state, label, failed }: LoadMoreProps): ReactElement | null {
  if (!state.hasMore) return null;
  return (
    <Flex direction="column" align="center" gap="3">
      {state.failed ? <Callout variant="error">{failed}</Callout> : null}
      <Button variant="secondary" loading={state.loading} onClick={state.load}>
        {label}
      </Button>
    </Flex>
  );
}
