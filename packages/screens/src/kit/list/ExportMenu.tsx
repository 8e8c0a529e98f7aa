import { Button, usePortalContainer } from '@purchasing/ui';
import { DropdownMenu } from '@radix-ui/themes';
import { ChevronDown, Download } from 'lucide-react';
import type { ReactElement } from 'react';
import type { ExportFormat } from '../../shared/csv';

/** The formats the Export menu offers, in order, with their labels. */
export const EXPORT_FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV (.csv)' },
  { format: 'xlsx', label: 'Excel (.xlsx)' },
];

/**
 * A list's Export button: a small menu of the formats (CSV, Excel). Radix's dropdown menu, so it
 * opens with a click, a tap, Enter, Space or the arrow keys, moves with the arrows and closes with
 * Escape; in a portal under the host's container. Busy ('Exporting...') while a file is fetched.
 */
export function ExportMenu({
  exporting,
  run,
  disabled,
}: {
  exporting: boolean;
  run(format: ExportFormat): void;
  disabled: boolean;
}): ReactElement {
  const portalContainer = usePortalContainer();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button variant="secondary" loading={exporting} disabled={disabled} style={{ whiteSpace: 'nowrap' }}>
          {exporting ? null : <Download size={16} aria-hidden />}
          {exporting ? 'Exporting...' : 'Export'}
          {exporting ? null : <ChevronDown size={14} aria-hidden />}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content container={portalContainer} align="end">
        {EXPORT_FORMATS.map(({ format, label }) => (
          <DropdownMenu.Item key={format} onSelect={() => run(format)}>
            {label}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
