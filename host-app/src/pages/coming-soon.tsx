import { ComingSoonScreen } from '@purchasing/screens';
import { useMatches } from '@tanstack/react-router';
import type { ReactElement } from 'react';

/** The pages of the sidebar not built yet (Settings), titled by their route. */
export function ComingSoonPage(): ReactElement {
  const title = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.title });
  return <ComingSoonScreen title={title ?? ''} />;
}
