import { useFormat } from '@renderer/lib/format';
import type { Formatters } from '@renderer/lib/format';
import type { ValueKind } from '@renderer/components/grid/value-kinds';

const ISO_NUMBER = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const placesOf = (value: string): string => (value.includes('.') ? (value.split('.')[1] ?? '') : '');

/**
 * Stored values (ISO) shown in the clerk's locale; text that is no value of its kind is shown as typed. Amounts,
 * shares and areas keep their places; quantities, distribution values, factors and calorific values drop
 * trailing zeros, so `1.500` typed comes back as 1.500, not 1.500,000.
 */
export function displayValue(fmt: Formatters, kind: ValueKind, value: string): string {
  if (kind === 'date') return ISO_DATE.test(value) ? fmt.date(value) : value;
  if (!ISO_NUMBER.test(value)) return value;
  switch (kind) {
    case 'money':
    case 'share':
    case 'area':
      return fmt.decimal(value, placesOf(value).length);
    case 'quantity':
    case 'allocation':
    case 'factor':
    case 'calorific':
      return fmt.decimal(value, placesOf(value).replace(/0+$/, '').length);
    default:
      return value;
  }
}

export function useDisplayValue(kind: ValueKind, value: string): string {
  return displayValue(useFormat(), kind, value);
}
