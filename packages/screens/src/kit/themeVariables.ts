/**
 * The CSS custom properties through which a host adjusts what Radix Themes' own tokens do not cover.
 * Everything else (accent, gray, radius, light/dark, scaling, fonts) follows the nearest Radix
 * `<Theme>`; these only place the screens inside the host's page. Set them on any ancestor of the
 * screens (the `<Theme>` element, the portal's content area) or on `:root`.
 */
export interface PurchasingCssVariables {
  /**
   * Space kept above the parts that stick while the page scrolls (the review's decision panel, a user's
   * overview), e.g. the height of the portal's fixed header: `'56px'`. Default: the AppShell's header
   * height inside `AppShell`, else `0px`.
   */
  '--purchasing-sticky-top'?: string;
  /**
   * Space kept below the forms' sticky action bar (Save, Cancel), e.g. above a portal's fixed footer.
   * Default: `var(--space-3)`.
   */
  '--purchasing-sticky-bottom'?: string;
  /**
   * The widest a screen's page grows. Default: each screen's own width (1000 px to 1400 px); `none`
   * fills the host's content area.
   */
  '--purchasing-page-max-width'?: string;
}

/** `top` of the screens' sticky parts. */
export const stickyTop = 'var(--purchasing-sticky-top, var(--app-shell-header-height, 0px))';

/** `bottom` of the forms' sticky action bar. */
export const stickyBottom = 'var(--purchasing-sticky-bottom, var(--space-3))';

/** A page's `max-width`: the host's `--purchasing-page-max-width`, else the screen's own width. */
export function pageMaxWidth(pixels: number): string {
  return `var(--purchasing-page-max-width, ${pixels}px)`;
}

/**
 * A length that follows the theme's `scaling` (90 % to 110 %) as Radix's own sizes do: for the few
 * boxes the screens size themselves (icon tiles, status dots).
 */
export function scaled(pixels: number): string {
  return `calc(${pixels}px * var(--scaling, 1))`;
}
