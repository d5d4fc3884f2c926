/**
 * Input an MSC call refuses before sending: the same check for every call, and one error key per call, so the
 * clerk reads which call refused in his own language. The German message begins with the call's German phrase
 * (`what`); the key (errors:request.invalid.<call>) says the same with the property, unit and period as parameters.
 */
import type { z } from 'zod';
import { appError } from '@shared/domain/app-error';
import { describeIssues } from '@shared/msc/primitives';

type Unit = { billingunit: string };
/** `to` as the clerk reads it (31.12.2025). */
type Period = Unit & { to: string };
type ResidentialUnit = Unit & { residentialunit: string };

/** The calls that check their input, with the parameters their text names (the placeholders of its entry). */
type CheckedCalls = {
  sendSetup: Unit;
  getSetupStatus: Unit;
  getMatchingResult: Unit;
  listBillingPeriods: Unit;
  getTemplate: Period;
  validate: Period;
  send: Period;
  listBillingUnits: Record<string, never>;
  health: Record<string, never>;
  deliverOnSiteRoles: ResidentialUnit;
  getOnSiteRoles: ResidentialUnit;
  getBillingResult: Period;
  getBillingResultDocument: Period & { documentid: string };
};
export type CheckedCall = keyof CheckedCalls;

const SHOWN_ISSUES = 5;

export type InputChecker = <S extends z.ZodType>(schema: S, value: unknown, label?: string) => z.infer<S>;

/**
 * A checker for one call: parses `value` with `schema` or throws VALIDATION naming the call, with the first issues
 * (a value that is the input as a whole is named by `label`, e.g. „Liegenschaftsnummer“).
 */
export function inputCheck<C extends CheckedCall>(call: C, what: string, params: CheckedCalls[C]): InputChecker {
  return (schema, value, label) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issues = describeIssues(parsed.error).map((i) =>
      label !== undefined && i.startsWith('(Wurzel)') ? i.replace('(Wurzel)', label) : i,
    );
    const more = issues.length > SHOWN_ISSUES ? ` (und ${String(issues.length - SHOWN_ISSUES)} weitere)` : '';
    const shown = issues.slice(0, SHOWN_ISSUES).join('; ') + more;
    throw appError(
      'VALIDATION',
      { key: `request.invalid.${call}`, params: { ...params, issues: shown } },
      `${what}: ungültige Eingabe – ${shown}`,
      { issues },
    );
  };
}
