/**
 * The ARGE field numbers the rules cite as their source ("Quelle: ARGE B-Satz Feld 9 …" in the catalog, hence in
 * docs/msc-rules.md) and in the contract's field descriptions name the field the rule is about. Each citation is
 * listed here by the field's name in our ARGE tables (shared/arge/tables-*.ts, which follow the 3.05 PDF's field
 * lists), so a number that points at another field, or a new citation nobody checked, fails.
 */
import { describe, expect, it } from 'vitest';
import type { RecordSpec } from '@shared/arge/fields';
import { B_RECORD, K_RECORD } from '@shared/arge/tables-costs';
import { M_RECORD } from '@shared/arge/tables-master';
import { HotWaterFigures, Invoice, RecipientEntry } from '@shared/msc/billing-input';
import { RULE_CATALOG } from '@main/sandbox/rules/catalog';

const RECORDS: Record<string, RecordSpec> = { B: B_RECORD, K: K_RECORD, M: M_RECORD };

/** `B.hotWaterVolume` → `B19`, from the field table. */
function numberOf(ref: string): string {
  const [type = '', name] = ref.split('.');
  const field = RECORDS[type]?.fields.find((f) => f.name === name);
  if (!field) throw new Error(`no field ${ref} in our ARGE tables`);
  return `${type}${String(field.no)}`;
}

/** Every "B-Satz Feld 9", "Felder 10–17", "Felder 21/22", "Feld 19, 21, 22" of a text, as `B9` …; a bare "Feld" belongs to the record named last. */
function citedFields(text: string): string[] {
  let record = '?';
  const out = new Set<string>();
  for (const m of text.matchAll(/([BKMLD])-Satz|Feld(?:er)?\s+(\d+(?:\s*(?:–|\/|,|und)\s*\d+)*)/g)) {
    if (m[1]) {
      record = m[1];
      continue;
    }
    for (const part of (m[2] ?? '').split(/\s*(?:\/|,|und)\s*/)) {
      const [from = 0, to = from] = part.split('–').map(Number);
      for (let n = from; n <= to; n += 1) out.add(`${record}${String(n)}`);
    }
  }
  return [...out].sort();
}

const range = (type: string, names: string[]) => names.map((n) => `${type}.${n}`);

/** What each rule's source cites, checked against the ARGE 3.05 PDF (me-software/ArgeHeiwako.NET, docs/). */
const CITED: Record<string, string[]> = {
  QUANTITY_REQUIRED: ['K.quantity'],
  DATE_OUTSIDE_PERIOD: ['K.invoiceDate', 'B.billingPeriod'],
  LABOR_REQUIRED: ['K.laborGross', 'K.taxServiceType'],
  COSTTYPE_WRONG_LIST: ['K.allocation'],
  CALORIFIC_VALUE_REQUIRED: ['B.calorificValue', 'B.fuelKey'],
  CLOSINGSTOCK_EXCEEDS: ['B.openingStockQuantity', 'B.closingStockQuantity', 'K.quantity'],
  HOTWATER_FIGURES_REQUIRED: ['B.hotWaterTemperature', 'B.hotWaterVolume', 'B.hotWaterSharePercent'],
  HOTWATER_TEMPERATURE: ['B.hotWaterTemperature'],
  HOTWATER_METER: ['B.hotWaterVolume', 'B.hotWaterMeterStart', 'B.hotWaterMeterEnd'],
  SUPPLY_PERIOD: range('B', ['heatingSupply1', 'heatingSupply2', 'hotWaterSupply1', 'hotWaterSupply2']),
  USERCHANGE_WITHOUT_CHANGE: ['M.changeFeeShared'],
  VAT_INDICATOR_CONDOMINIUM: ['M.vatFlag'],
  CONDOMINIUM_DIFFERS: ['M.vatFlag'],
  USAGEGROUP_UNKNOWN: ['K.usageGroup'],
  STOCK_NEGATIVE: range('B', [
    'openingStockDate',
    'openingStockQuantity',
    'openingStockGross',
    'openingStockNet',
    'closingStockDate',
    'closingStockQuantity',
    'closingStockGross',
    'closingStockNet',
  ]),
  CALORIFIC_VALUE_UNIT: ['B.calorificValue'],
  UNIT_PRICE_IMPLAUSIBLE: ['K.quantity', 'K.gross', 'K.net'],
  AREA_CHANGED: range('M', [
    'allocationKey1',
    'allocationShare1',
    'allocationKey2',
    'allocationShare2',
    'allocationKey3',
    'allocationShare3',
  ]),
};

describe('ARGE field numbers in the rules’ sources', () => {
  it('reads the citations of a source text', () => {
    expect(
      citedFields('ARGE B-Satz Feld 9 (Pflicht, sobald Feld 8 gefüllt); K-Satz Felder 10–12 und M-Satz Felder 21/22'),
    ).toEqual(['B8', 'B9', 'K10', 'K11', 'K12', 'M21', 'M22']);
    expect(citedFields('Tabelle S 12/13/14; Leistungsart 11–13; §7 Abs. 2')).toEqual([]);
  });

  it.each(RULE_CATALOG.map((r) => ({ code: r.code, when: r.when })))('$code cites the fields it is about', ({ code, when }) => {
    expect(citedFields(when)).toEqual((CITED[code] ?? []).map(numberOf).sort());
  });

  it('lists no rule that is not in the catalog', () => {
    const codes = new Set(RULE_CATALOG.map((r) => r.code));
    expect(Object.keys(CITED).filter((c) => !codes.has(c))).toEqual([]);
  });

  it('has the contract’s field descriptions cite the ARGE field they fill', () => {
    const described = (s: { meta: () => { description?: string } | undefined }) =>
      citedFields((s.meta()?.description ?? '').replace(/^([BKM]) fields? /, '$1-Satz Feld '));
    const h = HotWaterFigures.shape;
    expect(described(h.temperature)).toEqual([numberOf('B.hotWaterTemperature')]);
    expect(described(h.volume)).toEqual([numberOf('B.hotWaterVolume')]);
    expect(described(h.flatrate)).toEqual([numberOf('B.hotWaterSharePercent')]);
    expect(described(h.meterstart)).toEqual([numberOf('B.hotWaterMeterStart')]);
    expect(described(h.meterend)).toEqual([numberOf('B.hotWaterMeterEnd')]);
    expect(described(RecipientEntry.shape.vatindicator)).toEqual([numberOf('M.vatFlag')]);
    expect(described(RecipientEntry.shape.changefee)).toEqual([numberOf('M.changeFeeShared')]);
    expect(described(Invoice.shape.usagegroup)).toEqual([numberOf('K.usageGroup')]);
  });
});
