/**
 * The MSC names the place of a problem by a path into the submission (`ancillaryinvoices[2].amounts`). A clerk
 * needs the sheet of the Erfassungsmappe and the entry itself, so the path is read against the checked draft.
 */
import { DISTRIBUTION_UNITS, FUELS, costTypeOf, labelOf } from '@shared/domain/codes';
import type { FilledTemplate, Invoice, Template } from '@shared/msc/billing-input';
import { euro, germanDate } from '@renderer/features/billing/billing-text';

type Segment = string | number;

function segments(path: string): Segment[] {
  const out: Segment[] = [];
  for (const m of path.matchAll(/([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]/g)) out.push(m[1] ?? Number(m[2]));
  return out;
}

const amountOf = (a: { grossamount?: string | undefined; netamount?: string | undefined }): string =>
  a.grossamount !== undefined ? euro(a.grossamount) : a.netamount !== undefined ? `${euro(a.netamount)} netto` : '';

function invoiceText(inv: Invoice, template: Template | undefined): string {
  const text =
    inv.cost.text ?? template?.costtypes.find((c) => c.key === inv.cost.key)?.text ?? costTypeOf(inv.cost.key)?.label ?? '';
  return [`${inv.cost.key} ${text}`.trim(), germanDate(inv.invoicedate), amountOf(inv.amounts)].filter(Boolean).join(', ');
}

/** `Nebenkosten, Eintrag 3: 236 Kaltwasser Versorger, 15.10.2025, 1.200,00 €` */
export function describePath(path: string, filled: FilledTemplate | undefined, template: Template | undefined): string {
  const [head, index, field, sub] = segments(path);
  const i = typeof index === 'number' ? index : -1;
  const nth = (n: number): string => `Eintrag ${String(n + 1)}`;
  switch (head) {
    case undefined:
      return 'Gesamte Übermittlung';
    case 'currency':
      return 'Kopfdaten: Währung';
    case 'expectedvat':
      return 'Kopfdaten: Umsatzsteuer (brutto/netto)';
    case 'heatingsysteminvoices':
    case 'ancillaryinvoices': {
      const sheet = head === 'heatingsysteminvoices' ? 'Heizungsbetriebskosten' : 'Nebenkosten';
      const inv = i < 0 ? undefined : filled?.[head][i];
      if (i < 0) return sheet;
      return inv ? `${sheet}, ${nth(i)}: ${invoiceText(inv, template)}` : `${sheet}, ${nth(i)}`;
    }
    case 'energysources': {
      const s = i < 0 ? undefined : filled?.energysources[i];
      if (!s) return 'Brennstoffe und Bestände';
      const fuel = `${s.fuel} ${labelOf(FUELS, s.fuel)}`;
      if (field === 'deliveries' && typeof sub === 'number') {
        const d = s.deliveries[sub];
        const what = d ? `: ${germanDate(d.invoicedate)}, ${amountOf(d.amounts)}` : '';
        return `Lieferungen, ${fuel}, Lieferung ${String(sub + 1)}${what}`;
      }
      if (field === 'openingstock') return `Brennstoffe und Bestände, ${fuel}: Anfangsbestand`;
      if (field === 'closingstock') return `Brennstoffe und Bestände, ${fuel}: Endbestand`;
      return `Brennstoffe und Bestände, ${fuel}`;
    }
    case 'billingrecipients': {
      const r = i < 0 ? undefined : filled?.billingrecipients[i];
      if (!r) return 'Nutzer und Verteilwerte';
      const name = template?.billingrecipients.find(
        (t) => t.residentialunitMscnumber === r.residentialunitMscnumber && t.partnerPmnumber === r.partnerPmnumber,
      )?.name;
      const sheet = field === 'prepayments' ? 'Vorauszahlungen' : 'Nutzer und Verteilwerte';
      const unit =
        r.residentialunitPmnumber === undefined
          ? r.residentialunitMscnumber
          : `${r.residentialunitMscnumber} (${r.residentialunitPmnumber})`;
      let tail = '';
      if (field === 'allocations' && typeof sub === 'number') {
        const a = r.allocations[sub];
        if (a) tail = `; Verteilerschlüssel ${a.key} ${labelOf(DISTRIBUTION_UNITS, a.key)}`;
      }
      return `${sheet}: Nutzeinheit ${unit}${name === undefined ? '' : `, ${name}`}${tail}`;
    }
    default:
      return path;
  }
}
