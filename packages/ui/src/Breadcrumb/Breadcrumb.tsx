import { Flex, Link, Text } from '@radix-ui/themes';
import { ChevronRight } from 'lucide-react';
import type { MouseEvent, ReactElement } from 'react';

/** One step of a {@link Breadcrumb} trail. */
export interface BreadcrumbItem {
  /** Visible text of the step. */
  label: string;
  /** Where the step links to; without it the step is plain text. */
  href?: string;
}

/** Props of {@link Breadcrumb}. */
export interface BreadcrumbProps {
  /** The trail from the top level to the current page, which is the last item. */
  items: readonly BreadcrumbItem[];
  /**
   * Called instead of a full page load when a link is clicked plainly (left button, no modifier key),
   * so a router can navigate; ctrl/cmd/shift/middle clicks keep the browser's behaviour (new tab).
   * Without it the links behave as ordinary links.
   */
  onNavigate?: (href: string) => void;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A breadcrumb trail: a `nav` named 'Breadcrumb' with an ordered list of real links; the last item is
 * the current page (`aria-current="page"`).
 */
export function Breadcrumb({ items, onNavigate }: BreadcrumbProps): ReactElement {
  return (
    <nav aria-label="Breadcrumb">
      <Flex asChild align="center" gap="2" wrap="wrap">
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item, index) => {
            const current = index === items.length - 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; a trail's position is its identity
              <Flex asChild align="center" gap="2" key={index}>
                <li>
                  {item.href ? (
                    <Link
                      href={item.href}
                      size="2"
                      color={current ? 'gray' : undefined}
                      highContrast={current}
                      aria-current={current ? 'page' : undefined}
                      onClick={(event) => {
                        if (!onNavigate || !item.href || !isPlainClick(event)) return;
                        event.preventDefault();
                        onNavigate(item.href);
                      }}
                    >
                      {item.label}
                    </Link>
                  ) : (
                    <Text
                      size="2"
                      color={current ? undefined : 'gray'}
                      weight={current ? 'medium' : undefined}
                      aria-current={current ? 'page' : undefined}
                    >
                      {item.label}
                    </Text>
                  )}
                  {current ? null : (
                    <ChevronRight size={14} aria-hidden style={{ color: 'var(--gray-11)', flexShrink: 0 }} />
                  )}
                </li>
              </Flex>
            );
          })}
        </ol>
      </Flex>
    </nav>
  );
}
