/**
 * Parameters of a pre-check message come in the MSC's form (`95.0`, `2026-01-05`); the text shows them in the
 * clerk's locale, like every other number and date on screen. Anything else (codes, typed text) stays as it is.
 */
import type { Formatters } from '@renderer/lib/format';

const ISO_DECIMAL = /^-?\d+\.\d+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function localParams(params: Record<string, string | number>, fmt: Formatters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === 'string' && ISO_DECIMAL.test(v)) out[k] = fmt.decimal(v, v.split('.')[1]?.length ?? 0);
    else if (typeof v === 'string' && ISO_DATE.test(v)) out[k] = fmt.date(v);
    else out[k] = v;
  }
  return out;
}
