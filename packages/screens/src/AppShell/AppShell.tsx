import {
  Box,
  Flex,
  Heading,
  IconButton,
  Button as RadixButton,
  Select,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@radix-ui/themes';
import { Bell, LogOut, PanelLeftClose, PanelLeftOpen, ShoppingCart } from 'lucide-react';
import {
  type CSSProperties,
  type ReactElement,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { isActivePath, type SidebarItem, sidebarItems } from './sidebarItems';

/** localStorage key remembering whether the sidebar is collapsed. */
export const SIDEBAR_COLLAPSED_KEY = 'purchasing.sidebar_collapsed';

const EXPANDED_WIDTH = 256;
const COLLAPSED_WIDTH = 68;
/** Below this width the sidebar starts as icons and opens over the content instead of beside it. */
export const NARROW_SCREEN_QUERY = '(max-width: 767px)';

function subscribeToNarrowScreen(onChange: () => void): () => void {
  const query = globalThis.matchMedia?.(NARROW_SCREEN_QUERY);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

function isNarrowScreen(): boolean {
  return globalThis.matchMedia?.(NARROW_SCREEN_QUERY).matches ?? false;
}

/** Props of {@link AppShell}. */
export interface AppShellProps {
  /** The host's current path, to highlight the active item and title the page. */
  currentPath: string;
  /** The page title in the header; defaults to the label of the active sidebar item. */
  title?: string;
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
 * organisation selector, user and Sign out; collapsible to icons) and a header with the page title and
 * notifications bell, around the screen.
 */
export function AppShell({ currentPath, title, children }: AppShellProps): ReactElement {
  const { navigation } = usePurchasing();
  const session = useSession();
  const [collapsedPreference, setCollapsedPreference] = useState(readCollapsed);
  const narrow = useSyncExternalStore(subscribeToNarrowScreen, isNarrowScreen, () => false);
  // On a narrow screen the sidebar is icons unless opened, and opening is not remembered.
  const [openOnNarrow, setOpenOnNarrow] = useState(false);
  const collapsed = narrow ? !openOnNarrow : collapsedPreference;
  const overlay = narrow && openOnNarrow;
  const items = sidebarItems.filter((item) => !item.permission || session.hasPermission(item.permission));
  const active = items.find((item) => isActivePath(currentPath, item.href(navigation.hrefs)));
  const pageTitle = title ?? active?.label ?? 'Purchasing';

  const toggle = () => {
    if (narrow) {
      setOpenOnNarrow(!openOnNarrow);
      return;
    }
    writeCollapsed(!collapsedPreference);
    setCollapsedPreference(!collapsedPreference);
  };

  // Going somewhere closes the sidebar opened over the content.
  useEffect(() => {
    if (currentPath) setOpenOnNarrow(false);
  }, [currentPath]);

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
      {/* Keeps the content in place while the sidebar lies over it. */}
      {overlay ? <Box flexShrink="0" style={{ width: COLLAPSED_WIDTH }} /> : null}
      <Flex
        asChild
        direction="column"
        flexShrink="0"
        style={{
          width: collapsed ? COLLAPSED_WIDTH : EXPANDED_WIDTH,
          height: '100vh',
          position: overlay ? 'fixed' : 'sticky',
          top: 0,
          left: overlay ? 0 : undefined,
          zIndex: overlay ? 10 : undefined,
          boxShadow: overlay ? 'var(--shadow-5)' : undefined,
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
            style={{ height: 64, borderBottom: '1px solid var(--gray-a5)' }}
          >
            {collapsed ? null : (
              <Flex align="center" gap="2" minWidth="0">
                <Flex
                  aria-hidden
                  align="center"
                  justify="center"
                  flexShrink="0"
                  style={{
                    width: 32,
                    height: 32,
                    borderRadius: 'var(--radius-3)',
                    background: 'var(--accent-9)',
                    color: 'var(--accent-contrast)',
                  }}
                >
                  <ShoppingCart size={18} />
                </Flex>
                <Text weight="bold" size="3" truncate>
                  Purchasing
                </Text>
              </Flex>
            )}
            <IconButton
              variant="ghost"
              color="gray"
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!collapsed}
              onClick={toggle}
              style={{ margin: 0 }}
            >
              {collapsed ? <PanelLeftOpen size={18} aria-hidden /> : <PanelLeftClose size={18} aria-hidden />}
            </IconButton>
          </Flex>

          {collapsed ? null : (
            <Box px="3" pt="4" pb="2">
              <OrganizationSelect />
            </Box>
          )}

          <Box asChild px="3" py="3" style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
            <nav aria-label="Main">
              <Flex asChild direction="column" gap="1">
                <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {items.map((item) => (
                    <li key={item.id}>
                      <SidebarLink item={item} active={item === active} collapsed={collapsed} />
                    </li>
                  ))}
                </ul>
              </Flex>
            </nav>
          </Box>

          <UserPanel collapsed={collapsed} onSignOut={() => void signOut()} />
        </aside>
      </Flex>

      <Flex direction="column" flexGrow="1" minWidth="0">
        <Flex
          asChild
          align="center"
          justify="between"
          gap="3"
          px="5"
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
            <Heading as="h1" size="5" truncate>
              {pageTitle}
            </Heading>
            <Box position="relative">
              <IconButton
                variant="ghost"
                color="gray"
                size="3"
                aria-label="Notifications (unread)"
                style={{ margin: 0 }}
              >
                <Bell size={20} aria-hidden />
              </IconButton>
              <span
                aria-hidden
                data-testid="unread-dot"
                style={{
                  position: 'absolute',
                  top: 8,
                  right: 8,
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  background: 'var(--red-9)',
                  boxShadow: '0 0 0 2px var(--color-panel-solid)',
                  pointerEvents: 'none',
                }}
              />
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

function SidebarLink({
  item,
  active,
  collapsed,
}: {
  item: SidebarItem;
  active: boolean;
  collapsed: boolean;
}): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(item.href(navigation.hrefs));
  const Icon = item.icon;
  const anchor = (
    <RadixButton
      asChild
      size="2"
      variant={active ? 'soft' : 'ghost'}
      color={active ? undefined : 'gray'}
      highContrast={!active}
      style={{
        width: '100%',
        // Radix ghost buttons size without their padding; keep the link inside the nav.
        boxSizing: 'border-box',
        margin: 0,
        justifyContent: collapsed ? 'center' : 'flex-start',
        gap: 'var(--space-3)',
        height: 38,
        // Ghost and soft buttons pad differently; one padding keeps icons and labels in one column.
        padding: collapsed ? 0 : '0 var(--space-3)',
        fontWeight: active ? 600 : 400,
      }}
    >
      <a {...link} aria-current={active ? 'page' : undefined}>
        <Icon size={18} aria-hidden style={{ flexShrink: 0 }} />
        {collapsed ? <VisuallyHidden>{item.label}</VisuallyHidden> : <span>{item.label}</span>}
      </a>
    </RadixButton>
  );
  return collapsed ? (
    <Tooltip content={item.label} side="right">
      {anchor}
    </Tooltip>
  ) : (
    anchor
  );
}

function OrganizationSelect(): ReactElement {
  const { organizations, organizationsLoading, currentOrganization, switchOrganization } = useSession();
  const labelId = useId();
  const placeholder = organizationsLoading
    ? 'Loading...'
    : organizations.length === 0
      ? 'No organizations'
      : 'Select organization';
  return (
    <Flex direction="column" gap="1">
      <Text as="div" size="1" color="gray" weight="medium" id={labelId}>
        Organization
      </Text>
      <Select.Root
        value={currentOrganization?.id ?? ''}
        onValueChange={(id) => switchOrganization(id)}
        disabled={organizationsLoading || organizations.length === 0}
      >
        <Select.Trigger placeholder={placeholder} aria-labelledby={labelId} style={{ width: '100%' }} />
        <Select.Content position="popper">
          {organizations.map((organization) => (
            <Select.Item key={organization.id} value={organization.id}>
              {organization.name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}

function UserPanel({ collapsed, onSignOut }: { collapsed: boolean; onSignOut(): void }): ReactElement {
  const { user } = useSession();
  const name = user ? `${user.first_name} ${user.last_name}` : '';
  const initials = user ? `${user.first_name.charAt(0)}${user.last_name.charAt(0)}` : '';
  return (
    <Flex
      direction={collapsed ? 'column' : 'row'}
      align="center"
      gap="2"
      p="3"
      style={{ borderTop: '1px solid var(--gray-a5)' }}
    >
      <Flex
        aria-hidden
        align="center"
        justify="center"
        flexShrink="0"
        style={{
          width: 36,
          height: 36,
          borderRadius: '50%',
          background: 'var(--accent-a4)',
          color: 'var(--accent-11)',
          fontWeight: 600,
          fontSize: 'var(--font-size-2)',
        }}
      >
        {initials}
      </Flex>
      {collapsed ? null : (
        <Flex direction="column" minWidth="0" flexGrow="1">
          <Text size="2" weight="medium" truncate>
            {name}
          </Text>
          <Text size="1" color="gray" truncate>
            {user?.email}
          </Text>
        </Flex>
      )}
      <Tooltip content="Sign out">
        <IconButton
          variant="ghost"
          color="gray"
          aria-label="Sign out"
          onClick={onSignOut}
          style={{ margin: 0 }}
        >
          <LogOut size={18} aria-hidden />
        </IconButton>
      </Tooltip>
    </Flex>
  );
}

/**
 * "Skip to content": the first Tab stop of every signed-in screen (issue 19, item 15), hidden until
 * it has the focus; it moves the focus to the screen's content, past the sidebar and the header.
 */
function SkipToContent({ target }: { target: RefObject<HTMLElement | null> }): ReactElement {
  const [visible, setVisible] = useState(false);
  return (
    <button
      type="button"
      onFocus={() => setVisible(true)}
      onBlur={() => setVisible(false)}
      onClick={() => target.current?.focus()}
      style={
        visible
          ? {
              position: 'fixed',
              top: 'var(--space-2)',
              left: 'var(--space-2)',
              zIndex: 1000,
              padding: 'var(--space-2) var(--space-3)',
              background: 'var(--color-panel-solid)',
              color: 'var(--accent-11)',
              borderRadius: 'var(--radius-2)',
              boxShadow: 'var(--shadow-4)',
              border: 'none',
              font: 'inherit',
              fontWeight: 500,
              cursor: 'pointer',
            }
          : {
              position: 'absolute',
              width: 1,
              height: 1,
              padding: 0,
              border: 'none',
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
              whiteSpace: 'nowrap',
            }
      }
    >
      Skip to content
    </button>
  );
}
