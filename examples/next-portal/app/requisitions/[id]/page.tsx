import { RequisitionDetailScreen } from '@purchasing/screens';

/** A requisition (the queue's cards link here through `defaultHrefs.requisitionDetail`). */
export default async function RequisitionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <RequisitionDetailScreen requisitionId={id} />;
}
