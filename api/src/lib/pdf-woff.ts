import { inflateSync } from 'node:zlib';

/**
 * WOFF 1.0 to the OpenType (sfnt) font it wraps, for the `@fontsource` fonts (see pdf-fonts.ts).
 *
 * fontkit reads WOFF, but inflates a table each time it reads from it: laying out and embedding a
 * few emoji from Noto Emoji's 570 KB WOFF took about 0.8 s a document, the same glyphs from the font
 * unwrapped once a few milliseconds. So each WOFF file is unwrapped once, when first read: the tables
 * inflated (those stored uncompressed copied), laid out behind a new table directory, each on a
 * four-byte boundary, with the checksums the WOFF file carries (those of the original tables).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const original = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < original ? inflateSync(stored) : stored,
    };
  });
  const padded = (length: number) => (length + 3) & ~3;
  const headerLength = 12 + 16 * count;
  const sfnt = Buffer.alloc(tables.reduce((sum, table) => sum + padded(table.data.length), headerLength));
  // The offset table: the search fields are for a binary search over the table records.
  let power = 1;
  let log = 0;
  while (power * 2 <= count) {
    power *= 2;
    log++;
  }
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(log, 8);
  sfnt.writeUInt16BE(count * 16 - power * 16, 10);
  let at = headerLength;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(at, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, at);
    at += padded(table.data.length);
  });
  return sfnt;
}
