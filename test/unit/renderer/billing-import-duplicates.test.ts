import { describe, expect, it } from 'vitest';
import type { DraftContent } from '@shared/domain/workspace';
import type { Invoice } from '@shared/msc/billing-input';
import { addInvoices } from '@renderer/features/billing/draft-content';
import { earlierImport, splitDuplicates, withImportedFile } from '@renderer/features/billing/import-duplicates';

const inv = (key: string, date: string, gross: string): Invoice => ({
  cost: { key },
  invoicedate: date,
  amounts: { grossamount: gross },
});
const rows = (ancillary: Invoice[]) => ({ heatingsysteminvoices: [], ancillaryinvoices: ancillary, deliveries: [] });

describe('an invoice list read again', () => {
  it('finds rows already in the draft, also when typed in German, one draft row per imported row', () => {
    const draft: DraftContent = {
      ancillaryinvoices: [{ cost: { key: '400' }, invoicedate: '31.12.2025', amounts: { grossamount: '1.234,5' } }],
    };
    const imported = rows([
      inv('400', '2025-12-31', '1234.50'),
      inv('400', '2025-12-31', '1234.50'),
      inv('236', '2025-12-31', '1234.50'),
    ]);
    const { fresh, duplicates } = splitDuplicates(draft, imported);
    expect(duplicates).toBe(1);
    expect(fresh.ancillaryinvoices).toEqual([inv('400', '2025-12-31', '1234.50'), inv('236', '2025-12-31', '1234.50')]);
  });

  it('finds nothing when date or amount differ', () => {
    const draft: DraftContent = { ancillaryinvoices: [inv('400', '2025-12-31', '1234.50')] };
    expect(
      splitDuplicates(draft, rows([inv('400', '2025-12-30', '1234.50'), inv('400', '2025-12-31', '1234.51')])).duplicates,
    ).toBe(0);
  });

  it('remembers the file by its hash', () => {
    const file = { sha256: 'b'.repeat(64), name: 'Buchungen.xlsx', at: '2026-01-10T09:30:00.000Z' };
    const content = withImportedFile({ importedfiles: [{ broken: true }] }, file);
    expect(earlierImport(content, file.sha256)).toEqual(file);
    expect(earlierImport(content, 'c'.repeat(64))).toBeUndefined();
  });

  it('fills a cost-type row from last year before adding a new one, keeping its key and text', () => {
    const draft: DraftContent = { ancillaryinvoices: [{ cost: { key: '400', text: 'Allgemeinstrom' }, allocationkey: '010' }] };
    const merged = addInvoices(draft, rows([inv('400', '2025-12-31', '630.00'), inv('400', '2025-06-30', '600.00')]));
    expect(merged.ancillaryinvoices).toEqual([
      {
        cost: { key: '400', text: 'Allgemeinstrom' },
        allocationkey: '010',
        invoicedate: '2025-12-31',
        amounts: { grossamount: '630.00' },
      },
      inv('400', '2025-06-30', '600.00'),
    ]);
  });
});
