import { isApiError, type ProductImportRow, productMutations, type Schemas } from '@purchasing/api-client';
import { Button, Callout, Modal, toast } from '@purchasing/ui';
import { Badge, Flex, Table, Text } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { type ReactElement, useId, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { usePurchasing } from '../PurchasingProvider';
import { productMessages } from '../shared/products';
import {
  MAX_PRODUCT_IMPORT_FILE_SIZE,
  PRODUCT_IMPORT_COLUMNS,
  parseProductImport,
  productImportTemplate,
} from './productImport';

type Preview = Schemas['ProductImportPreview'];

/** Props of {@link ProductImportDialog}. */
export interface ProductImportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  organizationId: string;
}

/**
 * Import Products: choose a CSV file, see every row with the server's errors (nothing is written), then
 * import them all at once; the import is all or nothing, so it waits until no row has an error.
 */
export function ProductImportDialog({
  open,
  onOpenChange,
  organizationId,
}: ProductImportDialogProps): ReactElement {
  const { client } = usePurchasing();
  const inputId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [rows, setRows] = useState<ProductImportRow[]>([]);
  const [preview, setPreview] = useState<Preview | null>(null);
  const check = useMutation(productMutations.previewImport(client, organizationId));
  const commit = useMutation(productMutations.import(client, organizationId));

  const reset = () => {
    setFileName(null);
    setFileErrors([]);
    setRows([]);
    setPreview(null);
  };
  const close = () => {
    if (commit.isPending) return;
    onOpenChange(false);
    reset();
  };

  const readFile = async (file: File) => {
    reset();
    setFileName(file.name);
    if (file.size > MAX_PRODUCT_IMPORT_FILE_SIZE) {
      setFileErrors(['The file is larger than 1 MB.']);
      return;
    }
    const parsed = parseProductImport(await file.text());
    if (parsed.fileErrors.length > 0) {
      setFileErrors(parsed.fileErrors);
      return;
    }
    setRows(parsed.rows);
    try {
      setPreview(await check.mutateAsync(parsed.rows));
    } catch (error) {
      setFileErrors([serverMessage(error) ?? 'The file could not be checked. Please try again.']);
    }
  };

  const runImport = async () => {
    try {
      const { created_count } = await commit.mutateAsync(rows);
      toast.success(productMessages.imported(created_count));
      close();
    } catch (error) {
      // Another change since the check: show the rows again with the server's word.
      if (isApiError(error)) setPreview(await check.mutateAsync(rows).catch(() => preview));
      toast.error(serverMessage(error) ?? 'The import failed. Please try again.');
    }
  };

  const ready = preview !== null && preview.error_count === 0;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={productMessages.importProducts}
      description="Add many products at once from a CSV file. Every row is checked first; nothing is imported while a row has an error."
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={commit.isPending}>
            Cancel
          </Button>
          <Button
            disabled={!ready || commit.isPending}
            loading={commit.isPending}
            onClick={() => void runImport()}
          >
            <Upload size={16} aria-hidden />
            {preview
              ? `Import ${preview.valid_count} ${preview.valid_count === 1 ? 'product' : 'products'}`
              : 'Import'}
          </Button>
        </>
      }
    >
      <Flex direction="column" gap="3">
        <Text as="p" size="2" color="gray">
          Columns: {PRODUCT_IMPORT_COLUMNS.join(', ')} (only name is required; vendor is an active vendor's
          name).{' '}
          <a
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(productImportTemplate)}`}
            download="products-template.csv"
          >
            Download a template
          </a>
        </Text>
        <Flex direction="column" gap="1">
          <label htmlFor={inputId}>
            <Text size="2" weight="medium">
              CSV file
            </Text>
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={commit.isPending}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void readFile(file);
            }}
          />
        </Flex>
        {fileErrors.length > 0 ? (
          <Callout variant="error">
            {fileName ? `${fileName}: ` : ''}
            {fileErrors.join(' ')}
          </Callout>
        ) : null}
        {check.isPending ? <Text size="2">Checking rows…</Text> : null}
        {preview ? <PreviewTable rows={rows} preview={preview} /> : null}
      </Flex>
    </Modal>
  );
}

function PreviewTable({ rows, preview }: { rows: ProductImportRow[]; preview: Preview }): ReactElement {
  return (
    <Flex direction="column" gap="2">
      <Text as="p" size="2" role="status">
        {preview.error_count === 0
          ? `All ${preview.valid_count} rows are ready to import.`
          : `${preview.error_count} of ${rows.length} rows have errors. Fix them in the file and choose it again.`}
      </Text>
      {/* Scrolls on its own (long files, phones), so it takes the focus for the keyboard. */}
      <Table.Root
        variant="surface"
        size="1"
        tabIndex={0}
        role="region"
        aria-label="Checked rows"
        style={{ maxHeight: 360, overflow: 'auto' }}
      >
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Row</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Product</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Result</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {preview.rows.map((result) => {
            const row = rows[result.row - 1];
            return (
              <Table.Row key={result.row}>
                <Table.RowHeaderCell>{result.row}</Table.RowHeaderCell>
                <Table.Cell>
                  <ImportedProduct row={row} />
                </Table.Cell>
                <Table.Cell>
                  {result.errors.length === 0 ? (
                    <Badge color="green" variant="soft" highContrast>
                      Ready
                    </Badge>
                  ) : (
                    <Flex direction="column">
                      {result.errors.map((error) => (
                        <Text
                          key={`${error.field}:${error.message}`}
                          size="1"
                          color="red"
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {error.field}: {error.message}
                        </Text>
                      ))}
                    </Flex>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Flex>
  );
}

/** A row's name, then its SKU and price (one column, so the preview fits a phone). */
function ImportedProduct({ row }: { row: ProductImportRow | undefined }): ReactElement {
  const extra = [row?.sku, row?.unit_price].filter(Boolean).join(' · ');
  return (
    <Flex direction="column" style={{ overflowWrap: 'anywhere' }}>
      <Text size="2">{row?.name || '(no name)'}</Text>
      {extra ? (
        <Text size="1" color="gray">
          {extra}
        </Text>
      ) : null}
    </Flex>
  );
}
