/**
 * The xlsx container seen from outside exceljs: recognise files that are no xlsx at all (empty,
 * encrypted, old .xls, random bytes), list the sheets in tab order and read merged ranges, which the
 * exceljs streaming reader skips. It also repacks one sheet with its shared parts in front, so the
 * streaming reader neither spills sheets to temp files nor parses sheets we do not need.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import type { ImportIssue, SheetInfo } from '@shared/domain/excel';

type ZipEntry = {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  dataOffset: number;
};

export type XlsxSheet = SheetInfo & { path: string };

export type XlsxPackage = {
  sheets: XlsxSheet[];
  date1904: boolean;
  entry(name: string): Buffer | undefined;
  /** Merged ranges of a sheet as `A1:B2` strings; `complete` is false when its XML is cut off. */
  inspect(sheet: XlsxSheet): { merges: string[]; complete: boolean };
  /** A minimal xlsx with only this sheet, shared strings and styles first. */
  repack(sheet: XlsxSheet): Buffer;
};

export type PackageResult = { ok: true; pkg: XlsxPackage } | { ok: false; issue: ImportIssue };

const EMPTY_SST =
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le');

const fileIssue = (code: ImportIssue['code'], message: string): PackageResult => ({
  ok: false,
  issue: { severity: 'error', code, message },
});

/** Opens an xlsx buffer; every failure is one clear German error. */
export function openXlsx(buffer: Buffer): PackageResult {
  if (buffer.length === 0) return fileIssue('FILE_EMPTY', 'Die Datei ist leer (0 Byte).');
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(CFB_MAGIC)) {
    return buffer.includes(ENCRYPTION_INFO) || !buffer.includes(Buffer.from('Workbook', 'utf16le'))
      ? fileIssue(
          'FILE_ENCRYPTED',
          'Die Datei ist kennwortgeschützt (verschlüsselt). Bitte in Excel öffnen, unter Datei → Informationen → Arbeitsmappe schützen das Kennwort entfernen und erneut speichern.',
        )
      : fileIssue(
          'FILE_LEGACY_XLS',
          'Die Datei ist im alten Excel-Format (.xls). Bitte in Excel öffnen und als Excel-Arbeitsmappe (.xlsx) speichern.',
        );
  }
  const notXlsx = fileIssue(
    'FILE_CORRUPT',
    'Die Datei ist keine Excel-Arbeitsmappe (.xlsx) oder sie ist beschädigt. Bitte die Datei in Excel öffnen und als .xlsx speichern.',
  );
  const entries = readCentralDirectory(buffer);
  if (!entries) return notXlsx;
  const byName = new Map(entries.map((e) => [e.name, e]));
  const entry = (name: string): Buffer | undefined => {
    const e = byName.get(name);
    return e ? inflate(buffer, e) : undefined;
  };
  try {
    const workbookXml = entry('xl/workbook.xml')?.toString('utf8');
    const relsXml = entry('xl/_rels/workbook.xml.rels')?.toString('utf8');
    if (workbookXml === undefined || relsXml === undefined) return notXlsx;
    const sheets = parseSheets(workbookXml, relsXml).filter((s) => byName.has(s.path));
    if (sheets.length === 0) return notXlsx;
    const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(?:1|true)"/.test(workbookXml);
    const pkg: XlsxPackage = {
      sheets,
      date1904,
      entry,
      inspect: (sheet) => {
        const xml = entry(sheet.path);
        const complete = xml !== undefined && (xml.lastIndexOf('</sheetData>') >= 0 || xml.lastIndexOf('<sheetData/>') >= 0);
        return { merges: parseMerges(xml), complete };
      },
      repack: (sheet) => repack(buffer, byName, sheet),
    };
    return { ok: true, pkg };
  } catch {
    return notXlsx;
  }
}

function readCentralDirectory(buf: Buffer): ZipEntry[] | undefined {
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
      localOffset,
      dataOffset,
    });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entries;
}

function inflate(buf: Buffer, e: ZipEntry): Buffer {
  const raw = buf.subarray(e.dataOffset, e.dataOffset + e.compressedSize);
  if (e.method === 0) return raw;
  if (e.method === 8) return inflateRawSync(raw);
  throw new Error(`unsupported zip method ${String(e.method)}`);
}

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

function decodeXml(s: string): string {
  return s.replace(/&(lt|gt|quot|apos|amp|#x[0-9a-fA-F]+|#\d+);/g, (_m, ent: string) => {
    if (ent === 'lt') return '<';
    if (ent === 'gt') return '>';
    if (ent === 'quot') return '"';
    if (ent === 'apos') return "'";
    if (ent === 'amp') return '&';
    return String.fromCodePoint(ent.startsWith('#x') ? Number.parseInt(ent.slice(2), 16) : Number(ent.slice(1)));
  });
}

function parseSheets(workbookXml: string, relsXml: string): XlsxSheet[] {
  const targets = new Map<string, string>();
  for (const m of relsXml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = attr(m[0], 'Id');
    const target = attr(m[0], 'Target');
    if (id !== undefined && target !== undefined) {
      targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
    }
  }
  const sheets: XlsxSheet[] = [];
  for (const m of workbookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = attr(m[0], 'name');
    const rid = attr(m[0], 'r:id') ?? attr(m[0], '[\\w]+:id');
    const path = rid === undefined ? undefined : targets.get(rid);
    if (name === undefined || path === undefined) continue;
    const state = attr(m[0], 'state');
    sheets.push({ name: decodeXml(name), hidden: state === 'hidden' || state === 'veryHidden', path });
  }
  return sheets;
}

function parseMerges(sheetXml: Buffer | undefined): string[] {
  if (!sheetXml) return [];
  const start = sheetXml.indexOf('<mergeCells');
  if (start < 0) return [];
  const end = sheetXml.indexOf('</mergeCells>', start);
  const part = sheetXml.toString('utf8', start, end < 0 ? sheetXml.length : end);
  return [...part.matchAll(/<mergeCell\b[^>]*\sref="([^"]+)"/g)].map((m) => m[1] ?? '').filter((r) => r !== '');
}

/** Copies the compressed entries unchanged into a fresh zip in the order the streaming reader needs. */
function repack(buf: Buffer, byName: Map<string, ZipEntry>, sheet: XlsxSheet): Buffer {
  const order = ['[Content_Types].xml', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml'];
  const picked: (ZipEntry & { data?: Buffer })[] = [...order, sheet.path]
    .map((n) => byName.get(n))
    .filter((e): e is ZipEntry => e !== undefined);
  // Without shared strings exceljs parks every sheet in a temp file; an empty table avoids that.
  if (!byName.has('xl/sharedStrings.xml')) {
    const data = Buffer.from(EMPTY_SST, 'utf8');
    const sst = { name: 'xl/sharedStrings.xml', method: 0, crc: crc32(data), compressedSize: data.length, size: data.length };
    picked.splice(picked.length - 1, 0, { ...sst, localOffset: 0, dataOffset: 0, data });
  }
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of picked) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.compressedSize, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.compressedSize, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    const data = e.data ?? buf.subarray(e.dataOffset, e.dataOffset + e.compressedSize);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(picked.length, 8);
  eocd.writeUInt16LE(picked.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}
