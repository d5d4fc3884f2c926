/** The CO2 cost split preview (CO2KostAufG) as lines of the check report's facts, in German like the whole report. */
import { CO2_TIERS, co2Preview } from '@shared/domain/co2-split';
import { formatGerman } from '@shared/domain/decimal';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';

export const CO2_TITLE = 'CO2-Kostenaufteilung (Vorschau)';
const SHARES_TITLE = 'CO2-Kosten Vermieter / Mieter';

const eur = (d: Parameters<typeof formatGerman>[0]): string => `${formatGerman(d)} €`;

/** Fact lines for the report; none when CO2KostAufG does not apply to the period. */
export function co2Facts(submission: FilledTemplate | undefined, template: Template | undefined): [string, string][] {
  if (!submission || !template) return [];
  const p = co2Preview(submission, template);
  if (p.status === 'not-applicable') return [];
  if (p.status === 'no-figures') return [[CO2_TITLE, 'Weder Lieferungen noch Anfangsbestand tragen CO2-Angaben.']];
  if (p.status === 'no-area') {
    return [
      [
        CO2_TITLE,
        `${formatGerman({ units: p.kg.units / 1000n, scale: 0 })} kg CO2 aus dem verbrauchten Brennstoff; die Wohnfläche fehlt, daher keine Stufe.`,
      ],
    ];
  }
  const s = p.split;
  const next = CO2_TIERS.find((t) => t.tier === s.tier.tier + 1);
  const range = next ? `${String(s.tier.from)} bis unter ${String(next.from)} kg` : `ab ${String(s.tier.from)} kg`;
  const per = s.annualised ? 'kg CO2 je m² und Jahr, auf 365 Tage umgerechnet' : 'kg CO2 je m² und Jahr';
  const tenants = { units: 1000n - s.landlordPercent.units, scale: 1 as const };
  const notes = [
    s.basis === 'nonresidential' ? 'Nichtwohngebäude: hälftige Teilung (§8 CO2KostAufG).' : '',
    s.restriction === 'halved' ? 'Vermieteranteil halbiert wegen öffentlich-rechtlicher Vorgaben (§9 CO2KostAufG).' : '',
    s.restriction === 'waived' ? 'Kein Vermieteranteil wegen öffentlich-rechtlicher Vorgaben (§9 CO2KostAufG).' : '',
  ].filter((n) => n !== '');
  return [
    [
      CO2_TITLE,
      `Stufe ${String(s.tier.tier)} von 10 (${range}): ${formatGerman(s.intensity)} ${per} aus ${formatGerman({ units: s.kg.units / 1000n, scale: 0 })} kg CO2 des verbrauchten Brennstoffs (Anfangsbestand + Lieferungen - Endbestand) auf ${formatGerman(s.area)} m² Wohnfläche.`,
    ],
    [
      SHARES_TITLE,
      `${formatGerman(s.landlordPercent)} % = ${eur(s.landlord)} / ${formatGerman(tenants)} % = ${eur(s.tenants)} (von ${eur(s.cost)})${notes.length > 0 ? `. ${notes.join(' ')}` : ''}`,
    ],
  ];
}
