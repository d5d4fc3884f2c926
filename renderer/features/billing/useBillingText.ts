/**
 * How periods, units, codes and amounts read to a clerk, in the chosen language (code tables via renderer/lib/codes).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Action, PeriodStatus } from '@shared/msc/billing-input';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { ArchiveSummary } from '@shared/ipc/contract';
import { useFormat } from '@renderer/lib/format';
import { useCodeLabel } from '@renderer/lib/codes';
import { useFileExchange, withFileWords } from '@renderer/features/agreements/file-words';

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
export const ACTIONS: readonly Action[] = ['VALIDATE', 'SEND', 'SEND_AND_IGNORE_WARNINGS'];

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function useBillingText() {
  const { t: plain } = useTranslation('billing');
  const files = useFileExchange();
  const t = useMemo(() => withFileWords(plain, files), [plain, files]);
  const format = useFormat();
  const codeLabel = useCodeLabel();
  return useMemo(() => {
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
      fuel: (value: string): string => codeLabel('fuel', value),
      quantityUnit: (value: string): string => codeLabel('quantityUnit', value),
      allocation: (value: string): string => codeLabel('allocation', value),
      distribution: (value: string): string => codeLabel('distribution', value),
      /** An amount; one that is not a decimal (typed elsewhere) stays as it is. */
      money: (amount: string | undefined, currency = 'EUR'): string => {
        if (amount === undefined) return '–';
        return DECIMAL.test(amount) ? format.money(amount, currency) : amount;
      },
    };
  }, [t, format, codeLabel]);
}

export type BillingText = ReturnType<typeof useBillingText>;
