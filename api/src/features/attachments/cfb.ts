/**
 * A small, bounded reader of Microsoft Compound File Binary (MS-CFB) containers, the format of
 * legacy Word (.doc) and Excel (.xls) files, and also of Windows Installer packages (.msi) and
 * other OLE files. Magic bytes alone cannot tell them apart; the streams at the root can:
 * a Word document has `WordDocument`, an Excel workbook `Workbook` (BIFF8) or `Book` (BIFF5).
 *
 * Every offset read is checked against the buffer and every chain walk is bounded, so a crafted
 * file yields `null`, never an exception or an endless loop.
 */

const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const HEADER_BYTES = 512;
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY_BYTES = 128;
/** Sector numbers at or above this value are markers (free, end of chain, FAT, DIFAT). */
const MAX_REGULAR_SECTOR = 0xfffffffa;
const NO_STREAM = 0xffffffff;
const ENTRY_STREAM = 2;
const ENTRY_ROOT = 5;

/** The compound file's signature starts the buffer. */
export function isCompoundFile(bytes: Uint8Array): boolean {
  return bytes.length >= HEADER_BYTES && Buffer.from(bytes.subarray(0, 8)).equals(SIGNATURE);
}

/**
 * Names of the streams directly under the root storage of a compound file, or `null` when the
 * buffer is not a readable compound file.
 */
export function compoundFileRootStreams(input: Uint8Array): Set<string> | null {
  if (!isCompoundFile(input)) return null;
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const sectorShift = bytes.readUInt16LE(0x1e);
  // Version 3 files use 512-byte sectors, version 4 files 4096-byte sectors; nothing else exists.
  if (sectorShift !== 9 && sectorShift !== 12) return null;
  const sectorSize = 1 << sectorShift;
  // The header fills the first sector (512 bytes of it are used; version 4 pads it to 4096).
  const sectorCount = Math.floor(bytes.length / sectorSize) - 1;
  const sectorOffset = (sector: number): number | null => {
    if (sector >= sectorCount) return null;
    return (sector + 1) * sectorSize;
  };

  const fatSectors = readFatSectorList(bytes, sectorSize, sectorCount, sectorOffset);
  if (!fatSectors) return null;
  const entriesPerSector = sectorSize / 4;
  const nextSector = (sector: number): number | null => {
    const fatSector = fatSectors[Math.floor(sector / entriesPerSector)];
    if (fatSector === undefined) return null;
    const offset = sectorOffset(fatSector);
    if (offset === null) return null;
    return bytes.readUInt32LE(offset + (sector % entriesPerSector) * 4);
  };

  // The directory is a chain of sectors holding 128-byte entries.
  const entries: Buffer[] = [];
  const visited = new Set<number>();
  for (let sector = bytes.readUInt32LE(0x30); sector < MAX_REGULAR_SECTOR; ) {
    if (visited.has(sector)) return null;
    visited.add(sector);
    const offset = sectorOffset(sector);
    if (offset === null) return null;
    for (let at = offset; at < offset + sectorSize; at += DIRECTORY_ENTRY_BYTES) {
      entries.push(bytes.subarray(at, at + DIRECTORY_ENTRY_BYTES));
    }
    const next = nextSector(sector);
    if (next === null) return null;
    sector = next;
  }

  const root = entries[0];
  if (!root || root[0x42] !== ENTRY_ROOT) return null;
  // The root's children form a red-black tree linked by left/right sibling ids.
  const names = new Set<string>();
  const pending = [root.readUInt32LE(0x4c)];
  const seen = new Set<number>();
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (id === NO_STREAM) continue;
    const entry = entries[id];
    if (!entry || seen.has(id)) return null;
    seen.add(id);
    const nameBytes = entry.readUInt16LE(0x40);
    if (nameBytes < 2 || nameBytes > 64 || nameBytes % 2 !== 0) return null;
    if (entry[0x42] === ENTRY_STREAM) names.add(entry.toString('utf16le', 0, nameBytes - 2));
    pending.push(entry.readUInt32LE(0x44), entry.readUInt32LE(0x48));
  }
  return names;
}

/** The sectors holding the FAT: 109 listed in the header, the rest in the DIFAT chain. */
function readFatSectorList(
  bytes: Buffer,
  sectorSize: number,
  sectorCount: number,
  sectorOffset: (sector: number) => number | null,
): number[] | null {
  const fatSectorCount = bytes.readUInt32LE(0x2c);
  if (fatSectorCount === 0 || fatSectorCount > sectorCount) return null;
  const list: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES && list.length < fatSectorCount; i++) {
    list.push(bytes.readUInt32LE(0x4c + i * 4));
  }
  const visited = new Set<number>();
  for (let sector = bytes.readUInt32LE(0x44); list.length < fatSectorCount && sector < MAX_REGULAR_SECTOR; ) {
    if (visited.has(sector)) return null;
    visited.add(sector);
    const offset = sectorOffset(sector);
    if (offset === null) return null;
    const perSector = sectorSize / 4 - 1;
    for (let i = 0; i < perSector && list.length < fatSectorCount; i++) {
      list.push(bytes.readUInt32LE(offset + i * 4));
    }
    sector = bytes.readUInt32LE(offset + perSector * 4);
  }
  return list.length === fatSectorCount ? list : null;
}
