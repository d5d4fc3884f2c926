/** Finding the agreed cost type behind a clerk's account, booking text or cost-type cell. */
import { COST_TYPES, FUELS, costTypeOf } from '@shared/domain/codes';
import type { AccountMapping } from '@shared/domain/excel';
import type { Template } from '@shared/msc/billing-input';
import { leadingCode } from '@main/services/excel/cell-values';

/** Lower case, umlauts spelt out ("Müll" = "Muell"), blanks collapsed: how bookkeeping exports vary. */
const fold = (s: string): string =>
  s.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').replace(/\s+/g, ' ').trim();

/** `words` must all occur in the text (German compounds, so as parts of words); `codes` in order of preference. */
type Keyword = { words: readonly string[]; codes: readonly string[] };
const kw = (patterns: readonly string[], ...codes: string[]): Keyword[] =>
  patterns.map((p) => ({ words: p.split('+').map(fold), codes }));

/** Costs table K has no key of their own for (lift, garden, cleaning, refuse …): the BKA's free-text key 242. */
const OTHER_COST_CODES = ['242', '259'] as const;
const OTHER_COSTS: readonly Keyword[] = kw(
  ['aufzug', 'fahrstuhl', 'garten', 'hausreinigung', 'gebaeudereinigung', 'muell', 'abfall', 'hausmeister', 'winterdienst'],
  ...OTHER_COST_CODES,
).concat(kw(['strassenreinigung', 'versicherung', 'grundsteuer', 'ungeziefer'], ...OTHER_COST_CODES));

/**
 * Words in booking texts that point to a cost type of table K, most specific first ("Abwasser" before "Wasser",
 * "Rauchwarnmelder Wartung" before "Wartung"). Where the template did not agree the first key, the next one is
 * suggested (an MSC that agreed only 236 gets sewage under "Frisch- und Abwasser").
 */
const KEYWORDS: readonly Keyword[] = [
  ...kw(['rauchwarnmelder+miete', 'rauchmelder+miete'], '308'),
  ...kw(['rauchwarnmelder+wartung', 'rauchmelder+wartung'], '309', '310'),
  ...kw(['rauchwarnmelder', 'rauchmelder'], '310', '309', '308'),
  ...kw(['eichgebuehr+kaltwasser', 'eichung+kaltwasser'], '243'),
  ...kw(['eichgebuehr+warmwasser', 'eichung+warmwasser'], '062'),
  ...kw(['eichgebuehr+heiz', 'eichung+heiz'], '054'),
  ...kw(['heizkostenverteiler'], '300'),
  ...kw(['warmwasserzaehler+wartung'], '305'),
  ...kw(['warmwasserzaehler'], '301', '305'),
  ...kw(['waermemengenzaehler+wartung', 'waermezaehler+wartung'], '306'),
  ...kw(['waermemengenzaehler', 'waermezaehler'], '302', '306'),
  ...kw(['wasserzaehler+wartung'], '307'),
  ...kw(['wasserzaehler'], '303', '307'),
  ...kw(['verbrauchsanalyse'], '304'),
  ...kw(['brenner'], '229', '221'),
  ...kw(['tankreinigung'], '226'),
  ...kw(['immission'], '224', '225'),
  ...kw(['schornstein', 'kaminkehrer', 'kaminfeger'], '225'),
  ...kw(['betriebsstrom', 'heizstrom', 'heizungsstrom', 'pumpenstrom'], '220'),
  ...kw(['bedienung'], '222'),
  ...kw(['kesselreinigung', 'heizungsreinigung'], '223'),
  ...kw(['messdienst', 'ablesung', 'heizkostenabrechnung'], '227'),
  ...kw(['legionellen', 'trinkwasserpruefung', 'trinkwasseruntersuchung'], '247'),
  ...kw(['allgemeinstrom', 'hausstrom', 'treppenhausbeleuchtung', 'beleuchtung'], '400'),
  ...kw(['niederschlag', 'regenwasser', 'oberflaechenwasser', 'oberflaechenentwaesserung'], '239', '242'),
  ...kw(['frisch- und abwasser', 'frisch-/abwasser', 'wasser und abwasser', 'wasser/abwasser', 'wasser-/abwasser'], '236'),
  ...kw(['kanal'], '249', '238', '236'),
  ...kw(['abwasser', 'schmutzwasser', 'entwaesserung'], '238', '236'),
  ...kw(['wasseraufbereitung', 'enthaertung', 'wasserfilter', 'wartung+kaltwasser'], '248', '242'),
  ...kw(['frischwasser', 'trinkwasser', 'kaltwasser', 'wasser'], '237', '236', '240'),
  ...kw(['wartung'], '221'),
  ...kw(['gaspreisbremse', 'waermepreisbremse', 'ewpbg'], '901'),
  ...kw(['haertefallhilfe'], '902'),
  ...kw(['heizoel', 'pellets', 'fernwaerme', 'nahwaerme', 'erdgas', 'fluessiggas', 'brennstoff', 'gaslieferung'], '201'),
  ...kw(['hackschnitzel', 'koks', 'kohle'], '201'),
];

/** Cost types this template accepts: its agreed keys, plus fuel deliveries when fuels are agreed. */
export function agreedCodes(template: Template): Set<string> {
  const codes = new Set(template.costtypes.map((c) => c.key));
  if (template.fuels.length > 0) codes.add('201');
  return codes;
}

/** A cost-type cell: `221`, `221 – Wartungskosten`, or a label from the template or table K. */
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

/** Whether `phrase` stands in `text` as whole words ("Reinigungskosten" is not in "Hausreinigungskosten"). */
function hasWords(text: string, phrase: string): boolean {
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
    const before = text.charAt(at - 1);
    const after = text.charAt(at + phrase.length);
    if (!/\p{L}/u.test(before) && !/\p{L}/u.test(after)) return true;
  }
  return false;
}

/** The first keyword all of whose words occur in `t`, as its most preferred agreed code. */
function byKeyword(t: string, keywords: readonly Keyword[], agreed: ReadonlySet<string>): string | undefined {
  for (const k of keywords) {
    if (!k.words.every((w) => t.includes(w))) continue;
    const code = k.codes.find((c) => agreed.has(c));
    if (code !== undefined) return code;
  }
  return undefined;
}

/**
 * A cost type suggested by the words of a booking text, limited to what the template agreed. The template's own
 * wording comes first, unless the text names a cost table K has no key for ("Wartungskosten Aufzug" is no heating
 * maintenance); then the keywords, then the labels of table K and the fuels (longest, i.e. most specific, first).
 */
export function suggestCostType(texts: readonly string[], template: Template): string | undefined {
  const agreed = agreedCodes(template);
  const labelled = (labels: readonly [string, string][], t: string): string | undefined =>
    labels.find(([label, code]) => label.length >= 4 && agreed.has(code) && hasWords(t, label))?.[1];
  const own = template.costtypes.map((c): [string, string] => [fold(c.text), c.key]);
  const table: [string, string][] = [
    ...COST_TYPES.filter((c) => !c.forbidden).map((c): [string, string] => [fold(c.label), c.code]),
    ...FUELS.map((f): [string, string] => [fold(f.label), '201']),
  ].sort((a, b) => b[0].length - a[0].length);
  const otherCodes: ReadonlySet<string> = new Set(OTHER_COST_CODES);
  for (const raw of texts) {
    const t = fold(raw);
    if (t === '') continue;
    const byOwn = labelled(own, t);
    const other = byKeyword(t, OTHER_COSTS, agreed);
    if (other !== undefined && (byOwn === undefined || !otherCodes.has(byOwn))) return other;
    const code = byOwn ?? byKeyword(t, KEYWORDS, agreed) ?? labelled(table, t);
    if (code !== undefined) return code;
  }
  return undefined;
}

/** `221 Wartungskosten`, the template's wording first. */
export function costTypeTitle(code: string, template?: Template): string {
  const text = template?.costtypes.find((c) => c.key === code)?.text ?? costTypeOf(code)?.label;
  return text === undefined ? code : `${code} ${text}`;
}
