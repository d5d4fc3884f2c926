/** Finding the agreed cost type behind a clerk's account, booking text or cost-type cell. */
import { COST_TYPES, FUELS, costTypeOf } from '@shared/domain/codes';
import type { AccountMapping } from '@shared/domain/excel';
import type { Template } from '@shared/msc/billing-input';
import { leadingCode } from '@main/services/excel/cell-values';

/**
 * Words in booking texts that point to a cost type, most specific first ("Brennerwartung" before
 * "Wartung", "Abwasser" before "Wasser"). Template and code-table labels are tried before these.
 */
const KEYWORDS: readonly (readonly [string, string])[] = [
  ['brennerwartung', '229'],
  ['brenner', '229'],
  ['schornstein', '225'],
  ['kaminkehrer', '225'],
  ['immission', '225'],
  ['betriebsstrom', '220'],
  ['heizstrom', '220'],
  ['heizungsstrom', '220'],
  ['messdienst', '227'],
  ['ablesung', '227'],
  ['heizkostenabrechnung', '227'],
  ['heizkostenverteiler', '300'],
  ['wärmezähler', '301'],
  ['warmwasserzähler', '302'],
  ['kaltwasserzähler', '303'],
  ['rauchwarnmelder', '310'],
  ['rauchmelder', '310'],
  ['eichaustausch', '311'],
  ['allgemeinstrom', '400'],
  ['treppenhausbeleuchtung', '400'],
  ['niederschlag', '241'],
  ['regenwasser', '241'],
  ['abwasser', '237'],
  ['entwässerung', '237'],
  ['kanal', '237'],
  ['wasseraufbereitung', '240'],
  ['frischwasser', '236'],
  ['kaltwasser', '236'],
  ['wasser', '236'],
  ['wartung', '221'],
  ['heizöl', '201'],
  ['heizoel', '201'],
  ['pellets', '201'],
  ['fernwärme', '201'],
  ['erdgas', '201'],
  ['flüssiggas', '201'],
  ['brennstoff', '201'],
  ['gaslieferung', '201'],
];

/** Cost types this template accepts: its agreed keys, plus fuel deliveries when fuels are agreed. */
export function agreedCodes(template: Template): Set<string> {
  const codes = new Set(template.costtypes.map((c) => c.key));
  if (template.fuels.length > 0) codes.add('201');
  return codes;
}

const fold = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** A cost-type cell: `221`, `221 – Wartung Heizungsanlage`, or a label from the template or table K. */
export function costTypeFromCell(text: string, template: Template): string | undefined {
  const code = leadingCode(text);
  if (/^\d{3}$/.test(code)) return code;
  const t = fold(text);
  return (
    template.costtypes.find((c) => fold(c.text) === t)?.key ?? COST_TYPES.find((c) => fold(c.label) === t)?.code ?? undefined
  );
}

/** Looks a key up in the caller's mapping, ignoring case and surrounding blanks. */
export function lookupAccount(mapping: AccountMapping, key: string): string | undefined {
  const direct = mapping[key];
  if (direct !== undefined) return direct;
  const k = fold(key);
  for (const [m, code] of Object.entries(mapping)) if (fold(m) === k) return code;
  return undefined;
}

/** A cost type suggested by the words of a booking text, limited to what the template agreed. */
export function suggestCostType(texts: readonly string[], template: Template): string | undefined {
  const agreed = agreedCodes(template);
  const labels: [string, string][] = [
    ...template.costtypes.map((c): [string, string] => [fold(c.text), c.key]),
    ...COST_TYPES.filter((c) => !c.forbidden).map((c): [string, string] => [fold(c.label), c.code]),
    ...FUELS.map((f): [string, string] => [fold(f.label), '201']),
  ];
  for (const raw of texts) {
    const t = fold(raw);
    if (t === '') continue;
    const byLabel = labels.find(([label, code]) => label.length >= 4 && t.includes(label) && agreed.has(code));
    if (byLabel) return byLabel[1];
    const byWord = KEYWORDS.find(([word, code]) => t.includes(word) && agreed.has(code));
    if (byWord) return byWord[1];
  }
  return undefined;
}

/** `221 Wartung Heizungsanlage`, the template's wording first. */
export function costTypeTitle(code: string, template?: Template): string {
  const text = template?.costtypes.find((c) => c.key === code)?.text ?? costTypeOf(code)?.label;
  return text === undefined ? code : `${code} ${text}`;
}
