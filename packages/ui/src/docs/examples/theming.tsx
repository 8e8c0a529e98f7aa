import '@radix-ui/themes/styles.css';
import { Button, Callout, formatMoney, StatTile, Toaster, toast } from '@purchasing/ui';
import { Theme } from '@radix-ui/themes';
import type { ReactElement } from 'react';

/** The widgets take the portal's theme: here dark, violet, large radius, a little smaller. */
export function PortalWidgets(): ReactElement {
  return (
    <Theme appearance="dark" accentColor="violet" grayColor="mauve" radius="large" scaling="95%">
      <StatTile label="Monthly Spend" value={formatMoney(48250.5)} />
      <Callout variant="warning">The requisition exceeds the cost centre's remaining budget.</Callout>
      <Button variant="primary" onClick={() => toast.success('Saved')}>
        Save
      </Button>
      {/* Inside the Theme, so the toasts are dark and violet too. */}
      <Toaster />
    </Theme>
  );
}
