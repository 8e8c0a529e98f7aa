import { usePortalContainer } from '@purchasing/ui';
import { Box, Dialog, Flex, IconButton } from '@radix-ui/themes';
import { Menu, X } from 'lucide-react';
import type { ReactElement } from 'react';
import { Brand, MainNavigation, OrganizationSelect, UserPanel } from './SidebarParts';
import type { SidebarItem } from './sidebarItems';

/** Props of {@link MobileMenu}. */
export interface MobileMenuProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  items: readonly SidebarItem[];
  active: SidebarItem | undefined;
  onSignOut(): void;
}

/**
 * The navigation on a phone (issue 19, item 6): a menu button for the header that opens the sidebar's
 * content (organisation selector, main navigation, user and Sign out) as a panel from the left over a
 * scrim. A Radix dialog: the focus stays inside while it is open and returns to the button; the scrim,
 * Escape, the close button and following a link close it.
 */
export function MobileMenu({ open, onOpenChange, items, active, onSignOut }: MobileMenuProps): ReactElement {
  const portalContainer = usePortalContainer();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <IconButton variant="ghost" color="gray" size="3" aria-label="Open menu" style={{ margin: 0 }}>
          <Menu size={20} aria-hidden />
        </IconButton>
      </Dialog.Trigger>
      <Dialog.Content
        container={portalContainer}
        aria-describedby={undefined}
        // A panel along the left edge instead of Radix's centred card.
        style={{
          position: 'fixed',
          top: 0,
          bottom: 0,
          left: 0,
          width: 'min(288px, 85vw)',
          maxWidth: 'none',
          height: '100dvh',
          maxHeight: 'none',
          margin: 0,
          padding: 0,
          borderRadius: 0,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <Flex
          align="center"
          justify="between"
          gap="2"
          px="3"
          flexShrink="0"
          style={{ height: 64, borderBottom: '1px solid var(--gray-a5)' }}
        >
          <Brand
            titleAs={(name) => (
              <Dialog.Title size="3" weight="bold" mb="0" truncate>
                {name}
              </Dialog.Title>
            )}
          />
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label="Close menu" style={{ margin: 0 }}>
              <X size={18} aria-hidden />
            </IconButton>
          </Dialog.Close>
        </Flex>
        <Box px="3" pt="4" pb="2" flexShrink="0">
          <OrganizationSelect />
        </Box>
        <MainNavigation
          items={items}
          active={active}
          collapsed={false}
          onNavigate={() => onOpenChange(false)}
        />
        <UserPanel collapsed={false} onSignOut={onSignOut} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
