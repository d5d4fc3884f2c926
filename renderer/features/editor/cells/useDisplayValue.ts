import { useFormat } from '@renderer/lib/format';
import type { ValueKind } from '@renderer/features/editor/value-kinds';

const ISO_NUMBER = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Values preset by the MSC arrive in ISO form; shown in the clerk's locale. What the clerk typed is shown as typed. */
export function useDisplayValue(kind: ValueKind, value: string): string {
  const fmt = useFormat();
  if (kind === 'date' && ISO_DATE.test(value)) return fmt.date(value);
  if ((kind === 'money' || kind === 'quantity' || kind === 'share') && ISO_NUMBER.test(value)) {
    const places = value.includes('.') ? (value.split('.')[1]?.length ?? 0) : 0;
    return fmt.decimal(value, places);
  }
  return value;
}
