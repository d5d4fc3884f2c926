/**
 * Rules on the figures of fuels and invoices, with the demo MSC's semantics (electron/sandbox/rules/energy.ts,
 * amounts.ts, period.ts share their arithmetic from ./logic): net ≤ gross, energy mix = 100,0 %, stocks of stored
 * fuels, invoice dates or service periods inside the billing period (./service-period). Values that cannot be read are left to the format rule.
 */
import { MONEY_SCALE, SHARE_SCALE, formatIso, type Decimal } from '@shared/domain/decimal';
import {
  STOCKS,
  eachAmounts,
  eachDelivery,
  eachInvoice,
  given,
  readDate,
  readDecimal,
  type PrecheckRule,
} from '@shared/domain/precheck/context';
import { energyMixTotal, netGrossConflict } from '@shared/domain/precheck/logic';
import { judgeItemDates } from '@shared/domain/precheck/service-period';

export const netExceedsGross: PrecheckRule = ({ content }, report) => {
  eachAmounts(content, (a, path) => {
    const gross = readDecimal(a.grossamount, MONEY_SCALE);
    const net = readDecimal(a.netamount, MONEY_SCALE);
    if (!gross || !net || netGrossConflict(gross, net) === undefined) return;
    report('ERROR', 'NET_EXCEEDS_GROSS', `${path}.netamount`, { net: formatIso(net), gross: formatIso(gross) });
  });
};

export const energymixSum: PrecheckRule = ({ content }, report) => {
  eachDelivery(content, (d, path) => {
    const parts = (d.energymix ?? []).filter((p) => given(p.share));
    if (parts.length === 0) return;
    const shares: Decimal[] = [];
    for (const p of parts) {
      const s = readDecimal(p.share, SHARE_SCALE);
      if (!s) return;
      shares.push(s);
    }
    const { total, complete } = energyMixTotal(shares);
    if (!complete) report('ERROR', 'ENERGYMIX_SUM', `${path}.energymix`, { total: formatIso(total) });
  });
};

export const stockRequired: PrecheckRule = ({ content, template, from, to }, report) => {
  (content.energysources ?? []).forEach((src, i) => {
    const agreed =
      src.slot === undefined ? template.fuels.find((f) => f.fuel === src.fuel) : template.fuels.find((f) => f.slot === src.slot);
    if (!agreed?.stored) return;
    for (const which of STOCKS) {
      if (given(src[which]?.quantity)) continue;
      report('ERROR', 'STOCK_REQUIRED', `energysources[${String(i)}].${which}`, {
        date: which === 'openingstock' ? from : to,
      });
    }
  });
};

export const dateOutsidePeriod: PrecheckRule = ({ content, from, to }, report) => {
  const judge = (item: { invoicedate?: string; servicefrom?: string; serviceto?: string }, path: string): void => {
    const dates = {
      invoicedate: readDate(item.invoicedate),
      servicefrom: readDate(item.servicefrom),
      serviceto: readDate(item.serviceto),
    };
    for (const { field, date, verdict: v } of judgeItemDates(dates, from, to)) {
      report(v.severity, 'DATE_OUTSIDE_PERIOD', `${path}.${field}`, { date, from, to, days: v.days });
    }
  };
  eachDelivery(content, (d, path) => {
    judge(d, path);
  });
  eachInvoice(content, (inv, path) => {
    judge(inv, path);
  });
};
