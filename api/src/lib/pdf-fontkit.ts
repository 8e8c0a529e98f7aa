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

/** Where a font's table `tag` starts (from its table directory), or -1 when it has none. */
export function tableOffset(sfnt: Buffer, tag: string): number {
  for (let index = 0; index < sfnt.readUInt16BE(4); index++) {
    const record = 12 + index * 16;
    if (sfnt.toString('latin1', record, record + 4) === tag) return sfnt.readUInt32BE(record + 8);
  }
  return -1;
}

/**
 * A font with its GSUB reverse chaining substitutions (lookup type 8, also behind an extension
 * lookup) emptied, for fontkit. fontkit 2.0.4 has no processor for them, and its table definition
 * lacks the backtrack count, so reading one throws `Not a fixed size` and the whole layout fails:
 * Noto Sans Mongolian has one, so any Mongolian text would have failed the order's PDF. Each such
 * lookup is left in place with no subtables (it applies to nothing, as fontkit would have applied it
 * anyway). With it, fontkit lays the Mongolian names in the tests out in the glyphs and advances
 * HarfBuzz gives the unchanged font. Any other font comes back as it was (the same buffer).
 */
export function withoutReverseChainLookups(sfnt: Buffer): Buffer {
  const gsub = tableOffset(sfnt, 'GSUB');
  if (gsub < 0) return sfnt;
  const list = gsub + sfnt.readUInt16BE(gsub + 8);
  const at: number[] = [];
  for (let index = 0; index < sfnt.readUInt16BE(list); index++) {
    const lookup = list + sfnt.readUInt16BE(list + 2 + index * 2);
    let type = sfnt.readUInt16BE(lookup);
    // An extension lookup's subtables name the type they hold (all the same type).
    if (type === 7 && sfnt.readUInt16BE(lookup + 4) > 0) {
      type = sfnt.readUInt16BE(lookup + sfnt.readUInt16BE(lookup + 6) + 2);
    }
    if (type === 8) at.push(lookup);
  }
  if (at.length === 0) return sfnt;
  const copy = Buffer.from(sfnt);
  for (const lookup of at) copy.writeUInt16BE(0, lookup + 4);
  return copy;
}

/** The offsets of a GSUB or GPOS table's script records' tags in a font. */
function scriptRecordTags(sfnt: Buffer, table: 'GSUB' | 'GPOS'): number[] {
  const at = tableOffset(sfnt, table);
  if (at < 0) return [];
  const list = at + sfnt.readUInt16BE(at + 4);
  return Array.from({ length: sfnt.readUInt16BE(list) }, (_, script) => list + 2 + script * 6);
}

/**
 * A font whose GSUB and GPOS script `from` is renamed `to`, for fontkit, which picks its shaper by the
 * script's OpenType tag and has none for some (see `shapeAs` in pdf-script-table.ts): Adlam's and
 * Hanifi Rohingya's letters join as Arabic's do ('arab'), Newa is shaped by the Universal Shaping
 * Engine (as Javanese, 'java'). The features and lookups stay the font's own. The font embedded in the
 * PDF is pdfkit's subset, which has no GSUB or GPOS: the PDF is not affected.
 */
export function withScriptRenamed(sfnt: Buffer, from: string, to: string): Buffer {
  const at = (['GSUB', 'GPOS'] as const)
    .flatMap((table) => scriptRecordTags(sfnt, table))
    .filter((offset) => sfnt.toString('latin1', offset, offset + 4) === from);
  if (at.length === 0) return sfnt;
  const copy = Buffer.from(sfnt);
  for (const offset of at) copy.write(to, offset, 'latin1');
  return copy;
}

interface Layout {
  layout(text: string, features?: unknown, script?: string, language?: string, direction?: string): unknown;
}

/**
 * Makes a fontkit font lay every text out as script `tag` (pdfkit gives fontkit no script, and fontkit
 * finds none for Adlam, Hanifi Rohingya or Newa in its Unicode data): with {@link withScriptRenamed},
 * fontkit picks that script's shaper, and its direction ('arab' right to left).
 */
export function layoutAs(font: unknown, tag: string): void {
  const target = font as Layout | null;
  if (!target || typeof target.layout !== 'function') return;
  const layout = target.layout;
  target.layout = (text, features, script, language, direction) =>
    layout.call(target, text, features, script ?? tag, language, direction);
}
