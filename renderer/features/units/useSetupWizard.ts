import { useCallback, useReducer } from 'react';
import { SetupRequest } from '@shared/msc/billing-unit-data';
import type { BillingUnitSummary, SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import { describeIssues } from '@shared/msc/primitives';
import { api, errorMessage } from '@renderer/lib/api';
import { pickFile } from '@renderer/lib/files';
import type { EditRow } from '@renderer/features/units/edit-rows';
import { rowFromUnit, rowsToUnits } from '@renderer/features/units/edit-rows';
import { initialWizard, wizardReducer } from '@renderer/features/units/setup-wizard';

/** The wizard's steps plus the work behind them: reading a workbook, checking typed rows, queueing the request. */
export function useSetupWizard(connectionId: string, unit: BillingUnitSummary) {
  const [state, dispatch] = useReducer(wizardReducer, initialWizard);

  const importExcel = useCallback(async () => {
    try {
      const file = await pickFile('excel');
      if (!file) return;
      dispatch({ type: 'reading', fileName: file.name });
      const result = await api['excel:import-units']({ fileId: file.fileId });
      if (result.ok) dispatch({ type: 'imported', fileName: file.name, units: result.units, warnings: result.warnings });
      else dispatch({ type: 'import-issues', fileName: file.name, issues: result.issues });
    } catch (err) {
      dispatch({ type: 'read-failed', message: errorMessage(err) });
    }
  }, []);

  const startTyping = useCallback(() => {
    dispatch({ type: 'edit', purpose: 'new' });
  }, []);

  /** Ambiguous units of a finished matching, pre-filled with what was sent, to add auxiliary criteria. */
  const startAuxiliary = useCallback((units: readonly SetupResidentialUnit[]) => {
    dispatch({ type: 'edit', purpose: 'auxiliary', rows: units.map(rowFromUnit) });
  }, []);

  const changeRows = useCallback((rows: EditRow[]) => {
    dispatch({ type: 'rows-changed', rows });
  }, []);

  const checkRows = useCallback((rows: readonly EditRow[]) => {
    const checked = rowsToUnits(rows);
    dispatch(checked.ok ? { type: 'rows-valid', units: checked.units } : { type: 'rows-invalid', errors: checked.errors });
  }, []);

  const send = useCallback(
    async (residentialunits: SetupResidentialUnit[]) => {
      const parsed = SetupRequest.safeParse({
        billingunitMscnumber: unit.billingunitMscnumber,
        customerMscnumber: unit.customerMscnumber,
        ...(unit.billingunitPmnumber === undefined ? {} : { billingunitPmnumber: unit.billingunitPmnumber }),
        ordercriteriafor: 'USAGEUNIT',
        residentialunits,
      });
      dispatch({ type: 'send-started' });
      if (!parsed.success) {
        dispatch({ type: 'send-failed', message: `Die Angaben passen nicht: ${describeIssues(parsed.error).join('; ')}` });
        return;
      }
      try {
        dispatch({ type: 'queued', item: await api['units:send-setup']({ connectionId, request: parsed.data }) });
      } catch (err) {
        dispatch({ type: 'send-failed', message: errorMessage(err) });
      }
    },
    [connectionId, unit],
  );

  const back = useCallback(() => {
    dispatch({ type: 'back' });
  }, []);
  const reset = useCallback(() => {
    dispatch({ type: 'reset' });
  }, []);

  return { state, importExcel, startTyping, startAuxiliary, changeRows, checkRows, send, back, reset };
}

export type SetupWizard = ReturnType<typeof useSetupWizard>;
