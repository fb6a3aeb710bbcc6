import { readFileSync } from 'node:fs';
import { crc32, inflateRawSync } from 'node:zlib';

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

/** A zip's central directory record: where the entry's local header starts, and its flags. */
function centralDirectory(data: Buffer, label: string): { name: string; method: number; compressedSize: number; localOffset: number }[] {
  if (data.length < 22 || data.readUInt32LE(0) !== 0x04034b50) throw new Error(`${label}: not a zip (no local header)`);
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${label}: no end of central directory`);
  const count = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  const records = [];
  for (let i = 0; i < count; i++) {
    if (data.readUInt32LE(offset) !== 0x02014b50) throw new Error(`${label}: bad central directory entry ${i}`);
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    records.push({
      name: data.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'),
      method: data.readUInt16LE(offset + 10),
      compressedSize: data.readUInt32LE(offset + 20),
      localOffset: data.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return records;
}

/**
 * The entries of a zip (stored or deflated, no zip64), by name, in the order of its central
 * directory: what an .xlsx reader needs.
 */
export function readZip(data: Buffer, label = 'zip'): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  for (const record of centralDirectory(data, label)) {
    const local = record.localOffset;
    if (data.readUInt32LE(local) !== 0x04034b50) throw new Error(`${label}: bad local header of ${record.name}`);
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const raw = data.subarray(start, start + record.compressedSize);
    if (record.method === 0) entries.set(record.name, Buffer.from(raw));
    else if (record.method === 8) entries.set(record.name, inflateRawSync(raw));
    else throw new Error(`${label}: ${record.name} uses compression method ${record.method}`);
  }
  return entries;
}

/** A zip of the given entries, stored (not compressed), names in UTF-8, with their CRC-32s. */
export function writeZip(entries: Iterable<[string, Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const checksum = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0, 10); // time and date
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(content.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, content);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + content.length;
    count += 1;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
