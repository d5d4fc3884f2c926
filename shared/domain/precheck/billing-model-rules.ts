/**
 * The demo MSC's rules on hot water, supply periods, the tenant change, VAT indicator, usage groups and the net CO2
 * cost (docs/msc-rules.md, issue 20 item 4) as the local pre-check runs them while the clerk types: same codes and
 * paths, the same judgments (@shared/domain/billing-model-checks), values read as typed.
 */
import {
  coversPeriod,
  hotWaterNeeds,
  meterProblem,
  netAboveGross,
  supplyPeriodProblem,
  temperatureOdd,
  type Range,
} from '@shared/domain/billing-model-checks';
import { MONEY_SCALE, QUANTITY_SCALE, formatIso } from '@shared/domain/decimal';
import {
  eachDelivery,
  eachInvoice,
  given,
  readDate,
  readDecimal,
  type PrecheckContext,
  type PrecheckRule,
} from '@shared/domain/precheck/context';

/** Whether the clerk has begun with the energy: before that, a missing figure is nothing typed, not a mistake. */
const energyBegun = (content: PrecheckContext['content']): boolean =>
  content.hotwater !== undefined || (content.energysources ?? []).some((s) => (s.deliveries ?? []).length > 0);

export const hotwaterFiguresRequired: PrecheckRule = ({ content, template }, report) => {
  if (!energyBegun(content)) return;
  const method = template.hotwater?.method;
  const needs = hotWaterNeeds(method);
  for (const field of ['volume', 'temperature', 'flatrate'] as const) {
    if (needs[field] && !given(content.hotwater?.[field])) {
      report('ERROR', 'HOTWATER_FIGURES_REQUIRED', `hotwater.${field}`, { method: method ?? '' });
    }
  }
};

export const hotwaterTemperature: PrecheckRule = ({ content }, report) => {
  const t = readDecimal(content.hotwater?.temperature, 2);
  if (t !== undefined && temperatureOdd(t))
    report('WARNING', 'HOTWATER_TEMPERATURE', 'hotwater.temperature', { temperature: formatIso(t) });
};

export const hotwaterMeter: PrecheckRule = ({ content }, report) => {
  const hw = content.hotwater;
  const start = readDecimal(hw?.meterstart, QUANTITY_SCALE);
  const end = readDecimal(hw?.meterend, QUANTITY_SCALE);
  const problem = meterProblem(start, end, readDecimal(hw?.volume, QUANTITY_SCALE));
  if (problem?.kind === 'backwards') report('ERROR', 'HOTWATER_METER', 'hotwater.meterend');
  else if (problem?.kind === 'volume') {
    report('WARNING', 'HOTWATER_METER', 'hotwater.volume', { context: 'volume', used: formatIso(problem.used) });
  }
};

export const supplyPeriod: PrecheckRule = ({ content, from, to }, report) => {
  (content.energysources ?? []).forEach((src, i) => {
    for (const kind of ['heating', 'hotwater'] as const) {
      const read = (n: 1 | 2): Range | undefined => {
        const r = src.supply?.[`${kind}${String(n)}`];
        const a = readDate(r?.from);
        const b = readDate(r?.to);
        return a === undefined || b === undefined ? undefined : { from: a, to: b };
      };
      const first = read(1);
      const second = read(2);
      [first, second].forEach((r, j) => {
        if (r === undefined) return;
        const problem = supplyPeriodProblem(r, { from, to }, j === 1 && first ? [first] : []);
        if (problem === undefined) return;
        report('ERROR', 'SUPPLY_PERIOD', `energysources[${String(i)}].supply.${kind}${String(j + 1)}.from`, {
          // i18next picks the text `SUPPLY_PERIOD_<problem>` by this context.
          context: problem,
          from: r.from,
          to: r.to,
        });
      });
    }
  });
};

export const userchangeWithoutChange: PrecheckRule = ({ content, from, to }, report) => {
  (content.billingrecipients ?? []).forEach((r, i) => {
    const a = readDate(r.validfrom);
    const b = readDate(r.validto);
    if (a === undefined || b === undefined || !coversPeriod(a, b, { from, to })) return;
    if (given(r.changesplit)) report('WARNING', 'USERCHANGE_WITHOUT_CHANGE', `billingrecipients[${String(i)}].changesplit`);
    if (r.changefee === true) report('WARNING', 'USERCHANGE_WITHOUT_CHANGE', `billingrecipients[${String(i)}].changefee`);
  });
};

export const vatIndicatorCondominium: PrecheckRule = ({ content, template }, report) => {
  if (content.condominium ?? template.condominium ?? false) return;
  (content.billingrecipients ?? []).forEach((r, i) => {
    if (r.vatindicator?.trim() === '2')
      report('WARNING', 'VAT_INDICATOR_CONDOMINIUM', `billingrecipients[${String(i)}].vatindicator`);
  });
};

export const condominiumDiffers: PrecheckRule = ({ content, template }, report) => {
  if (content.condominium === undefined || template.condominium === undefined) return;
  if (content.condominium !== template.condominium) report('WARNING', 'CONDOMINIUM_DIFFERS', 'condominium');
};

export const usagegroupUnknown: PrecheckRule = ({ content, template }, report) => {
  const known = (template.usagegroups ?? []).map((g) => g.key);
  eachInvoice(content, (inv, path) => {
    const group = inv.usagegroup?.trim();
    if (group === undefined || group === '' || known.includes(group)) return;
    report('ERROR', 'USAGEGROUP_UNKNOWN', `${path}.usagegroup`, { group });
  });
};

export const co2NetExceedsGross: PrecheckRule = ({ content }, report) => {
  eachDelivery(content, (d, path) => {
    const net = readDecimal(d.co2?.costnet, MONEY_SCALE);
    const gross = readDecimal(d.co2?.costgross, MONEY_SCALE);
    if (net === undefined || gross === undefined || !netAboveGross(net, gross)) return;
    report('ERROR', 'CO2_NET_EXCEEDS_GROSS', `${path}.co2.costnet`, { net: formatIso(net), gross: formatIso(gross) });
  });
};

/** In the order of docs/msc-rules.md. */
export const BILLING_MODEL_RULES: readonly PrecheckRule[] = [
  hotwaterFiguresRequired,
  hotwaterTemperature,
  hotwaterMeter,
  supplyPeriod,
  userchangeWithoutChange,
  vatIndicatorCondominium,
  condominiumDiffers,
  usagegroupUnknown,
  co2NetExceedsGross,
];

export const BILLING_MODEL_CODES = [
  'HOTWATER_FIGURES_REQUIRED',
  'HOTWATER_TEMPERATURE',
  'HOTWATER_METER',
  'SUPPLY_PERIOD',
  'USERCHANGE_WITHOUT_CHANGE',
  'VAT_INDICATOR_CONDOMINIUM',
  'CONDOMINIUM_DIFFERS',
  'USAGEGROUP_UNKNOWN',
  'CO2_NET_EXCEEDS_GROSS',
] as const;
