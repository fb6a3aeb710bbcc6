import { readFileSync } from 'node:fs';

export interface ZipEntry {
  name: string;
  size: number;
  compressedSize: number;
  method: number;
}

/**
 * Reads the central directory of a zip file: enough to tell a real zip from anything else and to
 * list its entries (names are UTF-8 when flag bit 11 is set, as the zip crate writes them).
 */
export function listZip(path: string): ZipEntry[] {
  const data = readFileSync(path);
  if (data.length < 22 || data.readUInt32LE(0) !== 0x04034b50) throw new Error(`${path}: not a zip (no local header)`);
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${path}: no end of central directory`);
  let count = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    // zip64: the locator sits just before the end record
    const locator = eocd - 20;
    if (data.readUInt32LE(locator) !== 0x07064b50) throw new Error(`${path}: zip64 locator missing`);
    const record = Number(data.readBigUInt64LE(locator + 8));
    count = Number(data.readBigUInt64LE(record + 32));
    offset = Number(data.readBigUInt64LE(record + 48));
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (data.readUInt32LE(offset) !== 0x02014b50) throw new Error(`${path}: bad central directory entry ${i}`);
    const method = data.readUInt16LE(offset + 10);
    const compressedSize = data.readUInt32LE(offset + 20);
    const size = data.readUInt32LE(offset + 24);
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    const name = data.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    entries.push({ name, size, compressedSize, method });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
