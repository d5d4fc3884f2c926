/**
 * Issue 11, item 6: an invoice list read again is recognised by its SHA-256, and an account marked "nicht
 * übernehmen" leaves its rows out of the import (without complaints about them) instead of asking for a cost type.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SKIP, AccountMapping, InvoiceImportResult } from '@shared/domain/excel';
import type { Template } from '@shared/msc/billing-input';
import { importInvoices } from '@main/services/excel/invoice-import';
import { TEMPLATE } from '@test/fixtures/excel/template-fixture';

const golden = readFileSync(fileURLToPath(new URL('../../fixtures/excel/invoices.xlsx', import.meta.url)));
const ONE_FUEL: Template = { ...TEMPLATE, fuels: TEMPLATE.fuels.slice(0, 1) };
const ACCOUNTS = { '6100': '201', '6110': '221', '6120': '225', '6210': '400' } as const;

describe('invoice list fingerprint and skipped accounts', () => {
  it('returns the SHA-256 of the file bytes, the same for the same file', async () => {
    const r = await importInvoices(golden, { template: ONE_FUEL, accountMapping: { ...ACCOUNTS, '6200': '236' } });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    expect(r.sha256).toBe(createHash('sha256').update(golden).digest('hex'));
    expect(r.skipped).toBe(0);
    const again = await importInvoices(Buffer.from(golden), {
      template: ONE_FUEL,
      accountMapping: { ...ACCOUNTS, '6200': '236' },
    });
    expect(again.ok && again.sha256).toBe(r.sha256);
  });

  it('leaves the rows of a skipped account out instead of asking for its cost type', async () => {
    const unmapped = await importInvoices(golden, { template: ONE_FUEL, accountMapping: { ...ACCOUNTS } });
    expect(unmapped.ok).toBe(false);

    const r = await importInvoices(golden, { template: ONE_FUEL, accountMapping: { ...ACCOUNTS, '6200': ACCOUNT_SKIP } });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    expect(InvoiceImportResult.parse(r)).toEqual(r);
    expect(r.skipped).toBe(1);
    expect(r.ancillaryinvoices.map((i) => i.cost.key)).toEqual(['400']);
    expect(r.summary.rowsImported).toBe(4);
  });

  it('accepts the skip value in the remembered mapping, but no unknown cost type', () => {
    expect(AccountMapping.safeParse({ '6200': ACCOUNT_SKIP, '6110': '221' }).success).toBe(true);
    expect(AccountMapping.safeParse({ '6200': 'weg' }).success).toBe(false);
  });
});
