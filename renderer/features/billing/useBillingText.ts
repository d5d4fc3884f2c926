/**
 * How periods, units, codes and amounts read to a clerk, in the chosen language. Code tables come with German
 * labels from shared/domain/codes.ts; the billing namespace translates the ones this screen shows.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ALLOCATIONS, DISTRIBUTION_UNITS, FUELS, QUANTITY_UNITS, labelOf } from '@shared/domain/codes';
import type { Action, MessageType, PeriodStatus } from '@shared/msc/billing-input';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { ArchiveSummary } from '@shared/ipc/contract';
import { useFormat } from '@renderer/lib/format';

/** Badge colours: status is always shown as coloured badge WITH text. */
export const PERIOD_STATUS_COLOR: Readonly<Record<PeriodStatus, string>> = {
  OPEN: 'yellow',
  COMMISSIONED: 'green',
  BILLED: 'gray',
};
export const RESULT_COLOR: Readonly<Record<ArchiveSummary['result'], string>> = {
  passed: 'green',
  messages: 'red',
  commissioned: 'green',
  failed: 'red',
};
export const MESSAGE_COLOR: Readonly<Record<MessageType, string>> = { ERROR: 'red', WARNING: 'yellow', INFO: 'blue' };
export const MESSAGE_TYPES: readonly MessageType[] = ['ERROR', 'WARNING', 'INFO'];
export const ACTIONS: readonly Action[] = ['VALIDATE', 'SEND', 'SEND_AND_IGNORE_WARNINGS'];

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function useBillingText() {
  const { t } = useTranslation('billing');
  const format = useFormat();
  return useMemo(() => {
    const code = (table: readonly { code: string; label: string }[], group: string, value: string): string =>
      t(`code.${group}.${value}`, { defaultValue: labelOf(table, value) });
    return {
      t,
      format,
      period: (p: { from: string; to: string }): string =>
        t('period.range', { from: format.date(p.from), to: format.date(p.to) }),
      unit: (u: BillingUnitSummary): string => {
        const address = `${u.address.street}, ${u.address.postalcode} ${u.address.city}`;
        return u.billingunitPmnumber === undefined
          ? t('unit.label', { number: u.billingunitMscnumber, address })
          : t('unit.labelWithPm', { number: u.billingunitMscnumber, address, pm: u.billingunitPmnumber });
      },
      fuel: (value: string): string => code(FUELS, 'fuel', value),
      quantityUnit: (value: string): string => code(QUANTITY_UNITS, 'quantityUnit', value),
      allocation: (value: string): string => code(ALLOCATIONS, 'allocation', value),
      distribution: (value: string): string => code(DISTRIBUTION_UNITS, 'distribution', value),
      /** An amount; one that is not a decimal (typed elsewhere) stays as it is. */
      money: (amount: string | undefined, currency = 'EUR'): string => {
        if (amount === undefined) return '–';
        return DECIMAL.test(amount) ? format.money(amount, currency) : amount;
      },
    };
  }, [t, format]);
}

export type BillingText = ReturnType<typeof useBillingText>;
