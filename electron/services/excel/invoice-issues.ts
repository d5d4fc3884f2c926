/** Issues that sum up an invoice import: accounts still to map (with suggestions) and the VAT mode not met. */
import type { AccountToMap, InvoiceField } from '@shared/domain/excel';
import type { Template } from '@shared/msc/billing-input';
import { costTypeTitle, suggestCostType } from '@main/services/excel/cost-type-match';
import { issueAt } from '@main/services/excel/issues';
import type { MappedSheet } from '@main/services/excel/mapped-sheet';

export type Unmapped = { field: InvoiceField; rows: number[]; texts: Set<string> };

/** `Zeile 4`, `Zeilen 4, 7 und 9`, `Zeilen 1, 2, … und 5 weitere` */
export function listRows(rows: readonly number[]): string {
  if (rows.length === 1) return `Zeile ${String(rows[0])}`;
  if (rows.length > 10) return `Zeilen ${rows.slice(0, 10).map(String).join(', ')} und ${String(rows.length - 10)} weitere`;
  return `Zeilen ${rows.slice(0, -1).map(String).join(', ')} und ${String(rows[rows.length - 1])}`;
}

export function reportUnmapped(ctx: {
  read: MappedSheet<InvoiceField>;
  template: Template;
  unmapped: Map<string, Unmapped>;
}): AccountToMap[] {
  const out: AccountToMap[] = [];
  for (const [account, u] of ctx.unmapped) {
    const texts = [...u.texts];
    const suggestion = suggestCostType([...texts, account], ctx.template);
    const what = u.field === 'account' ? 'Das Konto' : u.field === 'costtype' ? 'Die Kostenart' : 'Der Buchungstext';
    const hint = suggestion === undefined ? '' : ` Vorschlag: ${costTypeTitle(suggestion, ctx.template)}.`;
    const first = u.rows[0] ?? ctx.read.headerRow;
    ctx.read.issues.add(
      issueAt(
        ctx.read.at(first, u.field),
        'ACCOUNT_UNMAPPED',
        `${what} „${account}“ ist keiner vereinbarten Kostenart zugeordnet (${listRows(u.rows)}).${hint}`,
        { value: account },
      ),
    );
    const entry: AccountToMap = { account, rows: u.rows, texts };
    if (suggestion !== undefined) entry.suggestion = suggestion;
    out.push(entry);
  }
  return out;
}

export function reportVat(ctx: { read: MappedSheet<InvoiceField>; template: Template; vatMissing: number[] }): void {
  const rows = ctx.vatMissing;
  const first = rows[0];
  if (first === undefined) return;
  const mode = { GROSS: 'Bruttobeträge', NET: 'Nettobeträge', BOTH: 'Brutto- und Nettobeträge' }[ctx.template.expectedvat];
  ctx.read.issues.add(
    issueAt(
      ctx.read.at(first),
      'VAT_MODE',
      `Die Vorlage verlangt ${mode}; in ${listRows(rows)} fehlt ein Betrag dieser Art. Die Prüfung beim Messdienst wird das bemängeln.`,
      { severity: 'warning' },
    ),
  );
}
