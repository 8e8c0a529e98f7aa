import { Badge } from '@radix-ui/themes';
import { AlarmClock, Clock } from 'lucide-react';
import type { ReactElement } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function span(ms: number): string {
  const [size, unit] =
    ms >= 2 * DAY
      ? [Math.floor(ms / DAY), 'day']
      : ms >= HOUR
        ? [Math.floor(ms / HOUR), 'hour']
        : [Math.max(1, Math.floor(ms / MINUTE)), 'minute'];
  return `${size} ${unit}${size === 1 ? '' : 's'}`;
}

/**
 * How a step's due time reads at `now` (docs/decisions.md "Reminders and escalation"): "Due in 2
 * days", "Due in 5 hours", "Overdue by 3 hours", "Overdue by 4 days". Under two days it counts hours,
 * so a step due tomorrow morning does not read "Due in 1 day" all day.
 */
export function dueLabel(dueAt: string, now: Date = new Date()): { text: string; overdue: boolean } {
  const left = new Date(dueAt).getTime() - now.getTime();
  return left > 0
    ? { text: `Due in ${span(left)}`, overdue: false }
    : { text: `Overdue by ${span(-left)}`, overdue: true };
}

/**
 * The due time of an open step as a badge: the words carry the meaning (the colour only repeats it),
 * with a clock, or an alarm clock once overdue. `overdue` is the server's answer; the words follow the
 * browser's clock.
 */
export function DueBadge({
  dueAt,
  overdue,
  now,
}: {
  dueAt: string;
  overdue: boolean;
  now?: Date;
}): ReactElement {
  const label = dueLabel(dueAt, now);
  const late = overdue || label.overdue;
  const text = late && !label.overdue ? 'Overdue' : label.text;
  return (
    <Badge color={late ? 'red' : 'gray'} variant={late ? 'solid' : 'soft'} highContrast={!late}>
      {late ? <AlarmClock size={12} aria-hidden /> : <Clock size={12} aria-hidden />}
      {text}
    </Badge>
  );
}
