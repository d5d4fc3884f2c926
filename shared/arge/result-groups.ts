/**
 * How a billing result's positions become D records and back (docs/arge.md, "D, E835, E898 files"). A D record
 * carries one cost type per user; the standard allows only the summary keys of table K there (230, 231, 234–239,
 * 244, 250–253, 255–303), so positions are grouped by their allocation: heating, hot water, both, cold water and
 * other cold costs, other operating costs. The CO2 landlord share deducted (result key 235, docs/msc-results.md)
 * goes to 260 "Nicht umlagefähige Kosten" as a negative amount; 230 "Gesamtkosten" carries the user's total,
 * prepayment, new monthly prepayment and balance.
 */
type AllocationCode = 'E' | 'H' | 'W' | 'K' | 'A' | 'B';
import type { ResultPosition } from '@shared/msc/billing-result';

export const D_TOTAL_KEY = '230';
export const D_CO2_KEY = '260';
/** The position key under which a result deducts the landlord's CO2 share (docs/msc-results.md). */
export const RESULT_CO2_KEY = '235';

const GROUP_OF_ALLOCATION: Readonly<Partial<Record<string, string>>> = {
  E: '231',
  H: '234',
  W: '235',
  K: '244',
  A: '244',
  B: '259',
};

/** The D cost type a result position is written under. */
export function dGroupOf(p: ResultPosition): string {
  if (p.costtype === RESULT_CO2_KEY && p.allocation === 'E' && p.basis === 'KEY') return D_CO2_KEY;
  return GROUP_OF_ALLOCATION[p.allocation] ?? '259';
}

/** The order the groups are written in (the order of a paper statement). */
export const D_GROUP_ORDER = ['234', '235', '231', '244', '259', D_CO2_KEY] as const;

/** Names of the D cost types (table K), for positions read from a D file. */
export const D_KEY_TEXT: Readonly<Record<string, string>> = {
  '230': 'Gesamtkosten',
  '231': 'Kosten Heizung und Warmwasser',
  '234': 'Kosten Heizung',
  '235': 'Kosten Warmwasser',
  '236': 'Kosten Frisch- und Abwasser',
  '237': 'Kosten Frischwasser',
  '238': 'Kosten Abwasser',
  '239': 'Kosten Oberflächenentwässerung',
  '244': 'Kaltwasser, Abwasser und weitere kalte Betriebskosten',
  '250': 'Zwischenablesung',
  '251': 'Kosten Nutzerwechsel',
  '252': 'Kosten Schätzung',
  '253': 'Kosten MwSt-Errechnung',
  '257': 'Summe Sonderkosten',
  '258': 'Direktkosten (Nutzer)',
  '259': 'Weitere Betriebskosten',
  '260': 'CO2-Kosten: Anteil des Vermieters',
};

/** The allocation a D cost type stands for when read back. */
export function allocationOfDKey(key: string): AllocationCode {
  if (key === '234') return 'H';
  if (key === '235') return 'W';
  if (key === '231' || key === D_CO2_KEY || (key >= '300' && key <= '302')) return 'E';
  if ((key >= '236' && key <= '239') || key === '244' || key === '303') return 'K';
  return 'B';
}

/**
 * Table S flags for a D record: 11 main reading, 1 estimate; on the 230 record 12 (intermediate reading) or 14
 * (degree days) say how a change of user was split.
 */
export const S_FLAG = { read: '011', estimated: '001', readings: '012', degreeDays: '014' } as const;
