import type { Schemas } from '@purchasing/api-client';
import { type BadgeProps, Box, Flex } from '@radix-ui/themes';
import {
  CheckCircle2,
  Clock,
  Forward,
  type LucideIcon,
  MessageCircleQuestion,
  XCircle,
  Zap,
} from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { IconBadge } from '../kit/IconBadge';
import { scaled } from '../kit/themeVariables';

/** Label, colour and icon of an entry of the timeline. */
export interface ActionPresentation {
  label: string;
  color: NonNullable<BadgeProps['color']>;
  Icon: LucideIcon;
}

/** Label, colour and icon of each action, and of an open step ('pending'). */
export const actionPresentation: Record<Schemas['ApprovalAction'] | 'pending', ActionPresentation> = {
  approve: { label: 'Approved', color: 'green', Icon: CheckCircle2 },
  auto_approve: { label: 'Auto-approved', color: 'teal', Icon: Zap },
  reject: { label: 'Rejected', color: 'red', Icon: XCircle },
  // The status badge's label, so the request reads the same on the badge and the timeline (issue 19 item 11).
  request_info: { label: 'Info Requested', color: 'orange', Icon: MessageCircleQuestion },
  delegate: { label: 'Delegated', color: 'blue', Icon: Forward },
  pending: { label: 'Pending', color: 'amber', Icon: Clock },
};

/** The icon badge's size on the timeline's rail. */
export const ICON_SIZE = 32;

/** One entry of the timeline: its icon on the rail (with the line to the next entry) and its content. */
export function TimelineRow({
  presentation,
  last,
  action,
  children,
}: {
  presentation: ActionPresentation;
  last: boolean;
  /** `data-step-action` of the entry. */
  action: string;
  children: ReactNode;
}): ReactElement {
  const { Icon } = presentation;
  return (
    <li data-step-action={action} style={{ display: 'flex', gap: 'var(--space-3)' }}>
      <Flex direction="column" align="center" flexShrink="0" style={{ width: scaled(ICON_SIZE) }}>
        <IconBadge
          size={ICON_SIZE}
          background={`var(--${presentation.color}-a3)`}
          color={`var(--${presentation.color}-11)`}
          style={{ boxShadow: `inset 0 0 0 1px var(--${presentation.color}-a6)` }}
        >
          <Icon size={16} />
        </IconBadge>
        {last ? null : (
          <Box
            aria-hidden
            flexGrow="1"
            style={{ width: 2, minHeight: 16, margin: '4px 0', background: 'var(--gray-a5)' }}
          />
        )}
      </Flex>
      <Flex direction="column" gap="1" minWidth="0" flexGrow="1" pb={last ? '0' : '5'}>
        {children}
      </Flex>
    </li>
  );
}
