import { Box, Flex, IconButton, Text } from '@radix-ui/themes';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { type CSSProperties, type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { NARROW_SCREEN_QUERY, useNarrowScreen } from '../kit/useNarrowScreen';
import { NotificationBell } from '../NotificationBell';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { MobileMenu } from './MobileMenu';
import { Brand, MainNavigation, OrganizationMenu, OrganizationSelect, UserPanel } from './SidebarParts';
import { SkipToContent } from './SkipToContent';
import { isActivePath, sidebarItems } from './sidebarItems';

/** localStorage key remembering whether the sidebar is collapsed. */
export const SIDEBAR_COLLAPSED_KEY = 'purchasing.sidebar_collapsed';

/** Below this width (a phone) the sidebar is a menu button in the header that opens it over the content. */
export { NARROW_SCREEN_QUERY };

const EXPANDED_WIDTH = 256;
const COLLAPSED_WIDTH = 68;

/**
 * The program title the header shows on every screen (document 1 §1: "The header shows the program
 * title"); each screen names itself once, in its own heading (issue 19, item 12).
 */
export const PROGRAM_TITLE = 'Purchasing Platform';

/** Props of {@link AppShell}. */
export interface AppShellProps {
  /** The host's current path, to highlight the active sidebar item. */
  currentPath: string;
  /** The screen. */
  children?: ReactNode;
}

function readCollapsed(): boolean {
  try {
    return globalThis.localStorage?.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeCollapsed(collapsed: boolean): void {
  try {
    globalThis.localStorage?.setItem(SIDEBAR_COLLAPSED_KEY, String(collapsed));
  } catch {
    // Private modes may refuse storage; the sidebar still toggles for this visit.
  }
}

/**
 * The signed-in layout: a sidebar (navigation filtered by the current organisation's permissions,
 * organisation selector, user and Sign out; collapsible to icons, the organisation then a menu) and a
 * header with the program title ({@link PROGRAM_TITLE}) and notifications bell, around the screen. On a phone the sidebar is a
 * menu button in the header that opens the same content over the screen ({@link MobileMenu}).
 */
export function AppShell({ currentPath, children }: AppShellProps): ReactElement {
  const { navigation } = usePurchasing();
  const session = useSession();
  const [collapsedPreference, setCollapsedPreference] = useState(readCollapsed);
  const narrow = useNarrowScreen();
  const [menuOpen, setMenuOpen] = useState(false);
  const collapsed = collapsedPreference;
  const items = sidebarItems.filter((item) => !item.permission || session.hasPermission(item.permission));
  const active = items.find((item) => isActivePath(currentPath, item.href(navigation.hrefs)));

  const toggle = () => {
    writeCollapsed(!collapsedPreference);
    setCollapsedPreference(!collapsedPreference);
  };

  // Going somewhere (a link, the browser's back button) closes the phone menu.
  useEffect(() => {
    if (currentPath) setMenuOpen(false);
  }, [currentPath]);
  // A phone turned to a wide screen has the sidebar instead.
  useEffect(() => {
    if (!narrow) setMenuOpen(false);
  }, [narrow]);

  const mainRef = useRef<HTMLElement>(null);
  const signOut = async () => {
    await session.logout();
    navigation.navigate(navigation.hrefs.login(), { replace: true });
  };

  return (
    <Flex
      style={
        {
          minHeight: '100vh',
          background: 'var(--gray-2)',
          // The sticky header's height, so screens can keep their own sticky parts clear of it.
          '--app-shell-header-height': '64px',
        } as CSSProperties
      }
    >
      <SkipToContent target={mainRef} />
      {narrow ? null : (
        <Flex
          asChild
          direction="column"
          flexShrink="0"
          style={{
            width: collapsed ? COLLAPSED_WIDTH : EXPANDED_WIDTH,
            height: '100vh',
            position: 'sticky',
            top: 0,
            background: 'var(--color-panel-solid)',
            borderRight: '1px solid var(--gray-a5)',
            transition: 'width 150ms ease',
          }}
        >
          <aside aria-label="Sidebar" data-print="hide">
            <Flex
              align="center"
              justify={collapsed ? 'center' : 'between'}
              gap="2"
              px="3"
              flexShrink="0"
              style={{ height: 64, borderBottom: '1px solid var(--gray-a5)' }}
            >
              {collapsed ? null : <Brand />}
              <IconButton
                variant="ghost"
                color="gray"
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-expanded={!collapsed}
                onClick={toggle}
                style={{ margin: 0 }}
              >
                {collapsed ? (
                  <PanelLeftOpen size={18} aria-hidden />
                ) : (
                  <PanelLeftClose size={18} aria-hidden />
                )}
              </IconButton>
            </Flex>

            {collapsed ? (
              <Flex justify="center" pt="3" flexShrink="0">
                <OrganizationMenu />
              </Flex>
            ) : (
              <Box px="3" pt="4" pb="2" flexShrink="0">
                <OrganizationSelect />
              </Box>
            )}

            <MainNavigation items={items} active={active} collapsed={collapsed} />

            <UserPanel collapsed={collapsed} onSignOut={() => void signOut()} />
          </aside>
        </Flex>
      )}

      <Flex direction="column" flexGrow="1" minWidth="0">
        <Flex
          asChild
          align="center"
          justify="between"
          gap="3"
          px={{ initial: '3', sm: '5' }}
          style={{
            height: 'var(--app-shell-header-height)',
            background: 'var(--color-panel-solid)',
            borderBottom: '1px solid var(--gray-a5)',
            position: 'sticky',
            top: 0,
            zIndex: 1,
          }}
        >
          <header data-print="hide">
            <Flex align="center" gap="3" minWidth="0">
              {narrow ? (
                <MobileMenu
                  open={menuOpen}
                  onOpenChange={setMenuOpen}
                  items={items}
                  active={active}
                  onSignOut={() => void signOut()}
                />
              ) : null}
              {/* Not a heading: the screen's own heading names the page, once. */}
              <Text as="p" size="4" weight="bold" truncate>
                {PROGRAM_TITLE}
              </Text>
            </Flex>
            <Box position="relative" flexShrink="0">
              {session.currentOrganization ? (
                <NotificationBell organizationId={session.currentOrganization.id} />
              ) : null}
            </Box>
          </header>
        </Flex>
        <Box asChild p={{ initial: '4', sm: '5', lg: '6' }} style={{ flex: 1 }}>
          <main ref={mainRef} tabIndex={-1} aria-label="Content" style={{ outline: 'none' }}>
            {children}
          </main>
        </Box>
      </Flex>
    </Flex>
  );
}
