import type { MouseEvent } from 'react';
import { usePurchasing } from './PurchasingProvider';

/** Props for a real `<a>` that navigates in-app on a plain left click. */
export interface LinkProps {
  href: string;
  onClick(event: MouseEvent<HTMLElement>): void;
}

/**
 * Props for an anchor to `href`: a plain left click navigates through the host's `navigate`; a
 * modified click (ctrl, meta, shift, alt), a middle click or a `target` other than `_self` is left to
 * the browser so it can open a tab or window.
 */
export function useLinkProps(href: string, options?: { replace?: boolean }): LinkProps {
  const { navigation } = usePurchasing();
  return {
    href,
    onClick(event) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.currentTarget.getAttribute('target');
      if (target && target !== '_self') return;
      event.preventDefault();
      navigation.navigate(href, options);
    },
  };
}
