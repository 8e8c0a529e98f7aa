import { ApprovalQueueScreen } from '@purchasing/screens';

/**
 * The approval queue on the portal's own route. A server component renders it: the package's modules
 * are client modules ('use client'), so Next server-renders the screen and hydrates it in the browser.
 */
export default function ApprovalsPage() {
  return <ApprovalQueueScreen />;
}
