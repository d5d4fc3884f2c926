/**
 * An agreement taken over from last year's ARGE files (the DTM and DTK the PM sent the MSC): L gives the property,
 * B the fuels, K the cost types with their allocation, M the distribution keys and the units with their users.
 * What the files do not say (which key a cost type is split by) is guessed from the keys the M records carry and
 * left for the clerk to confirm in the form; the next period starts the day after last year's ended.
 */
import type { Agreement, AgreementCostType, AgreementFuel, AgreementUnit } from '@shared/arge/agreement';
import type { ReadRecord } from '@shared/arge/read';
import { ALLOCATION_CODES, COST_TYPE_CODES, DISTRIBUTION_UNIT_CODES, FUEL_CODES } from '@shared/domain/codes';
import { addDays } from '@shared/domain/dates';
import type { OrderCriterionSetting } from '@shared/domain/connection';

export type DerivedAgreement = {
  /** Everything the files gave; absent parts (no L record, say) stay absent. */
  agreement: Partial<Agreement>;
  /** Codes the files name that our tables do not know, left out. */
  unknownCodes: string[];
};

const STOCK_KEYS = new Set(['200', '201', '202']);
const HEATING_ALLOCATIONS = new Set(['E', 'H', 'W']);
const VAT_OF_MODE: Record<string, Agreement['expectedvat']> = { '3': 'GROSS', '4': 'NET', '5': 'BOTH' };

const has = (list: readonly string[], code: string | undefined): boolean => code !== undefined && list.includes(code);

/** `order`: what M field 6 held (the connection's setting), so it is read back as the unit's or the partner's number. */
export function agreementFromRecords(records: readonly ReadRecord[], order: OrderCriterionSetting): DerivedAgreement {
  const unknown = new Set<string>();
  const agreement: Partial<Agreement> = {};
  const l = records.find((r) => r.type === 'L')?.values;
  if (l) {
    const ref = l.mscReference;
    if (ref !== undefined) agreement.billingunit = String(Number(ref.slice(0, 9)));
    if (l.objectNumber !== undefined) agreement.pmnumber = l.objectNumber;
    if (l.street !== undefined && l.postalCode !== undefined && l.city !== undefined)
      agreement.address = { street: l.street, postalcode: l.postalCode.trim(), city: l.city };
    const vat = VAT_OF_MODE[l.vatMode ?? ''];
    if (vat) agreement.expectedvat = vat;
    const [, lastTo] = (l.billingPeriod ?? '').split('/');
    if (lastTo !== undefined) {
      const from = addDays(lastTo, 1);
      const [y = '0', m = '01', d = '01'] = from.split('-');
      agreement.firstperiod = { from, to: addDays(`${String(Number(y) + 1)}-${m}-${d}`, -1) };
    }
  }

  const fuels: AgreementFuel[] = [];
  for (const { values: b } of records.filter((r) => r.type === 'B')) {
    const slot = Number(b.fuelSlot);
    const fuel = b.fuelKey;
    if (fuel === undefined) continue;
    if (!has(FUEL_CODES, fuel)) {
      unknown.add(`B ${fuel}`);
      continue;
    }
    if ((slot !== 1 && slot !== 2) || fuels.some((f) => f.slot === slot)) continue;
    fuels.push({ slot, fuel, ...(b.calorificValue === undefined ? {} : { calorificvalue: b.calorificValue }) });
  }
  if (fuels.length > 0) agreement.fuels = fuels.sort((a, b) => a.slot - b.slot);

  const keys: string[] = [];
  const units: AgreementUnit[] = [];
  for (const { values: m } of records.filter((r) => r.type === 'M')) {
    for (const slot of ['1', '2', '3']) {
      const k = m[`allocationKey${slot}`];
      if (k === undefined) continue;
      if (!has(DISTRIBUTION_UNIT_CODES, k)) unknown.add(`E ${k}`);
      else if (!keys.includes(k)) keys.push(k);
    }
    const user = m.mscReference?.slice(9, 13);
    const criterion = m.pmReference;
    if (user === undefined || criterion === undefined || units.some((u) => u.residentialunitMscnumber === user)) continue;
    const [, lastTo] = (m.occupancy ?? '').split('/');
    // Only who still used the unit at the end of last year's period is this year's first user.
    const endedBefore =
      lastTo !== undefined && agreement.firstperiod !== undefined && addDays(lastTo, 1) < agreement.firstperiod.from;
    const unit: AgreementUnit = {
      residentialunitMscnumber: user,
      residentialunitPmnumber: order === 'unit' ? criterion : user,
    };
    const name = [m.userName1, m.userName2, m.userName3, m.userName4].filter((n) => n !== undefined).join(' ');
    if (!endedBefore && name !== '' && agreement.firstperiod !== undefined)
      unit.occupant = {
        // With the unit's number in field 6 the files never name the partner; the unit's number stands in until a
        // tenant list names the partner (it is not written to the files in that setting).
        partnerPmnumber: criterion,
        name: name.slice(0, 70),
        since: agreement.firstperiod.from,
        vacancy: m.vacancy === '1',
      };
    units.push(unit);
  }
  if (units.length > 0) agreement.units = units;

  const costtypes: AgreementCostType[] = [];
  for (const { values: k } of records.filter((r) => r.type === 'K')) {
    const key = k.costKey;
    const allocation = k.allocation;
    if (key === undefined || STOCK_KEYS.has(key) || costtypes.some((c) => c.key === key)) continue;
    if (!has(COST_TYPE_CODES, key) || allocation === undefined || !has(ALLOCATION_CODES, allocation)) {
      unknown.add(`K ${key}`);
      continue;
    }
    const allocationkey = keyFor(allocation, keys);
    if (!keys.includes(allocationkey)) keys.push(allocationkey);
    costtypes.push({
      key,
      allocation,
      allocationkey,
      ...(k.costText === undefined ? {} : { text: k.costText }),
    });
  }
  if (costtypes.length > 0) agreement.costtypes = costtypes;
  if (keys.length > 0) agreement.distributionkeys = keys;
  return { agreement, unknownCodes: [...unknown] };
}

/**
 * The files do not say which key splits a cost type. Heating and hot water go by the heated area (011) as the MSC
 * bills them by its meters anyway; cold water by the m³ of the meters (003) when the M records carry it; the rest by
 * the first other key the M records carry, else the living area (010).
 */
function keyFor(allocation: string, keys: readonly string[]): string {
  if (HEATING_ALLOCATIONS.has(allocation)) return '011';
  if ((allocation === 'K' || allocation === 'A') && keys.includes('003')) return '003';
  return keys.find((k) => k !== '003' && k !== '011') ?? '010';
}
