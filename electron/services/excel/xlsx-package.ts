/**
 * The xlsx container seen from outside exceljs: recognise files that are no xlsx at all (empty, encrypted,
 * old .xls, random bytes), refuse bombs by the sizes in the zip directory, list the sheets in tab order and
 * read merged ranges, which the exceljs streaming reader skips. Every part is unpacked here once, capped and
 * CRC-checked (zip-parts.ts); exceljs then gets a zip of only the parts it needs, stored unpacked, so it
 * never meets a part that is damaged, huge, or of no use to the import.
 */
import { IMPORT_LIMITS, type ImportIssue, type SheetInfo } from '@shared/domain/excel';
import { checkMerges, parseMerges } from '@main/services/excel/sheet-scan';
import {
  archiveTooLarge,
  partProblem,
  partTooLarge,
  readTooLarge,
  XlsxRefusal,
  type SheetLimits,
} from '@main/services/excel/xlsx-limits';
import { readCentralDirectory, storedZip, unpack, type ZipEntry } from '@main/services/excel/zip-parts';
import { firstStrings, highestStringIndex } from '@main/services/excel/shared-strings-trim';

export type XlsxSheet = SheetInfo & { path: string };

export type OpenOptions = {
  /** The file's name, for the messages. */
  file?: string;
  /** List limits (read row by row) unless given; the Erfassungsmappe passes the workbook limits. */
  limits?: SheetLimits;
};

export type PreparedSheet = { ok: true; merges: string[]; complete: boolean; zip: Buffer[] } | { ok: false; issue: ImportIssue };

export type XlsxPackage = {
  sheets: XlsxSheet[];
  date1904: boolean;
  file: string | undefined;
  limits: SheetLimits;
  /** A part unpacked (capped, CRC-checked, counted against the read limit); throws XlsxRefusal. */
  part(name: string, sheet?: string): Buffer | undefined;
  /** The checksum of a part as the zip directory states it (and `part` checked it). */
  crcOf(name: string): number | undefined;
  /** For the streaming reader: the sheet's merged ranges and a stored zip of this sheet with the shared parts first. */
  prepareSheet(sheet: XlsxSheet): PreparedSheet;
};

export type PackageResult = { ok: true; pkg: XlsxPackage } | { ok: false; issue: ImportIssue };

const EMPTY_SST =
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le');
/** Parts the streaming reader needs besides the sheet, in the order it needs them. */
const SHARED_PARTS = [
  '[Content_Types].xml',
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
];

const fileIssue = (code: ImportIssue['code'], message: string): PackageResult => ({
  ok: false,
  issue: { severity: 'error', code, message },
});

/** The issue of a refusal thrown by the package code; anything else is rethrown. */
export function refusalIssue(err: unknown): ImportIssue {
  if (err instanceof XlsxRefusal) return err.issue;
  throw err;
}

/** Opens an xlsx buffer; every failure is one clear German error. */
export function openXlsx(buffer: Buffer, opts: OpenOptions = {}): PackageResult {
  const { file } = opts;
  const limits = opts.limits ?? IMPORT_LIMITS.list;
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
  const oversized = declaredSizeIssue(entries, file);
  if (oversized) return { ok: false, issue: oversized };
  const byName = new Map(entries.map((e) => [e.name, e]));
  const part = partReader(buffer, byName, file, limits.readBytes);
  try {
    const workbookXml = part('xl/workbook.xml')?.toString('utf8');
    const relsXml = part('xl/_rels/workbook.xml.rels')?.toString('utf8');
    if (workbookXml === undefined || relsXml === undefined) return notXlsx;
    const present = new Set(entries.map((e) => e.name));
    const sheets = parseSheets(workbookXml, relsXml).filter((s) => present.has(s.path));
    if (sheets.length === 0) return notXlsx;
    const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(?:1|true)"/.test(workbookXml);
    const crcOf = (name: string) => byName.get(name)?.crc;
    const pkg: XlsxPackage = { sheets, date1904, file, limits, part, crcOf, prepareSheet: (s) => prepareSheet(pkg, s) };
    return { ok: true, pkg };
  } catch (err) {
    return err instanceof XlsxRefusal ? { ok: false, issue: err.issue } : notXlsx;
  }
}

/** Sizes from the zip directory, checked before a single byte is unpacked. */
function declaredSizeIssue(entries: readonly ZipEntry[], file: string | undefined): ImportIssue | undefined {
  let total = 0;
  for (const e of entries) {
    if (e.size > IMPORT_LIMITS.partBytes) return partTooLarge(file, e.name, e.size);
    total += e.size;
  }
  return total > IMPORT_LIMITS.archiveBytes ? archiveTooLarge(file, total) : undefined;
}

function partReader(
  buffer: Buffer,
  byName: Map<string, ZipEntry>,
  file: string | undefined,
  readBytes: number,
): XlsxPackage['part'] {
  const cache = new Map<string, Buffer>();
  let used = 0;
  return (name, sheet) => {
    const cached = cache.get(name);
    if (cached) return cached;
    const e = byName.get(name);
    if (!e) return undefined;
    // The declared size is binding (unpack stops one byte past it), so the budget can be checked up front.
    if (used + e.size > readBytes) throw new XlsxRefusal(readTooLarge(file, readBytes));
    const r = unpack(buffer, e, IMPORT_LIMITS.partBytes);
    if (!r.ok) throw new XlsxRefusal(partProblem(file, name, r.problem, sheet));
    used += r.bytes.length;
    cache.set(name, r.bytes);
    return r.bytes;
  };
}

function prepareSheet(pkg: XlsxPackage, sheet: XlsxSheet): PreparedSheet {
  try {
    const xml = pkg.part(sheet.path, sheet.name);
    if (!xml) throw new Error(`sheet part ${sheet.path} vanished`);
    const complete = xml.lastIndexOf('</sheetData>') >= 0 || xml.lastIndexOf('<sheetData/>') >= 0;
    const merges = parseMerges(xml);
    checkMerges(pkg.file, sheet.name, merges, pkg.limits);
    // Parts passed on unchanged keep their checked checksum: computing it again would cost a pass over each.
    const parts: { name: string; bytes: Buffer; crc?: number | undefined }[] = [];
    for (const name of SHARED_PARTS) {
      const whole = pkg.part(name);
      // Cutting pays where the table outweighs the sheet (strings appended by a broken or hostile generator); a
      // table smaller than the sheet costs exceljs less than the sheet itself, and both scans would cost more.
      const cut = name === 'xl/sharedStrings.xml' && whole !== undefined && whole.length > xml.length;
      const bytes = cut ? firstStrings(whole, highestStringIndex(xml) + 1) : whole;
      // Without shared strings exceljs parks every sheet in a temp file; an empty table avoids that.
      if (bytes) parts.push({ name, bytes, crc: bytes === whole ? pkg.crcOf(name) : undefined });
      else if (name === 'xl/sharedStrings.xml') parts.push({ name, bytes: Buffer.from(EMPTY_SST, 'utf8') });
    }
    parts.push({ name: sheet.path, bytes: xml, crc: pkg.crcOf(sheet.path) });
    return { ok: true, merges, complete, zip: storedZip(parts) };
  } catch (err) {
    return { ok: false, issue: refusalIssue(err) };
  }
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
