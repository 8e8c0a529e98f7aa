import '@radix-ui/themes/styles.css';
import { createMemoryStore, createPurchasingClient, defaultQueryClientOptions } from '@purchasing/api-client';
import {
  ApprovalQueueScreen,
  ApprovalReviewScreen,
  defaultHrefs,
  type Navigation,
  PurchasingProvider,
  SessionProvider,
} from '@purchasing/screens';
import { Toaster } from '@purchasing/ui';
import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactElement, useMemo, useState } from 'react';

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

export function PurchasingTasks({
  taskId,
  navigate,
  getAccessToken,
  onTaskDone,
}: PurchasingTasksProps): ReactElement {
  // Made once per mount: one query cache and one API client for the screens.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: defaultQueryClientOptions }));
  const [client] = useState(() =>
    createPurchasingClient({
      baseUrl: 'https://purchasing.example.com/api',
      store: createMemoryStore(), // keeps the chosen organisation; the tokens are the portal's
      getAccessToken,
    }),
  );
  // The screens link to the portal's own routes: the queue on /tasks, a review on /tasks/:id.
  const navigation = useMemo<Navigation>(
    () => ({
      hrefs: {
        ...defaultHrefs,
        approvals: () => '/tasks',
        approvalReview: (id) => `/tasks/${encodeURIComponent(id)}`,
      },
      navigate,
    }),
    [navigate],
  );

  return (
    <Theme accentColor="teal" radius="large">
      <QueryClientProvider client={queryClient}>
        <PurchasingProvider client={client} navigation={navigation}>
          <SessionProvider>
            {taskId ? (
              <ApprovalReviewScreen requisitionId={taskId} onDecided={() => onTaskDone?.()} />
            ) : (
              <ApprovalQueueScreen />
            )}
          </SessionProvider>
        </PurchasingProvider>
      </QueryClientProvider>
      <Toaster />
    </Theme>
  );
}
