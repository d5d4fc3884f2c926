/**
 * The zip container of an xlsx, read with distrust: sizes are taken from the central directory and checked
 * before anything is unpacked, and a part is unpacked with a hard cap on its output (zlib stops as soon as it
 * passes the cap) and its CRC compared, so neither a bomb nor a damaged byte reaches exceljs, whose unzippers
 * either fill the heap or wait forever on a broken stream.
 */
import { crc32, inflateRawSync } from 'node:zlib';

export type ZipEntry = {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  dataOffset: number;
};

/** Why a part could not be unpacked: `too-large` and `method` are refusals, `corrupt` is damage. */
export type PartProblem =
  { kind: 'too-large'; size: number } | { kind: 'method'; method: number } | { kind: 'corrupt'; why: string };

export type Unpacked = { ok: true; bytes: Buffer } | { ok: false; problem: PartProblem };

/** The entries of the zip's central directory, or undefined when there is none that holds together. */
export function readCentralDirectory(buf: Buffer): ZipEntry[] | undefined {
  const min = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return undefined;
    const nameLen = buf.readUInt16LE(p + 28);
    const localOffset = buf.readUInt32LE(p + 42);
    if (localOffset + 30 > buf.length || buf.readUInt32LE(localOffset) !== 0x04034b50) return undefined;
    const compressedSize = buf.readUInt32LE(p + 20);
    const dataOffset = localOffset + 30 + buf.readUInt16LE(localOffset + 26) + buf.readUInt16LE(localOffset + 28);
    if (dataOffset + compressedSize > buf.length) return undefined;
    entries.push({
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
      method: buf.readUInt16LE(p + 10),
      crc: buf.readUInt32LE(p + 16),
      compressedSize,
      size: buf.readUInt32LE(p + 24),
      dataOffset,
    });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entries;
}

/** Unpacks one part, never to more than `cap` bytes nor to more than the directory says it holds. */
export function unpack(buf: Buffer, e: ZipEntry, cap: number): Unpacked {
  if (e.size > cap) return { ok: false, problem: { kind: 'too-large', size: e.size } };
  const raw = buf.subarray(e.dataOffset, e.dataOffset + e.compressedSize);
  let bytes: Buffer;
  if (e.method === 0) bytes = raw;
  else if (e.method === 8) {
    try {
      // One byte more than declared tells a part that unpacks larger than its directory entry says.
      bytes = inflateRawSync(raw, { maxOutputLength: e.size + 1 });
    } catch (err) {
      const tooLong = (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      return { ok: false, problem: { kind: 'corrupt', why: tooLong ? 'größer als angegeben' : 'Packdaten fehlerhaft' } };
    }
  } else return { ok: false, problem: { kind: 'method', method: e.method } };
  if (bytes.length !== e.size) return { ok: false, problem: { kind: 'corrupt', why: 'Länge stimmt nicht' } };
  if (crc32(bytes) !== e.crc) return { ok: false, problem: { kind: 'corrupt', why: 'Prüfsumme falsch' } };
  return { ok: true, bytes };
}

/** A zip whose parts are stored unpacked: exceljs reads them without inflating anything a second time. */
export function storedZip(parts: readonly { name: string; bytes: Buffer; crc?: number | undefined }[]): Buffer[] {
  const chunks: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const crc = part.crc ?? crc32(part.bytes);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(part.bytes.length, 18);
    local.writeUInt32LE(part.bytes.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(part.bytes.length, 20);
    central.writeUInt32LE(part.bytes.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    chunks.push(local, name, part.bytes);
    centrals.push(central, name);
    offset += 30 + name.length + part.bytes.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(parts.length, 8);
  eocd.writeUInt16LE(parts.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return [...chunks, cd, eocd];
}
