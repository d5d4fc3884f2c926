/**
 * Crafted workbooks for the hostile-file tests, built from real ones: a whole-sheet merge, parts that inflate to
 * 1 GiB, a flipped byte in a compressed sheet. The bombs are written as independent deflate segments of 1 MiB
 * each, so building one costs about a megabyte of memory and a fraction of a second, never the gigabyte it
 * inflates to.
 */
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

export type ZipPart = { name: string; method: number; crc: number; size: number; data: Buffer };

const MIB = 1024 * 1024;

/** The entries of a zip with their compressed data, as the central directory lists them. */
export function readZip(buf: Buffer): ZipPart[] {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('no zip');
  const parts: ZipPart[] = [];
  let p = buf.readUInt32LE(eocd + 16);
  for (let i = 0; i < buf.readUInt16LE(eocd + 10); i++) {
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    parts.push({
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
      method: buf.readUInt16LE(p + 10),
      crc: buf.readUInt32LE(p + 16),
      size: buf.readUInt32LE(p + 24),
      data: buf.subarray(start, start + buf.readUInt32LE(p + 20)),
    });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return parts;
}

export function writeZip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of parts) {
    const name = Buffer.from(e.name, 'utf8');
    const head = (sig: number, len: number): Buffer => {
      const b = Buffer.alloc(len);
      b.writeUInt32LE(sig, 0);
      return b;
    };
    const local = head(0x04034b50, 30);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = head(0x02014b50, 46);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(parts.length, 8);
  eocd.writeUInt16LE(parts.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

export function textOf(part: ZipPart): string {
  return (part.method === 0 ? part.data : inflateRawSync(part.data)).toString('utf8');
}

export function deflatedPart(name: string, text: string): ZipPart {
  const bytes = Buffer.from(text, 'utf8');
  return { name, method: 8, crc: crc32(bytes), size: bytes.length, data: deflateRawSync(bytes) };
}

/** The workbook with one part replaced (or added when it is not there). */
export function withPart(xlsx: Buffer, part: ZipPart): Buffer {
  const parts = readZip(xlsx);
  const at = parts.findIndex((p) => p.name === part.name);
  if (at < 0) parts.push(part);
  else parts[at] = part;
  return writeZip(parts);
}

export function partOf(xlsx: Buffer, name: string): ZipPart {
  const part = readZip(xlsx).find((p) => p.name === name);
  if (!part) throw new Error(`no ${name}`);
  return part;
}

/**
 * A part of `head`, `unit` repeated to about `mib` MiB, and `tail`: each piece is deflated on its own and ends
 * with a sync flush, so the pieces concatenate to one valid deflate stream; a final empty block closes it.
 */
export function bombPart(name: string, head: string, unit: string, mib: number, tail: string): ZipPart {
  const segment = (bytes: Buffer): Buffer => deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });
  const [h, t] = [Buffer.from(head, 'utf8'), Buffer.from(tail, 'utf8')];
  const block = Buffer.from(unit.repeat(Math.floor(MIB / Buffer.byteLength(unit))), 'utf8');
  const packed = segment(block);
  let crc = crc32(h);
  for (let i = 0; i < mib; i++) crc = crc32(block, crc);
  crc = crc32(t, crc);
  const data = Buffer.concat([segment(h), ...Array.from({ length: mib }, () => packed), segment(t), Buffer.from([3, 0])]);
  return { name, method: 8, crc, size: h.length + mib * block.length + t.length, data };
}

/** `<mergeCell ref="A1:XFD1048576"/>` in the first sheet: every cell of the sheet merged into one. */
export function wholeSheetMerge(xlsx: Buffer): Buffer {
  const sheet = partOf(xlsx, 'xl/worksheets/sheet1.xml');
  const own = textOf(sheet);
  const whole = '<mergeCell ref="A1:XFD1048576"/>';
  const xml = own.includes('</mergeCells>')
    ? own.replace('</mergeCells>', `${whole}</mergeCells>`)
    : own.replace(/(<pageMargins\b|<\/worksheet>)/, `<mergeCells count="1">${whole}</mergeCells>$1`);
  return withPart(xlsx, deflatedPart(sheet.name, xml));
}

/** The theme inflates to 1 GiB of blanks inside a valid theme element. */
export function themeBomb(xlsx: Buffer, mib = 1024): Buffer {
  const head =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Office">';
  return withPart(xlsx, bombPart('xl/theme/theme1.xml', head, '          ', mib, '</a:theme>'));
}

/** The shared strings keep their own entries and gain a gigabyte of short strings after them. */
export function sharedStringsBomb(xlsx: Buffer, mib = 1024, text = 'a'): Buffer {
  const own = textOf(partOf(xlsx, 'xl/sharedStrings.xml'));
  const end = own.lastIndexOf('</sst>');
  return withPart(xlsx, bombPart('xl/sharedStrings.xml', own.slice(0, end), `<si><t>${text}</t></si>`, mib, '</sst>'));
}

/** One byte of a compressed part changed (by default the first sheet's); the zip directory is left as it was. */
export function flippedByte(xlsx: Buffer, name = 'xl/worksheets/sheet1.xml'): Buffer {
  const parts = readZip(xlsx);
  const sheet = parts.find((p) => p.name === name);
  if (!sheet || sheet.method !== 8) throw new Error(`no compressed ${name}`);
  const data = Buffer.from(sheet.data);
  // Bits 1–2 of the first byte are the block type; 11 is reserved, so no inflater can read past it.
  data[0] = (data[0] ?? 0) | 0x06;
  return writeZip(parts.map((p) => (p === sheet ? { ...p, data } : p)));
}
