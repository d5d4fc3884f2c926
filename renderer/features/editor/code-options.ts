/** Options of the code-table cells: code and German label (the tables' labels are German only). */
import { COST_TYPES, DISTRIBUTION_UNITS, ENERGY_SOURCES, TAX_SERVICE_TYPES } from '@shared/domain/codes';
import type { Template } from '@shared/msc/billing-input';
import type { CodeOption } from '@renderer/features/editor/paste';

const plain = (table: readonly { code: string; label: string }[]): CodeOption[] =>
  table.map(({ code, label }) => ({ code, label }));

export const ENERGY_SOURCE_OPTIONS = plain(ENERGY_SOURCES);
export const TAX_SERVICE_OPTIONS = plain(TAX_SERVICE_TYPES);

/** Cost types of one section: those agreed in the template first (with the agreed text), then the rest of table K. */
export function costTypeOptions(template: Template, section: 'heating' | 'ancillary'): CodeOption[] {
  const agreed = template.costtypes.map((c) => ({ code: c.key, label: c.text }));
  const rest = COST_TYPES.filter((c) => c.section === section && !agreed.some((a) => a.code === c.code));
  return [...agreed.filter((a) => COST_TYPES.some((c) => c.code === a.code && c.section === section)), ...plain(rest)];
}

/** Distribution keys: the template's keys with their agreed text, then the rest of table E. */
export function distributionKeyOptions(template: Template): CodeOption[] {
  const agreed = template.distributionkeys.map((k) => ({ code: k.key, label: k.text }));
  return [...agreed, ...plain(DISTRIBUTION_UNITS).filter((d) => !agreed.some((a) => a.code === d.code))];
}
