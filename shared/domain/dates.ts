/**
 * Calendar dates as ISO strings (`YYYY-MM-DD`). German input (`31.12.2025`) is accepted where users
 * type or import dates; everything stored or sent is ISO.
 */

export type DateParse = { ok: true; value: string } | { ok: false; error: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DE_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/;

/** True for a real calendar day in ISO form (rejects 2025-02-30). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  return isRealDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

function isRealDay(y: number, mo: number, d: number): boolean {
  if (mo < 1 || mo > 12 || d < 1) return false;
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= last;
}

function iso(y: number, mo: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Parses ISO or German dates. Two-digit years are read as 20YY, as in the old record files.
 */
export function parseDate(text: string): DateParse {
  const t = text.trim();
  let m = ISO_DATE.exec(t);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return isRealDay(y, mo, d) ? { ok: true, value: iso(y, mo, d) } : { ok: false, error: `„${text}“ ist kein gültiges Datum` };
  }
  m = DE_DATE.exec(t);
  if (m) {
    const yRaw = m[3] ?? '';
    const y = yRaw.length === 2 ? 2000 + Number(yRaw) : Number(yRaw);
    const [mo, d] = [Number(m[2]), Number(m[1])];
    return isRealDay(y, mo, d) ? { ok: true, value: iso(y, mo, d) } : { ok: false, error: `„${text}“ ist kein gültiges Datum` };
  }
  return { ok: false, error: `„${text}“ ist kein Datum (erwartet 31.12.2025 oder 2025-12-31)` };
}

/** `2025-12-31` → `31.12.2025` */
export function formatGermanDate(isoDate: string): string {
  const m = ISO_DATE.exec(isoDate);
  return m ? `${m[3] ?? ''}.${m[2] ?? ''}.${m[1] ?? ''}` : isoDate;
}

/** Whole days from a to b (ISO dates); negative when b is before a. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** ISO date plus n days. */
export function addDays(isoDate: string, n: number): string {
  const t = new Date(Date.parse(`${isoDate}T00:00:00Z`) + n * 86_400_000);
  return t.toISOString().slice(0, 10);
}

const OFFICE_TIME = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const OFFICE_CLOCK = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });

/** `12.03.2026, 14:05` in the clerk's office time (Germany), whatever zone the machine runs in. */
export function formatGermanDateTime(at: Date | string): string {
  return OFFICE_TIME.format(typeof at === 'string' ? new Date(at) : at);
}

/** `14:05` in the clerk's office time (Germany). */
export function formatGermanTime(at: Date | string): string {
  return OFFICE_CLOCK.format(typeof at === 'string' ? new Date(at) : at);
}
