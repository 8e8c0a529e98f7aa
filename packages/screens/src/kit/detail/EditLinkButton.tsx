import { Button as RadixButton } from '@radix-ui/themes';
import { Pencil } from 'lucide-react';
import type { ReactElement } from 'react';
import { useLinkProps } from '../../PurchasingProvider';

/** The Edit action of a record's page: a real link to its edit form (ctrl-click opens a tab), shown as a button. */
export function EditLinkButton({ href }: { href: string }): ReactElement {
  const link = useLinkProps(href);
  return (
    <RadixButton asChild variant="soft">
      <a {...link}>
        <Pencil size={16} aria-hidden />
        Edit
      </a>
    </RadixButton>
  );
}
