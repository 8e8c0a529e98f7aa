import '@purchasing/screens/embed.css';
import '@radix-ui/themes/styles.css';
import { createMemoryStore, createPurchasingClient } from '@purchasing/api-client';
import { ApprovalQueueScreen, ApprovalReviewScreen, PurchasingEmbed } from '@purchasing/screens';
import { type ReactElement, useState } from 'react';

/** What the portal hands over: the route it matched, its router's navigate and its own sign-in. */
export interface PurchasingTasksProps {
  /** The requisition id of `/tasks/:id`, or none on `/tasks`. */
  taskId?: string;
  /** The portal router's navigate, e.g. react-router's `useNavigate()`. */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** The portal's access token (OpenID Connect), e.g. from its auth library. */
  getAccessToken(): Promise<string | null>;
  /** Called when the user has decided on a task, e.g. to refresh the portal's task badge. */
  onTaskDone?(): void;
}

/** The screens link to the portal's own routes: the queue on /tasks, a review on /tasks/:id. */
const hrefs = {
  approvals: () => '/tasks',
  approvalReview: (id: string) => `/tasks/${encodeURIComponent(id)}`,
};

export function PurchasingTasks({
  taskId,
  navigate,
  getAccessToken,
  onTaskDone,
}: PurchasingTasksProps): ReactElement {
  // Made once per mount: the API client of the screens, with the portal's token.
  const [client] = useState(() =>
    createPurchasingClient({
      baseUrl: 'https://purchasing.example.com/api',
      store: createMemoryStore(), // keeps the chosen organisation; the tokens are the portal's
      getAccessToken,
    }),
  );
  // PurchasingEmbed: TanStack Query, the Radix theme, PurchasingProvider, SessionProvider, toasts.
  return (
    <PurchasingEmbed
      client={client}
      navigate={navigate}
      hrefs={hrefs}
      theme={{ accentColor: 'teal', radius: 'large' }}
    >
      {taskId ? (
        <ApprovalReviewScreen requisitionId={taskId} onDecided={() => onTaskDone?.()} />
      ) : (
        <ApprovalQueueScreen />
      )}
    </PurchasingEmbed>
  );
}
