/**
 * The Erfassungsmappe cut down to what the template import reads (workbook, shared strings, styles, sheets),
 * each sheet measured against the workbook limits first. Themes, drawings, printer settings, comments and
 * the like are never handed to exceljs, which would parse them in full although nothing of them is used.
 */
import type { ImportIssue } from '@shared/domain/excel';
import { checkExtent, checkMerges, parseMerges, stripSheet, stripWorkbook } from '@main/services/excel/sheet-scan';
import { refusalIssue, type XlsxPackage } from '@main/services/excel/xlsx-package';
import { storedZip } from '@main/services/excel/zip-parts';

export type TrimmedWorkbook = { ok: true; zip: Buffer } | { ok: false; issue: ImportIssue };

export function trimmedWorkbook(pkg: XlsxPackage): TrimmedWorkbook {
  try {
    const parts: { name: string; bytes: Buffer }[] = [];
    const text = (name: string): string | undefined => pkg.part(name)?.toString('utf8');
    const workbook = text('xl/workbook.xml') ?? '';
    parts.push({ name: 'xl/workbook.xml', bytes: Buffer.from(stripWorkbook(workbook), 'utf8') });
    for (const name of ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml']) {
      const bytes = pkg.part(name);
      if (bytes) parts.push({ name, bytes });
    }
    for (const sheet of pkg.sheets) {
      const bytes = pkg.part(sheet.path, sheet.name);
      if (!bytes) continue;
      checkMerges(pkg.file, sheet.name, parseMerges(bytes), pkg.limits);
      const xml = bytes.toString('utf8');
      checkExtent(pkg.file, sheet.name, xml, pkg.limits);
      parts.push({ name: sheet.path, bytes: Buffer.from(stripSheet(xml), 'utf8') });
    }
    return { ok: true, zip: Buffer.concat(storedZip(parts)) };
  } catch (err) {
    return { ok: false, issue: refusalIssue(err) };
  }
}
