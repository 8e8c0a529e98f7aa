import type { Schemas } from '@purchasing/api-client';
import { formatRelativeTime, usePortalContainer } from '@purchasing/ui';
import {
  Badge,
  Box,
  Flex,
  IconButton,
  Popover,
  Button as RadixButton,
  Separator,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes';
import { Bell, CheckCheck, Settings } from 'lucide-react';
import { type MouseEvent, type ReactElement, type ReactNode, useState } from 'react';
import { usePurchasing } from '../PurchasingProvider';
import {
  bellLabel,
  notificationHref,
  notificationSettingsHref,
  notificationsHref,
} from './notificationLinks';
import { useNotifications } from './useNotifications';

type Notification = Schemas['Notification'];

/** Copy of the bell. */
export const notificationBellMessages = {
  title: 'Notifications',
  empty: 'You are all caught up.',
  loadFailed: 'Failed to load notifications.',
  loading: 'Loading notifications…',
  markAll: 'Mark all as read',
  viewAll: 'View all notifications',
  settings: 'Notification settings',
  unread: 'Unread',
} as const;

/** Props of {@link NotificationBell}. */
export interface NotificationBellProps {
  /** The current organisation. */
  organizationId: string;
  /** How often to ask for the unread count (default 30 s). */
  pollMs?: number;
  /** The clock for relative times (stories and tests pin it). */
  now?: () => Date;
}

/**
 * The header bell: the unread count as a badge ("Notifications, 3 unread"), a panel of the latest
 * notifications (text, relative time, unread dot); choosing one marks it read and goes to its
 * requisition, approval or order; "Mark all as read"; links to every notification and to the settings.
 * New ones appear without a reload (the count is polled with its entity tag).
 */
export function NotificationBell({ organizationId, pollMs, now }: NotificationBellProps): ReactElement {
  const { navigation } = usePurchasing();
  const portalContainer = usePortalContainer();
  const [open, setOpen] = useState(false);
  // The latest are asked for when the panel is about to open (pointer over the bell, focus on it) or
  // opens, not with every page's first load.
  const [wanted, setWanted] = useState(false);
  const { unread, latest, markRead, markAllRead } = useNotifications(organizationId, {
    ...(pollMs ? { pollMs } : {}),
    latestEnabled: wanted || open,
  });
  const items = latest.data?.notifications ?? [];
  const go = (href: string) => {
    setOpen(false);
    navigation.navigate(href);
  };
  const choose = (event: MouseEvent, notification: Notification) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (!notification.read_at) markRead.mutate(notification);
    go(notificationHref(navigation.hrefs, notification));
  };
  const allHref = notificationsHref(navigation.hrefs);
  const settingsHref = notificationSettingsHref(navigation.hrefs);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <IconButton
          variant="ghost"
          color="gray"
          size="3"
          aria-label={bellLabel(unread)}
          style={{ margin: 0 }}
          onPointerEnter={() => setWanted(true)}
          onFocus={() => setWanted(true)}
        >
          <Bell size={20} aria-hidden />
          {unread > 0 ? (
            <Badge
              aria-hidden
              data-testid="unread-badge"
              color="red"
              variant="solid"
              highContrast
              radius="full"
              size="1"
              style={{
                position: 'absolute',
                top: -4,
                right: -6,
                justifyContent: 'center',
                minWidth: 18,
                fontWeight: 700,
                boxShadow: '0 0 0 2px var(--color-panel-solid)',
                pointerEvents: 'none',
              }}
            >
              {unread > 99 ? '99+' : unread}
            </Badge>
          ) : null}
        </IconButton>
      </Popover.Trigger>
      <Popover.Content
        container={portalContainer}
        align="end"
        size="1"
        aria-label={notificationBellMessages.title}
        style={{ width: 'min(380px, calc(100vw - 24px))', padding: 0 }}
      >
        <Flex align="center" justify="between" gap="2" px="3" py="2">
          <Text as="p" weight="bold" size="3">
            {notificationBellMessages.title}
          </Text>
          <RadixButton
            variant="ghost"
            size="1"
            disabled={unread === 0 || markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            <CheckCheck size={14} aria-hidden /> {notificationBellMessages.markAll}
          </RadixButton>
        </Flex>
        <Separator size="4" />
        <Box style={{ maxHeight: 'min(420px, 60vh)', overflowY: 'auto' }}>
          {latest.isError ? (
            <Text as="p" size="2" color="red" m="3">
              {notificationBellMessages.loadFailed}
            </Text>
          ) : latest.isPending ? (
            <Text as="p" size="2" color="gray" m="3" role="status">
              {notificationBellMessages.loading}
            </Text>
          ) : items.length === 0 ? (
            <Text as="p" size="2" color="gray" m="3">
              {notificationBellMessages.empty}
            </Text>
          ) : (
            <ul aria-label="Latest notifications" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  href={notificationHref(navigation.hrefs, notification)}
                  onChoose={choose}
                  now={now?.() ?? new Date()}
                />
              ))}
            </ul>
          )}
        </Box>
        <Separator size="4" />
        <Flex justify="between" gap="2" px="3" py="2" wrap="wrap">
          <FooterLink href={allHref} onGo={go}>
            {notificationBellMessages.viewAll}
          </FooterLink>
          <FooterLink href={settingsHref} onGo={go}>
            <Settings size={14} aria-hidden /> {notificationBellMessages.settings}
          </FooterLink>
        </Flex>
      </Popover.Content>
    </Popover.Root>
  );
}

function FooterLink({
  href,
  onGo,
  children,
}: {
  href: string;
  onGo(href: string): void;
  children: ReactNode;
}): ReactElement {
  return (
    <Text asChild size="2">
      <a
        href={href}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onGo(href);
        }}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {children}
      </a>
    </Text>
  );
}

/** One notification: an unread dot, its text and when; a real link (ctrl-click opens a tab). */
export function NotificationItem({
  notification,
  href,
  onChoose,
  now,
}: {
  notification: Notification;
  href: string;
  onChoose(event: MouseEvent, notification: Notification): void;
  now: Date;
}): ReactElement {
  const unread = !notification.read_at;
  return (
    <li style={{ borderBottom: '1px solid var(--gray-a4)' }}>
      <a
        href={href}
        onClick={(event) => onChoose(event, notification)}
        style={{
          display: 'flex',
          gap: 10,
          padding: '10px 12px',
          color: 'inherit',
          textDecoration: 'none',
          background: unread ? 'var(--accent-a2)' : undefined,
        }}
      >
        <span
          aria-hidden
          style={{
            flex: '0 0 8px',
            height: 8,
            marginTop: 6,
            borderRadius: '50%',
            background: unread ? 'var(--accent-9)' : 'transparent',
          }}
        />
        <span style={{ minWidth: 0 }}>
          <Text as="span" size="2" weight={unread ? 'medium' : 'regular'} style={{ display: 'block' }}>
            {unread ? <VisuallyHidden>{`${notificationBellMessages.unread}:`}</VisuallyHidden> : null}{' '}
            {notification.message}
          </Text>
          <Text as="span" size="1" color="gray">
            <time dateTime={notification.created_at}>{formatRelativeTime(notification.created_at, now)}</time>
          </Text>
        </span>
      </a>
    </li>
  );
}
