/**
 * Rules on money fields: currency and VAT agreement of the template, and each `amounts` object
 * (stocks, deliveries, invoices, prepayments).
 *
 * Choice: a submission whose header `currency` or `expectedvat` differs from the template is
 * CURRENCY_MISMATCH (the header contradicts the agreement). VAT_MODE judges each amounts object
 * against the template's `expectedvat`, which is what the MSC bills by.
 */
import { formatGerman, fromUnits, money } from '@shared/domain/decimal';
import { vatRatioFits } from '@shared/domain/precheck/plausibility';
import { netGrossConflict } from '@shared/domain/precheck/logic';
import type { Amounts } from '@shared/msc/primitives';
import type { Path, Rule, RuleContext } from '@main/sandbox/rules/context';
import { eachAmounts as walkAmounts } from '@shared/domain/fill-walk';
import { deliveryLabel, eur, invoiceLabel, recipientLabel, stockLabel } from '@main/sandbox/rules/format';

const PREPAYMENT_WORDS = { heating: 'Heizung', hotwater: 'Warmwasser', coldwater: 'Kaltwasser' } as const;
const VAT_WORDS = { GROSS: 'brutto', NET: 'netto', BOTH: 'brutto und netto' } as const;

/** Every amounts object with its path and a German description of its owner (the walk is shared/domain/fill-walk). */
function eachAmounts(ctx: RuleContext, fn: (amounts: Amounts, path: Path, owner: () => string) => void): void {
  const s = ctx.submission;
  walkAmounts(s, (a, path, o) => {
    fn(a, path, () => {
      if (o.kind === 'stock') return stockLabel(ctx, o.source, o.which);
      if (o.kind === 'delivery') return deliveryLabel(ctx, o.source, o.index);
      const inv = o.kind === 'invoice' ? s[o.list][o.index] : undefined;
      if (inv && o.kind === 'invoice') return invoiceLabel(ctx, o.list, o.index, inv);
      const e = o.kind === 'prepayment' ? s.billingrecipients[o.recipient] : undefined;
      const kind = o.kind === 'prepayment' ? PREPAYMENT_WORDS[o.prepayment] : '';
      return e ? `Vorauszahlung ${kind} von ${recipientLabel(ctx, e)}` : '';
    });
  });
}

export const vatMode: Rule = {
  code: 'VAT_MODE',
  check(ctx, report) {
    const mode = ctx.template.expectedvat;
    const needGross = mode !== 'NET';
    const needNet = mode !== 'GROSS';
    const rule = `für diese Liegenschaft sind alle Beträge ${VAT_WORDS[mode]} zu melden`;
    eachAmounts(ctx, (a, path, owner) => {
      if (needGross && a.grossamount === undefined) {
        report('ERROR', [...path, 'grossamount'], `Bei ${owner()} fehlt der Bruttobetrag; ${rule}.`);
      }
      if (needNet && a.netamount === undefined) {
        report('ERROR', [...path, 'netamount'], `Bei ${owner()} fehlt der Nettobetrag; ${rule}.`);
      }
    });
  },
};

export const netExceedsGross: Rule = {
  code: 'NET_EXCEEDS_GROSS',
  check(ctx, report) {
    eachAmounts(ctx, (a, path, owner) => {
      if (a.grossamount === undefined || a.netamount === undefined) return;
      const conflict = netGrossConflict(money(a.grossamount), money(a.netamount));
      if (conflict === undefined) return;
      const oppositeSigns = conflict === 'opposite-signs';
      const net = eur(a.netamount);
      const gross = eur(a.grossamount);
      report(
        'ERROR',
        [...path, 'netamount'],
        oppositeSigns
          ? `Bei ${owner()} haben Nettobetrag (${net}) und Bruttobetrag (${gross}) unterschiedliche Vorzeichen.`
          : `Bei ${owner()} ist der Nettobetrag ${net} höher als der Bruttobetrag ${gross}.`,
      );
    });
  },
};

export const currencyMismatch: Rule = {
  code: 'CURRENCY_MISMATCH',
  check(ctx, report) {
    const s = ctx.submission;
    const t = ctx.template;
    const currency: string = s.currency;
    if (currency !== t.currency) {
      report('ERROR', ['currency'], `Die Meldung ist in der Währung ${currency} erstellt, vereinbart ist ${t.currency}.`);
    }
    if (s.expectedvat !== t.expectedvat) {
      report(
        'ERROR',
        ['expectedvat'],
        `Die Meldung gibt Beträge als „${VAT_WORDS[s.expectedvat]}“ an, vereinbart ist „${VAT_WORDS[t.expectedvat]}“.`,
      );
    }
  },
};

export const vatRatio: Rule = {
  code: 'VAT_RATIO',
  check(ctx, report) {
    eachAmounts(ctx, (a, path, owner) => {
      if (a.grossamount === undefined || a.netamount === undefined) return;
      const gross = money(a.grossamount).units;
      const net = money(a.netamount).units;
      if (net > gross || vatRatioFits(gross, net)) return; // NET_EXCEEDS_GROSS names a larger net amount
      // (gross − net) / net in tenths of a percent, rounded half up.
      const rate = net === 0n ? undefined : ((gross - net) * 2000n + net) / (2n * net);
      report(
        'WARNING',
        path,
        `Bei ${owner()} passen Bruttobetrag ${eur(a.grossamount)} und Nettobetrag ${eur(a.netamount)} zu keinem üblichen Umsatzsteuersatz (19 %, 7 % oder steuerfrei)${rate === undefined ? '' : `; sie ergeben ${formatGerman(fromUnits(rate, 1))} %`}. Bitte die Beträge prüfen.`,
      );
    });
  },
};
