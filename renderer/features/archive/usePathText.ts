/**
 * Where a check message points, in the clerk's language. German uses the shared description the check report
 * also prints (with the entry's date and amount); other languages name section, entry and field.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeCheckPath, parsePath } from '@shared/domain/check-path';
import type { FilledTemplate } from '@shared/msc/billing-input';

const SECTIONS = ['energysources', 'heatingsysteminvoices', 'ancillaryinvoices', 'billingrecipients', 'currency', 'expectedvat'];
const FIELDS = ['openingstock', 'closingstock', 'prepayments'];

export function usePathText(): (path: string, filled: FilledTemplate | undefined) => string {
  const { t, i18n } = useTranslation('archive');
  return useCallback(
    (path, filled) => {
      if (i18n.language === 'de') return describeCheckPath(path, filled);
      const [head, index, field, sub] = parsePath(path);
      if (head === undefined) return t('path.whole');
      if (typeof head !== 'string' || !SECTIONS.includes(head)) return path;
      const parts = [t(`path.section.${head}`)];
      if (typeof index === 'number') parts.push(t('path.entry', { n: index + 1 }));
      if (field === 'deliveries' && typeof sub === 'number') parts.push(t('path.delivery', { n: sub + 1 }));
      else if (field === 'allocations' && typeof sub === 'number') parts.push(t('path.allocation', { n: sub + 1 }));
      else if (typeof field === 'string' && FIELDS.includes(field)) parts.push(t(`path.field.${field}`));
      return parts.join(', ');
    },
    [t, i18n.language],
  );
}
