import { DataList, Link, Text } from '@radix-ui/themes';
import type { CSSProperties, ReactElement, ReactNode } from 'react';

/** How a missing value reads on every detail screen (document 1 §2: a delivery date 'Not specified'). */
export const NOT_SPECIFIED = 'Not specified';

/** Grey text, for what is missing ('Not specified', '—'). */
export function Muted({ children }: { children: ReactNode }): ReactElement {
  return <Text color="gray">{children}</Text>;
}

/** Whether a value counts as missing: null, undefined, or text of blanks only. */
function isMissing(value: ReactNode): boolean {
  return (
    value === null || value === undefined || value === false || (typeof value === 'string' && !value.trim())
  );
}

/** Props of {@link Field}. */
export interface FieldProps {
  label: string;
  /** The value; null, undefined or blank text reads 'Not specified'. */
  children: ReactNode;
  /** Takes the whole row of a {@link FieldGrid} (long texts). */
  wide?: boolean;
}

/** One labelled value of a record. */
export function Field({ label, children, wide = false }: FieldProps): ReactElement {
  return (
    <DataList.Item align="start" style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <DataList.Label minWidth="110px">{label}</DataList.Label>
      <DataList.Value style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {isMissing(children) ? <Muted>{NOT_SPECIFIED}</Muted> : children}
      </DataList.Value>
    </DataList.Item>
  );
}

const gridStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: 'var(--space-4) var(--space-5)',
};

/**
 * A record's fields: `grid` puts labels over values in as many columns as fit (a main panel), `rows`
 * puts each label beside its value (a narrow side panel).
 */
export function FieldList({
  layout = 'grid',
  children,
}: {
  layout?: 'grid' | 'rows';
  children: ReactNode;
}): ReactElement {
  return layout === 'grid' ? (
    <DataList.Root orientation="vertical" size="2" style={gridStyle}>
      {children}
    </DataList.Root>
  ) : (
    <DataList.Root size="2">{children}</DataList.Root>
  );
}

/** A multi-line value as written (addresses keep their line breaks), or 'Not specified'. */
export function LongText({ value }: { value: string | null | undefined }): ReactElement {
  return value?.trim() ? (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Text>
  ) : (
    <Muted>{NOT_SPECIFIED}</Muted>
  );
}

/** A {@link Field}'s email address as a mail link, or null (which reads 'Not specified'). */
export function emailLink(address: string | null | undefined): ReactElement | null {
  return address ? <Link href={`mailto:${address}`}>{address}</Link> : null;
}

/** A {@link Field}'s phone number as a call link (without its spaces), or null (which reads 'Not specified'). */
export function phoneLink(number: string | null | undefined): ReactElement | null {
  return number ? <Link href={`tel:${number.replace(/\s+/g, '')}`}>{number}</Link> : null;
}
