/**
 * Where a JSON path of the submission (from the local pre-check or the MSC's check) is shown in the editor: its
 * step, the grid (section), the row and the cell (field = the JSON sub-path within the row, as in the path).
 * The editor's grids use exactly these section ids, so every message can open its step and highlight its cell.
 */
import type { DraftContent } from '@shared/domain/workspace';
import { pathSegments } from '@shared/domain/precheck/logic';

export const EDITOR_STEPS = [
  'vereinbarung',
  'brennstoffe',
  'heizung',
  'betriebskosten',
  'nutzer',
  'pruefen',
  'uebermitteln',
] as const;
export type EditorStep = (typeof EDITOR_STEPS)[number];

/** Where a JSON path of the submission is shown in the editor. */
export type DraftLocation = { step: EditorStep; section: string; row: number; field: string };

const AGREEMENT: Omit<DraftLocation, 'field'> = { step: 'vereinbarung', section: 'agreement', row: 0 };
const INVOICE_STEPS = { heatingsysteminvoices: 'heizung', ancillaryinvoices: 'betriebskosten' } as const;

type Segment = string | number;

/** `amounts.grossamount` from the segments after the row index. */
function joinField(rest: readonly Segment[]): string {
  let out = '';
  for (const s of rest) out += typeof s === 'number' ? `[${String(s)}]` : out === '' ? s : `.${s}`;
  return out;
}

function locateSource(i: number, rest: readonly Segment[]): DraftLocation {
  const [part, j, ...tail] = rest;
  // A fact of the fuel itself, shown as a field at the fuel's heading.
  if (part === 'calorificvalue') return { step: 'brennstoffe', section: `energysources[${String(i)}]`, row: 0, field: part };
  // The supply periods (ARGE B 24–27) are fields at the fuel's heading too: `supply.heating1.from`.
  if (part === 'supply') return { step: 'brennstoffe', section: `energysources[${String(i)}]`, row: 0, field: joinField(rest) };
  if (part === 'deliveries') {
    const section = `energysources[${String(i)}].deliveries`;
    if (typeof j !== 'number') return { step: 'brennstoffe', section, row: 0, field: '' };
    // The grid shows the energy mix as one cell; a part of it points there.
    const field = tail[0] === 'energymix' ? 'energymix' : joinField(tail);
    return { step: 'brennstoffe', section, row: j, field };
  }
  const section = `energysources[${String(i)}].stock`;
  if (part === 'openingstock' || part === 'closingstock') {
    const sub = j === undefined ? [] : [j, ...tail];
    return { step: 'brennstoffe', section, row: part === 'openingstock' ? 0 : 1, field: joinField(sub) };
  }
  return { step: 'brennstoffe', section, row: 0, field: '' };
}

function locateRecipient(i: number, rest: readonly Segment[], content: DraftContent | undefined): DraftLocation {
  const at = { step: 'nutzer', section: 'billingrecipients', row: i } as const;
  const [part, k] = rest;
  if (part === 'allocations' && typeof k === 'number') {
    const key = content?.billingrecipients?.[i]?.allocations?.[k]?.key;
    return { ...at, field: key ? `allocations.${key}` : `allocations[${String(k)}]` };
  }
  return { ...at, field: joinField(rest) };
}

/**
 * The editor place of `path`, or undefined when the path names nothing the editor shows. `content` resolves an
 * allocation's index to its distribution key (`allocations[2]` → `allocations.035`); without it the index stays.
 */
export function locate(path: string, content?: DraftContent): DraftLocation | undefined {
  const segs = pathSegments(path);
  const [head, index, ...rest] = segs;
  if (head === undefined || head === '(Wurzel)') return { ...AGREEMENT, field: '' };
  // The agreed distribution ratio is part of the agreement; the CO2 property facts are preset there too, but the
  // clerk corrects them on the fuels step, where the CO2 costs are typed (one row of fields, `co2configuration`).
  if (head === 'currency' || head === 'expectedvat' || head === 'distributionratio') return { ...AGREEMENT, field: path };
  // The hot-water figures (HeizkostenV §9) and the condominium flag are single fields on the fuels step.
  if (head === 'hotwater')
    return { step: 'brennstoffe', section: 'hotwater', row: 0, field: typeof index === 'string' ? index : '' };
  if (head === 'condominium') return { step: 'brennstoffe', section: 'property', row: 0, field: 'condominium' };
  if (head === 'co2configuration') {
    const field = typeof index === 'string' ? index : '';
    return { step: 'brennstoffe', section: 'co2configuration', row: 0, field };
  }
  const i = typeof index === 'number' ? index : undefined;
  switch (head) {
    case 'energysources':
      return i === undefined ? locateSource(0, []) : locateSource(i, rest);
    case 'heatingsysteminvoices':
    case 'ancillaryinvoices':
      return { step: INVOICE_STEPS[head], section: head, row: i ?? 0, field: i === undefined ? '' : joinField(rest) };
    case 'billingrecipients':
      return i === undefined
        ? { step: 'nutzer', section: 'billingrecipients', row: 0, field: '' }
        : locateRecipient(i, rest, content);
    default:
      return undefined;
  }
}
