import {
  type ApprovalDecision,
  ApprovalReviewScreen,
  BudgetManagementScreen,
  RequisitionDetailScreen,
  RequisitionListScreen,
  type RequisitionListSearch,
  requisitionListSearchSchema,
  useSession,
} from '@purchasing/screens';
import { type ReactElement, useEffect, useState } from 'react';

/** A decision taken in the review or in the detail's Review dialog reaches the portal. */
export function Review({
  id,
  report,
}: {
  id: string;
  report(decision: ApprovalDecision): void;
}): ReactElement {
  return <ApprovalReviewScreen requisitionId={id} onDecided={report} />;
}

export function Detail({
  id,
  report,
}: {
  id: string;
  report(decision: ApprovalDecision): void;
}): ReactElement {
  return (
    <RequisitionDetailScreen
      requisitionId={id}
      onDecided={({ action, requisition }) => {
        if (action === 'approve') report({ action, requisition });
      }}
    />
  );
}

/** List screens are controlled: the portal keeps their search (here in state; usually in its URL). */
export function Requisitions(): ReactElement {
  const [search, setSearch] = useState<RequisitionListSearch>(() => requisitionListSearchSchema.parse({}));
  return <RequisitionListScreen search={search} onSearchChange={(next) => setSearch(next)} />;
}

/** The budgets keep their fiscal year themselves unless the portal passes `fiscalYear`. */
export function Budgets({ onYear }: { onYear(year: number): void }): ReactElement {
  return <BudgetManagementScreen onFiscalYearChange={onYear} />;
}

/** Sign-out and organisation changes: watch the session the screens share. */
export function SessionWatcher({ onSignedOut }: { onSignedOut(): void }): null {
  const { status, currentOrganization } = useSession();
  useEffect(() => {
    if (status === 'unauthenticated') onSignedOut();
  }, [status, onSignedOut]);
  useEffect(() => {
    if (currentOrganization) document.title = `Purchasing · ${currentOrganization.name}`;
  }, [currentOrganization]);
  return null;
}
