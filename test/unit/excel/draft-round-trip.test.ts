/**
 * Issue 11, item 8: the Erfassungsmappe is a door to the same draft. What the app keeps beside the template's
 * fields (imported lists, where the draft came from) is never sent to the MSC, is not in the workbook, and
 * survives "Als Excel bearbeiten" → "Aus Excel übernehmen" unchanged.
 */
import { describe, expect, it } from 'vitest';
import type { DraftContent } from '@shared/domain/workspace';
import { buildTemplateWorkbook } from '@main/services/excel/template-export';
import { importTemplateWorkbook } from '@main/services/excel/template-import';
import { filledOf } from '@main/services/workspace/draft-from-previous';
import { asFilled, keptExtras } from '@renderer/features/billing/draft-content';
import { DRAFT, TEMPLATE } from '@test/fixtures/excel/template-fixture';
import { FIXED_DATE } from '@test/fixtures/excel/workbooks';

const EXTRAS = {
  importedfiles: [{ sha256: 'f'.repeat(64), name: 'Buchungen 2025.xlsx', at: '2026-01-10T09:30:00.000Z' }],
  fromprevious: { id: 'x', periodTo: '2024-12-31', at: '2025-03-01T08:00:00.000Z' },
};
const CONTENT: DraftContent = { ...DRAFT, ...EXTRAS };

describe('the draft through the Erfassungsmappe', () => {
  it('sends only the template’s fields to the MSC', () => {
    expect(asFilled(CONTENT)).toEqual(DRAFT);
    expect(filledOf(CONTENT)).toEqual(DRAFT);
    expect(keptExtras(CONTENT)).toEqual(EXTRAS);
    const [invoice, ...others] = DRAFT.ancillaryinvoices;
    if (!invoice) throw new Error('the fixture draft has no ancillary invoice');
    const unreadable = { ...invoice, amounts: { grossamount: 'zwölf' } };
    expect(asFilled({ ...DRAFT, ancillaryinvoices: [unreadable, ...others] })).toBeNull();
  });

  it('round trip: a draft with kept keys → workbook → the same draft', async () => {
    const filled = filledOf(CONTENT);
    if (!filled) throw new Error('the draft should be complete');
    const workbook = await buildTemplateWorkbook(TEMPLATE, { draft: filled, now: FIXED_DATE });
    const read = await importTemplateWorkbook(workbook, TEMPLATE);
    if (!read.ok) throw new Error(read.issues.map((i) => i.message).join('\n'));
    // What the upload saves as the next revision (useDraftImport: kept keys first, the workbook's fields over them).
    expect({ ...keptExtras(CONTENT), ...read.draft }).toEqual(CONTENT);
  });
});
