/**
 * The PDFs' fonts, one entry per script (see pdf-fonts.ts, docs/decisions.md "Documents"): adding a
 * script is one line here and its package in api/package.json.
 *
 * - `font`: the npm package, `@fontsource/<font>` (its WOFF subset `<font>-<subset>-<400|700>-normal`),
 *   or `@expo-google-fonts/<font>` when `expo` names its TTF files (`<expo>_400Regular.ttf`).
 * - `subset`: the `@fontsource` subset when it is not the family less `noto-sans-` / `noto-serif-`.
 * - `blocks`: the Unicode blocks drawn in it, [first, last]. A script without blocks is chosen another
 *   way: Noto Sans ('latin') for any character no block names, the symbol fonts by coverage, the
 *   Japanese slices for Japanese text (pdf-scripts.ts).
 * - `rtl`: fontkit lays it out right to left, reversing it (its OpenType script is in fontkit's list of
 *   right-to-left scripts): such a run is given to pdfkit in reading order (see pdf-bidi.ts).
 * - `regularOnly`: published in one weight; its bold text is drawn regular.
 * - `shapeAs`: [the font's OpenType script, the script fontkit is told it is]: fontkit has no shaper
 *   for the font's script, so its script is renamed in the font fontkit reads (see pdf-fontkit.ts).
 * - `features`: OpenType features HarfBuzz's shaper applies to the script and fontkit's does not,
 *   asked for on every run of it (see `shapingInput` in pdf-fonts.ts).
 */
export interface ScriptFont {
  font: string;
  subset?: string;
  expo?: string;
  blocks?: readonly (readonly [number, number])[];
  rtl?: true;
  regularOnly?: true;
  shapeAs?: readonly [string, string];
  features?: readonly PDFKit.Mixins.OpenTypeFeatures[];
}

export const SCRIPT_FONTS = {
  latin: { font: 'noto-sans', expo: 'NotoSans' },
  cjk: {
    font: 'noto-sans-sc',
    expo: 'NotoSansSC',
    blocks: [
      [0x2e80, 0x2fdf],
      [0x3000, 0x312f],
      [0x3190, 0x31ff],
      [0x3400, 0x4dbf],
      [0x4e00, 0x9fff],
      [0xf900, 0xfaff],
      [0xfe30, 0xfe4f],
      [0xff00, 0xffef],
      [0x20000, 0x3ffff],
    ],
  },
  // Hangul jamo, compatibility jamo, jamo extended-A and syllables (with extended-B).
  korean: {
    font: 'noto-sans-kr',
    expo: 'NotoSansKR',
    blocks: [
      [0x1100, 0x11ff],
      [0x3130, 0x318f],
      [0xa960, 0xa97f],
      [0xac00, 0xd7ff],
    ],
  },
  arabic: {
    font: 'noto-sans-arabic',
    expo: 'NotoSansArabic',
    rtl: true,
    blocks: [
      [0x0600, 0x06ff],
      [0x0750, 0x077f],
      [0x0870, 0x08ff],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ],
  },
  thai: { font: 'noto-sans-thai', expo: 'NotoSansThai', blocks: [[0x0e00, 0x0e7f]] },
  hebrew: {
    font: 'noto-sans-hebrew',
    rtl: true,
    blocks: [
      [0x0590, 0x05ff],
      [0xfb1d, 0xfb4f],
    ],
  },
  armenian: {
    font: 'noto-sans-armenian',
    blocks: [
      [0x0530, 0x058f],
      [0xfb13, 0xfb17],
    ],
  },
  bengali: { font: 'noto-sans-bengali', blocks: [[0x0980, 0x09ff]] },
  emoji: { font: 'noto-emoji', subset: 'emoji' },
  ethiopic: {
    font: 'noto-sans-ethiopic',
    blocks: [
      [0x1200, 0x139f],
      [0x2d80, 0x2ddf],
      [0xab00, 0xab2f],
      [0x1e7e0, 0x1e7ff],
    ],
  },
  georgian: {
    font: 'noto-sans-georgian',
    blocks: [
      [0x10a0, 0x10ff],
      [0x1c90, 0x1cbf],
      [0x2d00, 0x2d2f],
    ],
  },
  gujarati: { font: 'noto-sans-gujarati', blocks: [[0x0a80, 0x0aff]] },
  gurmukhi: { font: 'noto-sans-gurmukhi', blocks: [[0x0a00, 0x0a7f]] },
  kannada: { font: 'noto-sans-kannada', blocks: [[0x0c80, 0x0cff]] },
  khmer: {
    font: 'noto-sans-khmer',
    blocks: [
      [0x1780, 0x17ff],
      [0x19e0, 0x19ff],
    ],
  },
  lao: { font: 'noto-sans-lao', blocks: [[0x0e80, 0x0eff]] },
  malayalam: { font: 'noto-sans-malayalam', blocks: [[0x0d00, 0x0d7f]] },
  myanmar: {
    font: 'noto-sans-myanmar',
    blocks: [
      [0x1000, 0x109f],
      [0xa9e0, 0xa9ff],
      [0xaa60, 0xaa7f],
    ],
  },
  oriya: { font: 'noto-sans-oriya', blocks: [[0x0b00, 0x0b7f]] },
  sinhala: {
    font: 'noto-sans-sinhala',
    blocks: [
      [0x0d80, 0x0dff],
      [0x111e0, 0x111ff],
    ],
  },
  tamil: { font: 'noto-sans-tamil', blocks: [[0x0b80, 0x0bff]] },
  telugu: { font: 'noto-sans-telugu', blocks: [[0x0c00, 0x0c7f]] },
  // Google publishes Tibetan only as Noto Serif Tibetan.
  tibetan: { font: 'noto-serif-tibetan', blocks: [[0x0f00, 0x0fff]] },
  syriac: {
    font: 'noto-sans-syriac',
    rtl: true,
    blocks: [
      [0x0700, 0x074f],
      [0x0860, 0x086f],
    ],
  },
  thaana: { font: 'noto-sans-thaana', rtl: true, blocks: [[0x0780, 0x07bf]] },
  mongolian: {
    font: 'noto-sans-mongolian',
    regularOnly: true,
    blocks: [
      [0x1800, 0x18af],
      [0x11660, 0x1167f],
    ],
  },
  nko: { font: 'noto-sans-nko', rtl: true, regularOnly: true, blocks: [[0x07c0, 0x07ff]] },
  tifinagh: { font: 'noto-sans-tifinagh', regularOnly: true, blocks: [[0x2d30, 0x2d7f]] },
  cherokee: {
    font: 'noto-sans-cherokee',
    blocks: [
      [0x13a0, 0x13ff],
      [0xab70, 0xabbf],
    ],
  },
  canadian: {
    font: 'noto-sans-canadian-aboriginal',
    blocks: [
      [0x1400, 0x167f],
      [0x18b0, 0x18ff],
      [0x11ab0, 0x11abf],
    ],
  },
  symbols: { font: 'noto-sans-symbols', subset: 'symbols' },
  symbols2: { font: 'noto-sans-symbols-2', subset: 'symbols', regularOnly: true },
  // UAX #31's Limited Use scripts (Table 7) with a Noto font on npm. Adlam and Hanifi Rohingya join
  // as Arabic does, and are shaped as Arabic (right to left) with the mark features HarfBuzz's
  // Universal Shaping Engine adds (Hanifi Rohingya's tahala is placed by 'abvm'); Newa by the
  // Universal Shaping Engine.
  adlam: {
    font: 'noto-sans-adlam',
    rtl: true,
    shapeAs: ['adlm', 'arab'],
    features: ['abvm', 'blwm'],
    blocks: [[0x1e900, 0x1e95f]],
  },
  balinese: { font: 'noto-sans-balinese', blocks: [[0x1b00, 0x1b7f]] },
  bamum: {
    font: 'noto-sans-bamum',
    blocks: [
      [0xa6a0, 0xa6ff],
      [0x16800, 0x16a3f],
    ],
  },
  buginese: { font: 'noto-sans-buginese', regularOnly: true, blocks: [[0x1a00, 0x1a1f]] },
  buhid: { font: 'noto-sans-buhid', regularOnly: true, blocks: [[0x1740, 0x175f]] },
  cham: { font: 'noto-sans-cham', blocks: [[0xaa00, 0xaa5f]] },
  rohingya: {
    font: 'noto-sans-hanifi-rohingya',
    rtl: true,
    shapeAs: ['rohg', 'arab'],
    features: ['abvm', 'blwm'],
    blocks: [[0x10d00, 0x10d3f]],
  },
  hanunoo: { font: 'noto-sans-hanunoo', regularOnly: true, blocks: [[0x1720, 0x173f]] },
  javanese: { font: 'noto-sans-javanese', blocks: [[0xa980, 0xa9df]] },
  kayahli: { font: 'noto-sans-kayah-li', blocks: [[0xa900, 0xa92f]] },
  lepcha: { font: 'noto-sans-lepcha', regularOnly: true, blocks: [[0x1c00, 0x1c4f]] },
  limbu: { font: 'noto-sans-limbu', regularOnly: true, blocks: [[0x1900, 0x194f]] },
  lisu: {
    font: 'noto-sans-lisu',
    // The Lisu subset lacks the Lisu Supplement's one letter (U+11FB0); the whole font has it.
    subset: 'all',
    blocks: [
      [0xa4d0, 0xa4ff],
      [0x11fb0, 0x11fbf],
    ],
  },
  meetei: {
    font: 'noto-sans-meetei-mayek',
    blocks: [
      [0xaae0, 0xaaff],
      [0xabc0, 0xabff],
    ],
  },
  mende: { font: 'noto-sans-mende-kikakui', rtl: true, regularOnly: true, blocks: [[0x1e800, 0x1e8df]] },
  miao: { font: 'noto-sans-miao', regularOnly: true, blocks: [[0x16f00, 0x16f9f]] },
  newa: {
    font: 'noto-sans-newa',
    regularOnly: true,
    shapeAs: ['newa', 'java'],
    blocks: [[0x11400, 0x1147f]],
  },
  // Not on @fontsource: the whole TTF from @expo-google-fonts.
  chakma: {
    font: 'noto-sans-chakma',
    expo: 'NotoSansChakma',
    regularOnly: true,
    blocks: [[0x11100, 0x1114f]],
  },
  newtailue: { font: 'noto-sans-new-tai-lue', blocks: [[0x1980, 0x19df]] },
  hmong: { font: 'noto-serif-nyiakeng-puachue-hmong', blocks: [[0x1e100, 0x1e14f]] },
  olchiki: { font: 'noto-sans-ol-chiki', blocks: [[0x1c50, 0x1c7f]] },
  osage: { font: 'noto-sans-osage', regularOnly: true, blocks: [[0x104b0, 0x104ff]] },
  saurashtra: { font: 'noto-sans-saurashtra', regularOnly: true, blocks: [[0xa880, 0xa8df]] },
  sundanese: {
    font: 'noto-sans-sundanese',
    blocks: [
      [0x1b80, 0x1bbf],
      [0x1cc0, 0x1ccf],
    ],
  },
  syloti: { font: 'noto-sans-syloti-nagri', regularOnly: true, blocks: [[0xa800, 0xa82f]] },
  tagalog: { font: 'noto-sans-tagalog', regularOnly: true, blocks: [[0x1700, 0x171f]] },
  tagbanwa: { font: 'noto-sans-tagbanwa', regularOnly: true, blocks: [[0x1760, 0x177f]] },
  taile: { font: 'noto-sans-tai-le', regularOnly: true, blocks: [[0x1950, 0x197f]] },
  taitham: { font: 'noto-sans-tai-tham', blocks: [[0x1a20, 0x1aaf]] },
  taiviet: { font: 'noto-sans-tai-viet', regularOnly: true, blocks: [[0xaa80, 0xaadf]] },
  tangsa: { font: 'noto-sans-tangsa', blocks: [[0x16a70, 0x16acf]] },
  toto: { font: 'noto-serif-toto', blocks: [[0x1e290, 0x1e2bf]] },
  sunuwar: { font: 'noto-sans-sunuwar', regularOnly: true, blocks: [[0x11bc0, 0x11bff]] },
  vai: { font: 'noto-sans-vai', regularOnly: true, blocks: [[0xa500, 0xa63f]] },
  yi: {
    font: 'noto-sans-yi',
    regularOnly: true,
    blocks: [
      [0xa000, 0xa48f],
      [0xa490, 0xa4cf],
    ],
  },
} as const satisfies Record<string, ScriptFont>;

/** A script with a font of its own (an entry above), or slice n of Noto Sans JP (pdf-font-files.ts). */
export type Script = keyof typeof SCRIPT_FONTS | `japanese-${number}`;

/** The entry of a script (a Japanese slice has none: it is Noto Sans JP's, in both weights). */
export function scriptFont(script: Script): ScriptFont | undefined {
  return (SCRIPT_FONTS as Record<string, ScriptFont>)[script];
}
