import { Text, VisuallyHidden } from '@radix-ui/themes';
import type { ReactElement } from 'react';

/** 'quote.final.pdf' → ['quote.final', '.pdf']; a name without an extension (or a dotfile) stays whole. */
export function splitExtension(name: string): [stem: string, extension: string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1 || name.length - dot > 8) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

/**
 * A file's name on one line that, when too long, is cut in the middle: the start of the name, '…' and
 * the extension stay ('Quotation for the ergono….pdf'), so a reader still sees what kind of file it is.
 * Screen readers and text search read the whole name; the full name is also the tooltip.
 */
export function FileName({ name }: { name: string }): ReactElement {
  const [stem, extension] = splitExtension(name);
  return (
    <Text size="2" weight="medium" title={name} style={{ display: 'flex', minWidth: 0 }}>
      <VisuallyHidden>{name}</VisuallyHidden>
      <span aria-hidden style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {stem}
      </span>
      {extension ? (
        <span aria-hidden data-file-extension="" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {extension}
        </span>
      ) : null}
    </Text>
  );
}
