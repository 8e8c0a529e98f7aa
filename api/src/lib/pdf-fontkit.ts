/**
 * A guard around fontkit (the font engine pdfkit lays text out with) for fonts with null anchors.
 *
 * A GPOS mark-attachment table may leave a base glyph without an anchor for a class of marks (a null
 * offset, which the OpenType spec allows: that mark is not positioned on that base). fontkit 2.0.4
 * reads the missing anchor's coordinates and throws `Cannot read properties of null (reading
 * 'xCoordinate')` (foliojs/fontkit#367, unfixed in the latest release). Noto Sans Gurmukhi, Telugu and
 * Khmer have such anchors: without the guard, a Punjabi, Telugu or Khmer name with a vowel sign
 * would make the purchase order's PDF fail. With it the mark is left where it stands, as HarfBuzz
 * does, and fontkit's glyphs and positions for the names in the tests match HarfBuzz's.
 */

interface Anchor {
  xCoordinate: number;
  yCoordinate: number;
}

interface GposProcessor {
  applyAnchor(markRecord: { markAnchor: Anchor | null }, baseAnchor: Anchor | null, baseIndex: number): void;
}

/** The GPOS processors already guarded (one per copy of fontkit loaded, in practice one). */
const guarded = new WeakSet<object>();

/**
 * Makes the GPOS processor of a fontkit font (and so of every font of that fontkit) skip a mark whose
 * anchor is null instead of throwing. `font` is pdfkit's embedded font's `font`; any value without a
 * GPOS processor (a standard PDF font, a font without GPOS) is left alone.
 */
export function guardNullAnchors(font: unknown): void {
  const engine = (font as { _layoutEngine?: { engine?: { GPOSProcessor?: object | null } } } | null)
    ?._layoutEngine?.engine;
  const processor = engine?.GPOSProcessor;
  if (!processor) return;
  const prototype = Object.getPrototypeOf(processor) as GposProcessor;
  if (guarded.has(prototype) || typeof prototype.applyAnchor !== 'function') return;
  const applyAnchor = prototype.applyAnchor;
  prototype.applyAnchor = function (this: GposProcessor, markRecord, baseAnchor, baseIndex) {
    if (!baseAnchor || !markRecord.markAnchor) return;
    applyAnchor.call(this, markRecord, baseAnchor, baseIndex);
  };
  guarded.add(prototype);
}
