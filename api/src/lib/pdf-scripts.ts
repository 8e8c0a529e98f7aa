/**
 * The scripts of a text, for the PDFs' fonts (see pdf-fonts.ts): which font draws each character, and
 * a text split into runs of one script.
 */
export type Script = 'latin' | 'cjk' | 'korean' | 'arabic' | 'hebrew' | 'thai';
export type Weight = 'regular' | 'bold';

/**
 * Whether fontkit lays a run in this script out right to left (reversing it): Arabic and Hebrew.
 * Such a run is given to pdfkit in reading order (see pdf-bidi.ts).
 */
export function isRightToLeft(script: Script): boolean {
  return script === 'arabic' || script === 'hebrew';
}

/** The script of one character, or null for spaces, which join the run around them. */
export function scriptOf(char: string): Script | null {
  const code = char.codePointAt(0) ?? 0;
  if (/\s/.test(char)) return null;
  if (
    (code >= 0x0600 && code <= 0x06ff) ||
    (code >= 0x0750 && code <= 0x077f) ||
    (code >= 0x0870 && code <= 0x08ff) ||
    (code >= 0xfb50 && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfeff)
  ) {
    return 'arabic';
  }
  if ((code >= 0x0590 && code <= 0x05ff) || (code >= 0xfb1d && code <= 0xfb4f)) return 'hebrew';
  if (code >= 0x0e00 && code <= 0x0e7f) return 'thai';
  // Hangul syllables and jamo (the compatibility jamo lie inside the CJK range below).
  if (
    (code >= 0x1100 && code <= 0x11ff) ||
    (code >= 0x3130 && code <= 0x318f) ||
    (code >= 0xa960 && code <= 0xa97f) ||
    (code >= 0xac00 && code <= 0xd7ff)
  ) {
    return 'korean';
  }
  if (
    (code >= 0x2e80 && code <= 0x2fdf) ||
    (code >= 0x3000 && code <= 0x31ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xffef) ||
    (code >= 0x20000 && code <= 0x3ffff)
  ) {
    return 'cjk';
  }
  return 'latin';
}

export interface Run {
  script: Script;
  text: string;
}

/**
 * Splits a text into runs of one script. Spaces stay in the run they follow, except that a space
 * after Arabic or Hebrew joins it only when the same script follows (so a run of right-to-left words
 * is laid out right to left as one, and digits or Latin after it are not). Tabs and carriage returns become spaces.
 */
export function scriptRuns(value: string): Run[] {
  const chars = Array.from(value.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' '));
  const runs: Run[] = [];
  let pendingSpace = '';
  const push = (script: Script, text: string) => {
    const last = runs[runs.length - 1];
    if (last && last.script === script) last.text += text;
    else runs.push({ script, text });
  };
  for (const char of chars) {
    const script = scriptOf(char);
    if (script === null) {
      pendingSpace += char;
      continue;
    }
    if (pendingSpace) {
      const last = runs[runs.length - 1];
      const into = !last
        ? script
        : isRightToLeft(last.script) && script !== last.script
          ? script
          : last.script;
      push(into, pendingSpace);
      pendingSpace = '';
    }
    push(script, char);
  }
  if (pendingSpace) push(runs[runs.length - 1]?.script ?? 'latin', pendingSpace);
  return runs;
}
