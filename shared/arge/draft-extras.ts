/**
 * Facts of the filled template that ARGE records carry but the contract may not hold yet (hot-water figures and
 * supply periods of a fuel, a recipient's VAT flag and change-fee flag, an invoice's usage group). They are read
 * when present, so the mapping picks them up as soon as the model has them; the names are listed in docs/arge.md.
 */
type Loose = Record<string, unknown>;

const str = (o: unknown, key: string): string | undefined => {
  const v = (o as Loose | undefined)?.[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
};

const range = (o: unknown): string | undefined => {
  const from = str(o, 'from');
  const to = str(o, 'to');
  return from && to ? `${from}/${to}` : undefined;
};

/** B fields 18–22 and 24–27 of one energy source. */
export function fuelExtras(source: unknown): Record<string, string | undefined> {
  const hw = (source as Loose | undefined)?.hotwater;
  const supply = (source as Loose | undefined)?.supplyperiods as Loose | undefined;
  const periods = (key: string): unknown[] => (Array.isArray(supply?.[key]) ? (supply[key] as unknown[]) : []);
  return {
    hotWaterTemperature: str(hw, 'temperature'),
    hotWaterVolume: str(hw, 'volume'),
    hotWaterSharePercent: str(hw, 'sharepercent'),
    hotWaterMeterStart: str(hw, 'meterstart'),
    hotWaterMeterEnd: str(hw, 'meterend'),
    heatingSupply1: range(periods('heating')[0]),
    heatingSupply2: range(periods('heating')[1]),
    hotWaterSupply1: range(periods('hotwater')[0]),
    hotWaterSupply2: range(periods('hotwater')[1]),
  };
}

/** M field 25 (0–3) and field 68 (change fee shared, 0/1) of one recipient; undefined leaves our default. */
export function recipientExtras(entry: unknown): { vatFlag?: string; changeFeeShared?: string } {
  const out: { vatFlag?: string; changeFeeShared?: string } = {};
  const vat = str(entry, 'vatflag');
  if (vat !== undefined) out.vatFlag = vat;
  const fee = (entry as Loose | undefined)?.changefeeshared;
  if (typeof fee === 'boolean') out.changeFeeShared = fee ? '1' : '0';
  return out;
}

/** K field 16 of one invoice. */
export function invoiceUsageGroup(invoice: unknown): string | undefined {
  return str(invoice, 'usagegroup');
}
