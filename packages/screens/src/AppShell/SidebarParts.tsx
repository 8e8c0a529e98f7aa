import { usePortalContainer } from '@purchasing/ui';
import {
  Box,
  DropdownMenu,
  Flex,
  IconButton,
  Button as RadixButton,
  Select,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@radix-ui/themes';
import { Building, LogOut } from 'lucide-react';
import { type ReactElement, useId } from 'react';
import { IconBadge, ProductMark } from '../kit/IconBadge';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import type { SidebarItem } from './sidebarItems';

/** The product's mark and name at the top of the sidebar and the phone menu. */
export function Brand({ titleAs }: { titleAs?: (name: string) => ReactElement }): ReactElement {
  return (
    <Flex align="center" gap="2" minWidth="0">
      <ProductMark size="small" />
      {titleAs ? (
        titleAs('Purchasing')
      ) : (
        <Text weight="bold" size="3" truncate>
          Purchasing
        </Text>
      )}
    </Flex>
  );
}

/** The main navigation: one link per item, the active one marked as the current page. */
export function MainNavigation({
  items,
  active,
  collapsed,
  onNavigate,
}: {
  items: readonly SidebarItem[];
  active: SidebarItem | undefined;
  collapsed: boolean;
  /** Called after a link navigated in the app (a plain click), e.g. to close the phone menu. */
  onNavigate?(): void;
}): ReactElement {
  return (
    <Box asChild px="3" py="3" style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
      <nav aria-label="Main">
        <Flex asChild direction="column" gap="1">
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item) => (
              <li key={item.id}>
                <SidebarLink
                  item={item}
                  active={item === active}
                  collapsed={collapsed}
                  onNavigate={onNavigate}
                />
              </li>
            ))}
          </ul>
        </Flex>
      </nav>
    </Box>
  );
}

function SidebarLink({
  item,
  active,
  collapsed,
  onNavigate,
}: {
  item: SidebarItem;
  active: boolean;
  collapsed: boolean;
  onNavigate?(): void;
}): ReactElement {
  const portalContainer = usePortalContainer();
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
      <a
        href={link.href}
        onClick={(event) => {
          link.onClick(event);
          if (event.defaultPrevented) onNavigate?.();
        }}
        aria-current={active ? 'page' : undefined}
      >
        <Icon size={18} aria-hidden style={{ flexShrink: 0 }} />
        {collapsed ? <VisuallyHidden>{item.label}</VisuallyHidden> : <span>{item.label}</span>}
      </a>
    </RadixButton>
  );
  return collapsed ? (
    <Tooltip container={portalContainer} content={item.label} side="right">
      {anchor}
    </Tooltip>
  ) : (
    anchor
  );
}

function organizationPlaceholder(loading: boolean, count: number): string {
  if (loading) return 'Loading...';
  return count === 0 ? 'No organizations' : 'Select organization';
}

/** The organisation selector of the expanded sidebar and the phone menu. */
export function OrganizationSelect(): ReactElement {
  const portalContainer = usePortalContainer();
  const { organizations, organizationsLoading, currentOrganization, switchOrganization } = useSession();
  const labelId = useId();
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
        <Select.Trigger
          placeholder={organizationPlaceholder(organizationsLoading, organizations.length)}
          aria-labelledby={labelId}
          style={{ width: '100%' }}
        />
        <Select.Content container={portalContainer} position="popper">
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

/**
 * The organisation selector of the sidebar collapsed to icons (issue 19, item 6): an icon button
 * naming the current organisation that opens a menu of the others.
 */
export function OrganizationMenu(): ReactElement {
  const portalContainer = usePortalContainer();
  const { organizations, organizationsLoading, currentOrganization, switchOrganization } = useSession();
  const current =
    currentOrganization?.name ?? organizationPlaceholder(organizationsLoading, organizations.length);
  const label = `Organization: ${current}`;
  return (
    <DropdownMenu.Root>
      <Tooltip container={portalContainer} content={label} side="right">
        <DropdownMenu.Trigger disabled={organizationsLoading || organizations.length === 0}>
          <IconButton variant="soft" color="gray" aria-label={label} style={{ margin: 0 }}>
            <Building size={18} aria-hidden />
          </IconButton>
        </DropdownMenu.Trigger>
      </Tooltip>
      <DropdownMenu.Content container={portalContainer} side="right" align="start">
        <DropdownMenu.Label>Organization</DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={currentOrganization?.id ?? ''}
          onValueChange={(id) => switchOrganization(id)}
        >
          {organizations.map((organization) => (
            <DropdownMenu.RadioItem key={organization.id} value={organization.id}>
              {organization.name}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/** The signed-in user's initials, name and email, and Sign out. */
export function UserPanel({ collapsed, onSignOut }: { collapsed: boolean; onSignOut(): void }): ReactElement {
  const portalContainer = usePortalContainer();
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
      <IconBadge
        size={36}
        background="var(--accent-a4)"
        color="var(--accent-11)"
        style={{ fontWeight: 600, fontSize: 'var(--font-size-2)' }}
      >
        {initials}
      </IconBadge>
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
      <Tooltip container={portalContainer} content="Sign out">
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
