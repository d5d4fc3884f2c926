/**
 * The draft as the MSC's FilledTemplate: typed values converted to ISO (German numbers and dates accepted), empty
 * values left out. Null while the result still breaks the schema; the local pre-check then says where.
 */
import type { DraftContent } from '@shared/domain/workspace';
import { FilledTemplate } from '@shared/msc/billing-input';
import { kindOfField, toIso } from '@renderer/components/grid/value-kinds';

function convert(value: unknown, path: string, inAllocations: boolean): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => convert(v, path, inAllocations));
    // A distribution key without a value is not sent at all, so the MSC names what is missing instead of the
    // whole draft failing the schema ("noch nicht vollständig") while most values are still being typed.
    return path === 'allocations' ? items.filter((a) => typeof a === 'object' && a !== null && 'value' in a) : items;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === '' || v === undefined) continue;
      const converted = convert(v, k, inAllocations || k === 'allocations');
      if (typeof converted === 'object' && converted !== null && !Array.isArray(converted) && Object.keys(converted).length === 0)
        continue;
      out[k] = converted;
    }
    return out;
  }
  if (typeof value !== 'string') return value;
  if (inAllocations && path === 'value') return toIso('allocation', value);
  if (path === 'key' && inAllocations) return value.trim();
  return toIso(kindOfField(path), value);
}

export function toFilledTemplate(content: DraftContent): FilledTemplate | null {
  const converted = convert(content, '', false) as Record<string, unknown>;
  const withLists = {
    energysources: [],
    heatingsysteminvoices: [],
    ancillaryinvoices: [],
    billingrecipients: [],
    ...converted,
  };
  const parsed = FilledTemplate.safeParse(withLists);
  return parsed.success ? parsed.data : null;
}
