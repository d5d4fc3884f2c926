/**
 * Rules on the flags a measuring service needs per recipient and per invoice: the split at a tenant change
 * (table S) and who pays its fee (M field 68), the VAT indicator (M field 25) against the condominium flag, usage
 * groups (K field 16) and the net CO2 cost. Shared judgments: @shared/domain/billing-model-checks.
 */
import { USER_CHANGE_SPLITS, VAT_INDICATORS, labelOf } from '@shared/domain/codes';
import { money } from '@shared/domain/decimal';
import { coversPeriod, netAboveGross } from '@shared/domain/billing-model-checks';
import type { Rule } from '@main/sandbox/rules/context';
import { eachInvoice } from '@main/sandbox/rules/context';
import { deliveryLabel, eur, invoiceLabel, period, recipientLabel } from '@main/sandbox/rules/format';
import type { RuleEntry } from '@main/sandbox/rules/catalog';

export const userchangeWithoutChange: Rule = {
  code: 'USERCHANGE_WITHOUT_CHANGE',
  check(ctx, report) {
    const az = { from: ctx.from, to: ctx.to };
    ctx.submission.billingrecipients.forEach((e, i) => {
      if (!coversPeriod(e.validfrom, e.validto, az)) return;
      if (e.changesplit !== undefined) {
        report(
          'WARNING',
          ['billingrecipients', i, 'changesplit'],
          `Bei ${recipientLabel(ctx, e)} ist für den Nutzerwechsel „${labelOf(USER_CHANGE_SPLITS, e.changesplit)}“ angegeben, der Nutzer wohnt aber den ganzen Abrechnungszeitraum ${period(ctx)}. Ohne Nutzerwechsel gibt es nichts aufzuteilen.`,
        );
      }
      if (e.changefee === true) {
        report(
          'WARNING',
          ['billingrecipients', i, 'changefee'],
          `Bei ${recipientLabel(ctx, e)} soll die Nutzerwechselgebühr umgelegt werden, der Nutzer wohnt aber den ganzen Abrechnungszeitraum ${period(ctx)}. Ohne Nutzerwechsel fällt keine Gebühr an.`,
        );
      }
    });
  },
};

export const vatIndicatorCondominium: Rule = {
  code: 'VAT_INDICATOR_CONDOMINIUM',
  check(ctx, report) {
    const condominium = ctx.submission.condominium ?? ctx.template.condominium ?? false;
    if (condominium) return;
    ctx.submission.billingrecipients.forEach((e, i) => {
      if (e.vatindicator !== '2') return;
      report(
        'WARNING',
        ['billingrecipients', i, 'vatindicator'],
        `Bei ${recipientLabel(ctx, e)} ist „${labelOf(VAT_INDICATORS, '2')}“ angegeben, die Liegenschaft ist aber keine Eigentümergemeinschaft (WEG). Gemeint ist wohl „${labelOf(VAT_INDICATORS, '1')}“.`,
      );
    });
  },
};

export const condominiumDiffers: Rule = {
  code: 'CONDOMINIUM_DIFFERS',
  check(ctx, report) {
    const sent = ctx.submission.condominium;
    const agreed = ctx.template.condominium;
    if (sent === undefined || agreed === undefined || sent === agreed) return;
    const what = (weg: boolean): string => (weg ? 'eine Eigentümergemeinschaft (WEG)' : 'keine Eigentümergemeinschaft');
    report(
      'WARNING',
      ['condominium'],
      `Die Meldung gibt die Liegenschaft als ${what(sent)} an, beim Messdienst ist sie als ${what(agreed)} geführt. Bitte mit dem Messdienst klären.`,
    );
  },
};

export const usagegroupUnknown: Rule = {
  code: 'USAGEGROUP_UNKNOWN',
  check(ctx, report) {
    const groups = ctx.template.usagegroups ?? [];
    const known = groups.map((g) => g.key);
    eachInvoice(ctx.submission, (inv, path, list, index) => {
      if (inv.usagegroup === undefined || known.includes(inv.usagegroup)) return;
      const offered =
        groups.length === 0
          ? 'für diese Liegenschaft sind keine vereinbart'
          : `vereinbart: ${groups.map((g) => `${g.key} „${g.text}“`).join(', ')}`;
      report(
        'ERROR',
        [...path, 'usagegroup'],
        `Die ${invoiceLabel(ctx, list, index, inv)} nennt die Verwendungsgruppe „${inv.usagegroup}“, die der Messdienst nicht kennt (${offered}).`,
      );
    });
  },
};

export const co2NetExceedsGross: Rule = {
  code: 'CO2_NET_EXCEEDS_GROSS',
  check(ctx, report) {
    ctx.submission.energysources.forEach((src, i) => {
      src.deliveries.forEach((d, j) => {
        const co2 = d.co2;
        if (co2?.costnet === undefined || !netAboveGross(money(co2.costnet), money(co2.costgross))) return;
        report(
          'ERROR',
          ['energysources', i, 'deliveries', j, 'co2', 'costnet'],
          `Bei der ${deliveryLabel(ctx, i, j)} sind die CO2-Kosten netto ${eur(co2.costnet)} höher als brutto ${eur(co2.costgross)} oder haben ein anderes Vorzeichen.`,
        );
      });
    });
  },
};

export const RECIPIENT_FLAGS_CATALOG: readonly RuleEntry[] = [
  {
    code: 'USERCHANGE_WITHOUT_CHANGE',
    severity: 'WARNING',
    when: 'Aufteilung beim Nutzerwechsel (Tabelle S 12/13/14) oder Umlage der Nutzerwechselgebühr (M-Satz Feld 68) bei einem Nutzer, der den ganzen Abrechnungszeitraum wohnt. Quelle: HeizkostenV §9b (Kostenaufteilung bei Nutzerwechsel).',
    path: 'billingrecipients[i].changesplit / changefee',
    message:
      'Bei {Nutzer} ist für den Nutzerwechsel „{Aufteilung}“ angegeben, der Nutzer wohnt aber den ganzen Abrechnungszeitraum {Zeitraum}. Ohne Nutzerwechsel gibt es nichts aufzuteilen.',
  },
  {
    code: 'VAT_INDICATOR_CONDOMINIUM',
    severity: 'WARNING',
    when: 'Umsatzsteuer-Kennzeichen 2 (gewerbliche Eigentümergemeinschaft, M-Satz Feld 25) in einer Liegenschaft, die keine WEG ist. Quelle: ARGE M-Satz Feld 25 (Wert 2 nur bei einer WEG).',
    path: 'billingrecipients[i].vatindicator',
    message:
      'Bei {Nutzer} ist „{Kennzeichen}“ angegeben, die Liegenschaft ist aber keine Eigentümergemeinschaft (WEG). Gemeint ist wohl „{Kennzeichen}“.',
  },
  {
    code: 'CONDOMINIUM_DIFFERS',
    severity: 'WARNING',
    when: 'Die Meldung sagt WEG ja/nein anders als die Schablone des Messdienstes. Quelle: unsere Regel zur Schnittstelle (docs/msc-contract.md); ARGE kennt das Kennzeichen nur in M-Satz Feld 25, Wert 2.',
    path: 'condominium',
    message:
      'Die Meldung gibt die Liegenschaft als {Art} an, beim Messdienst ist sie als {Art} geführt. Bitte mit dem Messdienst klären.',
  },
  {
    code: 'USAGEGROUP_UNKNOWN',
    severity: 'ERROR',
    when: 'Eine Rechnung nennt eine Verwendungsgruppe (K-Satz Feld 16), die die Schablone nicht vereinbart. Quelle: ARGE K-Satz Feld 16 (Verwendungsgruppe).',
    path: '…invoices[i].usagegroup',
    message: 'Die {Rechnung} nennt die Verwendungsgruppe „{Kürzel}“, die der Messdienst nicht kennt ({vereinbart}).',
  },
  {
    code: 'CO2_NET_EXCEEDS_GROSS',
    severity: 'ERROR',
    when: 'CO2-Kosten netto höher als brutto oder mit anderem Vorzeichen. Quelle: §3 (1) Nr. 2, (3) CO2KostAufG (der Lieferant weist die CO2-Kosten zuzüglich Umsatzsteuer aus).',
    path: 'energysources[i].deliveries[j].co2.costnet',
    message:
      'Bei der {Lieferung} sind die CO2-Kosten netto {Betrag} höher als brutto {Betrag} oder haben ein anderes Vorzeichen.',
  },
];
