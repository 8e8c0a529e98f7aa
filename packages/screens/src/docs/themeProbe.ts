/**
 * Computed-style probes for the Theming stories: what a token resolves to inside a given theme, and
 * the luminance and contrast of computed colours (Chromium serialises them as `rgb()`/`rgba()` or as
 * `color(display-p3 r g b)`; both are read as sRGB-like channels, close enough for the thresholds).
 */

/** The computed value of `property` set to `value` (a token such as `var(--accent-9)`) inside `scope`. */
export function resolveToken(
  scope: Element,
  value: string,
  property: 'color' | 'borderRadius' | 'width' = 'color',
) {
  const probe = scope.ownerDocument.createElement('span');
  probe.style.position = 'absolute';
  probe.style.display = 'block';
  probe.style[property] = value;
  scope.appendChild(probe);
  const resolved = getComputedStyle(probe)[property];
  probe.remove();
  return resolved;
}

/** The channels (0..1) and alpha of a computed colour. */
export function channels(color: string): { rgb: [number, number, number]; alpha: number } {
  const p3 =
    /color\(\s*(?:display-p3|srgb)\s+([\d.e-]+)\s+([\d.e-]+)\s+([\d.e-]+)(?:\s*\/\s*([\d.]+))?\)/.exec(color);
  if (p3) return { rgb: [Number(p3[1]), Number(p3[2]), Number(p3[3])], alpha: p3[4] ? Number(p3[4]) : 1 };
  const rgb = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,/\s]+([\d.]+))?\)/.exec(color);
  if (rgb) {
    return {
      rgb: [Number(rgb[1]) / 255, Number(rgb[2]) / 255, Number(rgb[3]) / 255],
      alpha: rgb[4] ? Number(rgb[4]) : 1,
    };
  }
  throw new Error(`unreadable colour: ${color}`);
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(color: string): number {
  const [r, g, b] = channels(color).rgb.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two opaque colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The first opaque background behind `element`, walking up its ancestors. */
export function backgroundBehind(element: Element): string {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const background = getComputedStyle(node).backgroundColor;
    if (channels(background).alpha === 1) return background;
  }
  return 'rgb(255, 255, 255)';
}

/** A computed length in pixels as a number ('28.8px' → 28.8). */
export function px(value: string): number {
  return Number.parseFloat(value);
}
