/**
 * Issues that sum up an invoice import: accounts still to map (with suggestions), the VAT mode not met, and the
 * remarks at a row a clerk should look at once more.
 */
import { formatGermanDate } from '@shared/domain/dates';
import { formatGerman, money, quantity } from '@shared/domain/decimal';
import type { AccountToMap, InvoiceField } from '@shared/domain/excel';
import { deliverySignsDisagree, invoiceCreditUnmarked } from '@shared/domain/precheck/credit-notes';
import { datedBeforePeriod } from '@shared/domain/precheck/prices';
import type { Template } from '@shared/msc/billing-input';
import type { Amounts } from '@shared/msc/primitives';
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

/**
 * What a careful clerk looks at once more, said at the row as a warning and taken over all the same (issue 19 item
 * 8): an amount of 0 €, a negative amount that does not read as a credit note, a date before the billing period.
 */
export function remarkRow(
  ctx: { read: MappedSheet<InvoiceField>; template: Template },
  row: number,
  item: { key: string; amounts: Amounts; invoicedate: string; text?: string; quantity?: string },
): void {
  const { read, template } = ctx;
  const gross = item.amounts.grossamount ?? item.amounts.netamount;
  const field: InvoiceField | undefined = (['amount', 'grossamount', 'netamount'] as const).find((f) =>
    read.columns.some((c) => c.field === f),
  );
  const amount = gross === undefined ? undefined : money(gross);
  const qty = item.quantity === undefined ? undefined : quantity(item.quantity);
  if (amount && amount.units === 0n) {
    read.issues.add(
      issueAt(
        read.at(row, field),
        'AMOUNT_ZERO',
        'Der Betrag ist 0,00 €; eine Rechnung ohne Betrag verteilt nichts. Bitte prüfen.',
        {
          severity: 'warning',
        },
      ),
    );
  }
  const unclear =
    amount !== undefined &&
    (item.key === '201' ? deliverySignsDisagree(amount, qty) : invoiceCreditUnmarked(item.key, amount, item.text, qty));
  if (unclear) {
    read.issues.add(
      issueAt(
        read.at(row, field),
        'CREDIT_NOTE',
        `Gutschrift? Der Betrag ${formatGerman(amount)} € ist negativ. Ist es eine Gutschrift, ist das richtig (im Text vermerken); sonst bitte das Vorzeichen prüfen.`,
        { severity: 'warning' },
      ),
    );
  }
  const { from, to } = template.billingperiod;
  if (datedBeforePeriod(item.invoicedate, from)) {
    read.issues.add(
      issueAt(
        read.at(row, 'invoicedate'),
        'DATE_BEFORE_PERIOD',
        `Das Datum ${formatGermanDate(item.invoicedate)} liegt vor dem Abrechnungszeitraum ${formatGermanDate(from)} bis ${formatGermanDate(to)}. Gehört die Rechnung in diesen Zeitraum?`,
        { severity: 'warning' },
      ),
    );
  }
}
