import { requisitionQueries, unwrap } from '@purchasing/api-client';
import { Button, toast } from '@purchasing/ui';
import { Badge, Flex, Text } from '@radix-ui/themes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, ShieldAlert, ShieldCheck } from 'lucide-react';
import { type ReactElement, useId } from 'react';
import { usePurchasing } from '../PurchasingProvider';
import { downloadFile } from '../shared/csv';

/** The words of the history's integrity badge and its exports (docs/decisions.md "History chain"). */
export const historyIntegrityMessages = {
  verified: 'History verified',
  altered: 'History altered',
  checking: 'Checking history…',
  uncheckable: 'History not checked',
  verifiedDescription: (checked: number) =>
    checked === 1
      ? "The one entry of this requisition's history matches the tamper-evident record."
      : `All ${checked} entries of this requisition's history match the tamper-evident record.`,
  alteredDescription: (sequence: number | undefined) =>
    sequence === undefined
      ? "This requisition's history no longer matches the tamper-evident record."
      : `Entry ${sequence} of the organization's history no longer matches the tamper-evident record: it was changed after it was written.`,
  uncheckableDescription: 'The history could not be checked. Try again later.',
  exportCsv: 'Export history (CSV)',
  exportPdf: 'Export history (PDF)',
  exportFailed: 'Failed to export history',
} as const;

type Format = 'csv' | 'pdf';

/**
 * Whether the requisition's history is intact, as a badge with an accessible description ("History
 * verified" / "History altered"), and Export history as CSV or PDF.
 */
export function HistoryIntegrity({
  requisitionId,
  requisitionNumber,
  organizationId,
}: {
  requisitionId: string;
  requisitionNumber: string;
  organizationId: string;
}): ReactElement {
  const { client } = usePurchasing();
  const descriptionId = useId();
  const verification = useQuery(
    requisitionQueries.historyVerification(client, organizationId, requisitionId),
  );
  const exportFile = useMutation({
    mutationFn: async (format: Format) => {
      const blob = await unwrap(
        client.api.GET('/requisitions/{id}/history/export', {
          params: {
            path: { id: requisitionId },
            query: { format },
            header: { 'X-Organization-Id': organizationId },
          },
          parseAs: 'blob',
        }),
      );
      downloadFile(blob as Blob, `${requisitionNumber}-history.${format}`);
    },
    onError: (error) => {
      console.error(historyIntegrityMessages.exportFailed, error);
      toast.error(historyIntegrityMessages.exportFailed);
    },
  });

  const m = historyIntegrityMessages;
  const data = verification.data;
  const [label, description, color, Icon] = verification.isPending
    ? [m.checking, null, 'gray', ShieldCheck]
    : !data
      ? [m.uncheckable, m.uncheckableDescription, 'gray', ShieldAlert]
      : data.intact
        ? [m.verified, m.verifiedDescription(data.checked), 'green', ShieldCheck]
        : [m.altered, m.alteredDescription(data.first_broken_sequence), 'red', ShieldAlert];

  return (
    <Flex direction="column" gap="2" mt="4" data-testid="history-integrity">
      <Flex align="center" gap="2" wrap="wrap">
        <Badge
          role="status"
          aria-label={label}
          size="2"
          color={color as 'gray' | 'green' | 'red'}
          aria-describedby={description ? descriptionId : undefined}
        >
          <Icon size={14} aria-hidden />
          {label}
        </Badge>
      </Flex>
      {description ? (
        <Text id={descriptionId} size="1" color="gray">
          {description}
        </Text>
      ) : null}
      <Flex gap="2" wrap="wrap">
        {(['csv', 'pdf'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            size="1"
            loading={exportFile.isPending && exportFile.variables === format}
            onClick={() => exportFile.mutate(format)}
          >
            <Download size={14} aria-hidden />
            {format === 'csv' ? m.exportCsv : m.exportPdf}
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
