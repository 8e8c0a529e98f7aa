/**
 * A story at a phone's size, 390 × 844 (issue 19): Storybook's viewport, which its Vitest plugin also
 * applies to the browser page, so a phone story renders and is tested at that width.
 * Spread into a story: `{ ...atPhoneSize, play }`.
 */
export const atPhoneSize = {
  parameters: {
    viewport: {
      options: {
        phone: { name: 'Phone (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
      },
    },
  },
  globals: { viewport: { value: 'phone', isRotated: false } },
} as const;

/** Throws when the page scrolls sideways (wider than the viewport). */
export function assertNoSidewaysScroll(): void {
  const { scrollWidth, clientWidth } = document.documentElement;
  if (scrollWidth > clientWidth) {
    throw new Error(`the page scrolls sideways: ${scrollWidth} px of content in ${clientWidth} px`);
  }
}
