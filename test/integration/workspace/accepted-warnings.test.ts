/**
 * A binding submission that accepts warnings, through the real handlers on the embedded demo MSC: the MSC's
 * acceptance names no warnings, so the archive entry and the check report must get them from the test check
 * run just before. Also the Übersicht's open periods, which such a submission closes.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { FilledTemplate } from '@shared/msc/billing-input';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { useGateApp } from '@test/support/gate-app';
import { pdfTextLines } from '@test/unit/reports/pdf-text';

const on = { connectionId: 'demo' };
const where = { ...on, billingunit: '100200302', periodTo: '2025-12-31' };

/** The careful clerk's submission with one ancillary invoice entered twice: a DUPLICATE_INVOICE warning. */
function withDuplicate(filled: FilledTemplate): FilledTemplate {
  const [first] = filled.ancillaryinvoices;
  if (!first) throw new Error('the demo template has no ancillary cost type');
  return { ...filled, ancillaryinvoices: [...filled.ancillaryinvoices, first] };
}

describe('a submission that accepts warnings', () => {
  // Without the shipped fonts the PDF uses the standard fonts, whose text the test can read back.
  const app = useGateApp('kb-accepted-', { emptyResources: true });

  it('records the accepted warnings in the archive and lists them in both reports', async () => {
    const h = app.context.handlers;
    const filled = withDuplicate(demoSubmission(await h['templates:get'](where)));
    const before = await h['overview:open-periods'](on);
    expect(before.periods.map((p) => `${p.billingunit}/${p.period.to}`)).toContain('100200302/2025-12-31');

    const outcome = await h['templates:submit']({ ...where, filled, ignoreWarnings: true });

    expect(outcome.status).toBe('commissioned');
    const entries = await h['archive:list'](on);
    // The test check behind the scenes is no archive entry of its own: the clerk did not ask for one.
    expect(entries.map((e) => [e.action, e.result])).toEqual([['SEND_AND_IGNORE_WARNINGS', 'commissioned']]);
    const entry = await h['archive:read']({ ...on, id: entries[0]?.id ?? '' });
    expect(entry?.acceptedWarnings?.map((m) => [m.type, m.shortmessage, m.path])).toEqual([
      ['WARNING', 'DUPLICATE_INVOICE', `ancillaryinvoices[${String(filled.ancillaryinvoices.length - 1)}]`],
    ]);

    const pdf = await h['reports:check']({ ...on, archiveId: entry?.id ?? '', format: 'pdf' });
    const lines = pdfTextLines(Buffer.from(app.context.files.get(pdf.fileId)?.bytes ?? []));
    expect(lines).toContain('Akzeptierte Warnungen (1)');
    // The accepted warning comes after its heading, its code small for support, never as the message.
    const accepted = lines.slice(lines.indexOf('Akzeptierte Warnungen (1)'));
    expect(accepted.some((l) => l.endsWith('Code für Rückfragen: DUPLICATE_INVOICE'))).toBe(true);
    expect(accepted).toContain('Betrag. Wurde dieselbe Rechnung doppelt erfasst?');
    expect(accepted.some((l) => l.startsWith('DUPLICATE_INVOICE'))).toBe(false);

    const xlsx = await h['reports:check']({ ...on, archiveId: entry?.id ?? '', format: 'excel' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(app.context.files.get(xlsx.fileId)?.bytes ?? []) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.getWorksheet('Prüfbericht')?.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows).toContainEqual(['Akzeptierte Warnungen', '1 Warnung']);
    // The last row: its kind, the message in words first, the code for support in the last column.
    expect(rows.at(-1)?.[0]).toBe('Akzeptierte Warnung');
    expect(String(rows.at(-1)?.[1])).toMatch(/^Die Nebenkostenrechnung Nr\. 5 .* doppelt erfasst\?$/);
    expect(rows.at(-1)?.at(-1)).toBe('DUPLICATE_INVOICE');

    // The submission closed the period: the Übersicht no longer lists it, without waiting for its cache.
    const after = await h['overview:open-periods'](on);
    expect(after.periods.map((p) => `${p.billingunit}/${p.period.to}`)).not.toContain('100200302/2025-12-31');
    expect(after).toMatchObject({ unitsTotal: 3, unitsRead: 3, unreadable: [] });
  });

  it('records no accepted warnings for a plain submission', async () => {
    const h = app.context.handlers;
    const unit = { ...on, billingunit: '100200303', periodTo: '2025-12-31' };
    const filled = demoSubmission(await h['templates:get'](unit));

    const outcome = await h['templates:submit']({ ...unit, filled, ignoreWarnings: false });

    expect(outcome.status).toBe('commissioned');
    const [entry] = (await h['archive:list'](unit)).filter((e) => e.billingunit === '100200303');
    expect(await h['archive:read']({ ...on, id: entry?.id ?? '' })).not.toHaveProperty('acceptedWarnings');
  });
});
