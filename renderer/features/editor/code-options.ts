/** Options of the code-table cells: code and label in the clerk's language (agreed entries with the MSC's text). */
import { COST_TYPES, DISTRIBUTION_UNITS, TAX_SERVICE_TYPES } from '@shared/domain/codes';
import type { Template } from '@shared/msc/billing-input';
import type { CodeOption } from '@renderer/components/grid/paste';
import type { CodeTableName } from '@renderer/lib/codes';

export type CodeLabel = (table: CodeTableName, code: string) => string;

const labelled = (table: readonly { code: string }[], name: CodeTableName, label: CodeLabel): CodeOption[] =>
  table.map(({ code }) => ({ code, label: label(name, code) }));

export const taxServiceOptions = (label: CodeLabel): CodeOption[] => labelled(TAX_SERVICE_TYPES, 'taxServiceType', label);

/** Cost types of one section: those agreed in the template first (with the agreed text), then the rest of table K. */
export function costTypeOptions(template: Template, section: 'heating' | 'ancillary', label: CodeLabel): CodeOption[] {
  const agreed = template.costtypes.map((c) => ({ code: c.key, label: c.text }));
  const rest = COST_TYPES.filter((c) => c.section === section && !agreed.some((a) => a.code === c.code));
  return [
    ...agreed.filter((a) => COST_TYPES.some((c) => c.code === a.code && c.section === section)),
    ...labelled(rest, 'costType', label),
  ];
}

/** Distribution keys: the template's keys with their agreed text, then the rest of table E. */
export function distributionKeyOptions(template: Template, label: CodeLabel): CodeOption[] {
  const agreed = template.distributionkeys.map((k) => ({ code: k.key, label: k.text }));
  return [
    ...agreed,
    ...labelled(DISTRIBUTION_UNITS, 'distribution', label).filter((d) => !agreed.some((a) => a.code === d.code)),
  ];
}
