import { ApprovalQueueScreen, type PurchasingCssVariables } from '@purchasing/screens';
import { Theme } from '@radix-ui/themes';
import type { CSSProperties, ReactElement } from 'react';

// The portal has a fixed 56 px header and already sizes its content area.
const portalLayout: PurchasingCssVariables = {
  '--purchasing-sticky-top': '56px',
  '--purchasing-page-max-width': 'none',
};

/** Inside the providers of the embedding example: the screens follow this theme, dark mode included. */
export function DarkTasks(): ReactElement {
  return (
    <Theme
      appearance="dark"
      accentColor="purple"
      grayColor="mauve"
      radius="full"
      scaling="95%"
      style={portalLayout as CSSProperties}
    >
      <ApprovalQueueScreen />
    </Theme>
  );
}
