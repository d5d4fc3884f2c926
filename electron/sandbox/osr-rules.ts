/**
 * The demo MSC's plausibility check of an On-Site-Roles delivery: stable codes, German messages. The catalog is the
 * data docs/msc-osr.md shows (a unit test keeps the two alike); ERROR refuses the delivery, WARNING lets it pass.
 */
import { addDays, formatGermanDate } from '@shared/domain/dates';
import type { CheckMessage } from '@shared/msc/billing-input';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';

export type OsrRuleEntry = { code: string; severity: 'ERROR' | 'WARNING'; when: string; path: string; message: string };

export const OSR_RULE_CATALOG: readonly OsrRuleEntry[] = [
  {
    code: 'RESIDENTIALUNIT_UNKNOWN',
    severity: 'ERROR',
    when: 'Die Nutzeinheit ist in der Liegenschaft beim Messdienst nicht bekannt (Antwort 404).',
    path: '',
    message: 'Die Nutzeinheit {Nummer} ist in der Liegenschaft {Liegenschaft} beim Messdienst nicht bekannt.',
  },
  {
    code: 'PARTNER_DUPLICATE',
    severity: 'ERROR',
    when: 'Eine Partnernummer steht zweimal in partners.',
    path: 'partners[i].partnerPmnumber',
    message: 'Der Partner {Partner} ist mehrfach aufgeführt; jede Partnernummer darf nur einmal vorkommen.',
  },
  {
    code: 'PARTNER_UNKNOWN',
    severity: 'ERROR',
    when: 'Ein Vertrag nennt eine Partnernummer, die nicht in partners steht.',
    path: 'billingcontracts[i].billingrecipient.partnerPmnumber / consumptioninformationcontracts[i].partnerPmnumber',
    message: 'Der {Vertrag} nennt den Partner {Partner}, der in der Liste der Partner fehlt.',
  },
  {
    code: 'DATES_OUT_OF_ORDER',
    severity: 'ERROR',
    when: 'Ein Vertrag endet vor seinem Beginn.',
    path: 'billingcontracts[i].validto / consumptioninformationcontracts[i].validto',
    message: 'Der {Vertrag} endet am {Datum}, also vor seinem Beginn am {Datum}.',
  },
  {
    code: 'CONTRACT_OVERLAP',
    severity: 'ERROR',
    when: 'Zwei Abrechnungs- oder zwei Verbrauchsinformationsverträge gelten an einem Tag zugleich.',
    path: 'billingcontracts[i].validfrom / consumptioninformationcontracts[i].validfrom',
    message: 'Der {Vertrag} überschneidet sich mit dem {Vertrag}: beide gelten am {Datum}.',
  },
  {
    code: 'CONTRACT_GAP',
    severity: 'ERROR',
    when: 'Zwischen zwei Abrechnungsverträgen liegen Tage ohne Vertrag und ohne Leerstand.',
    path: 'billingcontracts[i].validfrom',
    message: 'Vom {Datum} bis {Datum} ist niemand Abrechnungsempfänger. Lücken sind als Leerstand (vacancy) zu melden.',
  },
  {
    code: 'BILLINGCONTRACTS_MISSING',
    severity: 'ERROR',
    when: 'Keine Abrechnungsverträge, ohne sie ausdrücklich zu beenden.',
    path: 'billingcontracts',
    message:
      'Es ist kein Abrechnungsvertrag angegeben. Sollen alle Abrechnungsverträge enden, ist terminateallbillingcontracts mit Datum zu setzen.',
  },
  {
    code: 'TERMINATION_DATE_MISSING',
    severity: 'ERROR',
    when: 'Ein Beendigungskennzeichen ohne Datum, oder ein Datum ohne Kennzeichen.',
    path: 'terminateallbillingcontractsat / terminateallbillingcontracts (consumptioninformation alike)',
    message: 'Für das Beenden aller {Verträge} fehlt {Angabe}.',
  },
  {
    code: 'CONTRACT_AFTER_TERMINATION',
    severity: 'ERROR',
    when: 'Ein Vertrag beginnt nach dem Datum, zu dem alle Verträge dieser Art enden sollen.',
    path: 'billingcontracts[i].validfrom / consumptioninformationcontracts[i].validfrom',
    message: 'Der {Vertrag} beginnt am {Datum}, nach dem Ende aller {Verträge} am {Datum}.',
  },
  {
    code: 'VACANCY_NOT_OWNER',
    severity: 'WARNING',
    when: 'Ein Leerstand wird einem Partner berechnet, der nicht als Eigentümer gekennzeichnet ist.',
    path: 'billingcontracts[i].billingrecipient.owner',
    message: 'Der Leerstand ab {Datum} wird {Partner} berechnet, der nicht als Eigentümer gekennzeichnet ist.',
  },
];

export const OSR_RULE_CODES = OSR_RULE_CATALOG.map((r) => r.code);

type Kind = 'billing' | 'ci';
type Dated = { validfrom: string; validto?: string | undefined };

const LIST: Record<Kind, string> = { billing: 'billingcontracts', ci: 'consumptioninformationcontracts' };
const NAMES: Record<Kind, string> = { billing: 'Abrechnungsverträge', ci: 'Verbrauchsinformationsverträge' };
const d = formatGermanDate;
const contractName = (kind: Kind, i: number, c: Dated): string =>
  `${kind === 'billing' ? 'Abrechnungsvertrag' : 'Verbrauchsinformationsvertrag'} Nr. ${String(i + 1)} ab ${d(c.validfrom)}`;

const error = (shortmessage: string, path: string, message: string): CheckMessage => ({
  type: 'ERROR',
  shortmessage,
  path,
  message,
});

/** Every message of the check, errors and warnings; the unit is known (RESIDENTIALUNIT_UNKNOWN is the route's). */
export function checkOnSiteRoles(roles: OnSiteRoles): CheckMessage[] {
  const out: CheckMessage[] = [];
  const partners = new Map<string, number>();
  roles.partners.forEach((p, i) => {
    if (partners.has(p.partnerPmnumber)) {
      out.push(
        error(
          'PARTNER_DUPLICATE',
          `partners[${String(i)}].partnerPmnumber`,
          `Der Partner ${p.partnerPmnumber} ist mehrfach aufgeführt; jede Partnernummer darf nur einmal vorkommen.`,
        ),
      );
    } else partners.set(p.partnerPmnumber, i);
  });
  const partnerRef = (kind: Kind, i: number, c: Dated, partner: string, path: string) => {
    if (partners.has(partner)) return;
    out.push(
      error(
        'PARTNER_UNKNOWN',
        path,
        `Der ${contractName(kind, i, c)} nennt den Partner ${partner}, der in der Liste der Partner fehlt.`,
      ),
    );
  };
  roles.billingcontracts.forEach((c, i) => {
    partnerRef(
      'billing',
      i,
      c,
      c.billingrecipient.partnerPmnumber,
      `billingcontracts[${String(i)}].billingrecipient.partnerPmnumber`,
    );
  });
  roles.consumptioninformationcontracts.forEach((c, i) => {
    partnerRef('ci', i, c, c.partnerPmnumber, `consumptioninformationcontracts[${String(i)}].partnerPmnumber`);
  });
  out.push(...timeline('billing', roles.billingcontracts, true), ...timeline('ci', roles.consumptioninformationcontracts, false));
  out.push(
    ...termination('billing', roles.billingcontracts, roles.terminateallbillingcontracts, roles.terminateallbillingcontractsat),
  );
  out.push(
    ...termination(
      'ci',
      roles.consumptioninformationcontracts,
      roles.terminateallconsumptioninformationcontracts,
      roles.terminateallconsumptioninformationcontractsat,
    ),
  );
  if (roles.billingcontracts.length === 0 && roles.terminateallbillingcontracts !== true) {
    out.push(
      error(
        'BILLINGCONTRACTS_MISSING',
        'billingcontracts',
        'Es ist kein Abrechnungsvertrag angegeben. Sollen alle Abrechnungsverträge enden, ist terminateallbillingcontracts mit Datum zu setzen.',
      ),
    );
  }
  roles.billingcontracts.forEach((c, i) => {
    if (!c.vacancy || c.billingrecipient.owner) return;
    out.push({
      type: 'WARNING',
      shortmessage: 'VACANCY_NOT_OWNER',
      path: `billingcontracts[${String(i)}].billingrecipient.owner`,
      message: `Der Leerstand ab ${d(c.validfrom)} wird ${c.billingrecipient.partnerPmnumber} berechnet, der nicht als Eigentümer gekennzeichnet ist.`,
    });
  });
  return out;
}

/** Dates in order per contract; then, over the well-formed ones in date order, overlaps and (billing only) gaps. */
function timeline(kind: Kind, contracts: readonly Dated[], gapless: boolean): CheckMessage[] {
  const out: CheckMessage[] = [];
  const sane: { c: Dated; i: number }[] = [];
  contracts.forEach((c, i) => {
    if (c.validto !== undefined && c.validto < c.validfrom) {
      out.push(
        error(
          'DATES_OUT_OF_ORDER',
          `${LIST[kind]}[${String(i)}].validto`,
          `Der ${contractName(kind, i, c)} endet am ${d(c.validto)}, also vor seinem Beginn am ${d(c.validfrom)}.`,
        ),
      );
    } else sane.push({ c, i });
  });
  sane.sort((a, b) => (a.c.validfrom < b.c.validfrom ? -1 : a.c.validfrom > b.c.validfrom ? 1 : a.i - b.i));
  for (let k = 1; k < sane.length; k++) {
    const prev = sane[k - 1];
    const next = sane[k];
    if (!prev || !next) continue;
    const path = `${LIST[kind]}[${String(next.i)}].validfrom`;
    if (prev.c.validto === undefined || prev.c.validto >= next.c.validfrom) {
      out.push(
        error(
          'CONTRACT_OVERLAP',
          path,
          `Der ${contractName(kind, next.i, next.c)} überschneidet sich mit dem ${contractName(kind, prev.i, prev.c)}: beide gelten am ${d(next.c.validfrom)}.`,
        ),
      );
      continue;
    }
    const firstFree = addDays(prev.c.validto, 1);
    if (gapless && firstFree < next.c.validfrom) {
      out.push(
        error(
          'CONTRACT_GAP',
          path,
          `Vom ${d(firstFree)} bis ${d(addDays(next.c.validfrom, -1))} ist niemand Abrechnungsempfänger. Lücken sind als Leerstand (vacancy) zu melden.`,
        ),
      );
    }
  }
  return out;
}

function termination(
  kind: Kind,
  contracts: readonly Dated[],
  marker: boolean | undefined,
  at: string | undefined,
): CheckMessage[] {
  const field = kind === 'billing' ? 'terminateallbillingcontracts' : 'terminateallconsumptioninformationcontracts';
  if (marker === true && at === undefined) {
    return [
      error('TERMINATION_DATE_MISSING', `${field}at`, `Für das Beenden aller ${NAMES[kind]} fehlt das Datum (${field}at).`),
    ];
  }
  if (marker !== true && at !== undefined) {
    return [
      error(
        'TERMINATION_DATE_MISSING',
        field,
        `Für das Beenden aller ${NAMES[kind]} fehlt das Kennzeichen ${field} (nur das Datum ist gesetzt).`,
      ),
    ];
  }
  if (marker !== true || at === undefined) return [];
  return contracts.flatMap((c, i) =>
    c.validfrom > at
      ? [
          error(
            'CONTRACT_AFTER_TERMINATION',
            `${LIST[kind]}[${String(i)}].validfrom`,
            `Der ${contractName(kind, i, c)} beginnt am ${d(c.validfrom)}, nach dem Ende aller ${NAMES[kind]} am ${d(at)}.`,
          ),
        ]
      : [],
  );
}
