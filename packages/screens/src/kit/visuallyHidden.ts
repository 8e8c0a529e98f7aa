/**
 * The style of an element read by screen readers only, where Radix's `VisuallyHidden` cannot wrap it
 * (a table's `<caption>`, which must stay the table's child).
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
