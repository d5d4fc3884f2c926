import { useCallback, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { SetupRequest } from '@shared/msc/billing-unit-data';
import type { BillingUnitSummary, SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import { describeIssues } from '@shared/msc/primitives';
import type { ColumnMapping } from '@shared/domain/excel';
import { pickFile } from '@renderer/lib/files';
import { useErrorText } from '@renderer/lib/useErrorText';
import { useImportUnits, useSendSetup, useSuggestMapping } from '@renderer/features/units/mutations';
import type { EditRow } from '@renderer/features/units/edit-rows';
import { rowFromUnit, rowsToUnits } from '@renderer/features/units/edit-rows';
import { initialWizard, wizardReducer } from '@renderer/features/units/setup-wizard';
import type { MappingContext } from '@renderer/features/excel-mapping/column-mapping';

/** The wizard's steps plus the work behind them: reading a workbook, checking typed rows, queueing the request. */
export function useSetupWizard(connectionId: string, unit: BillingUnitSummary) {
  const { t } = useTranslation('units');
  const errorMessage = useErrorText();
  const [state, dispatch] = useReducer(wizardReducer, initialWizard);
  const { mutateAsync: importUnits } = useImportUnits();
  const { mutateAsync: suggest } = useSuggestMapping();
  const { mutateAsync: sendSetup } = useSendSetup();

  /** Imports with the given mapping (none: the importer's own recognition), or stops at the issues. */
  const runImport = useCallback(
    async (context: MappingContext, mapping: ColumnMapping | undefined, byHand = false) => {
      dispatch({ type: 'reading', fileName: context.fileName });
      const result = await importUnits({
        connectionId,
        fileId: context.fileId,
        ...(mapping?.kind === 'usage-units' ? { mapping } : {}),
      });
      if (result.ok) {
        const { units, warnings, summary } = result;
        dispatch({ type: 'imported', units, warnings, columns: summary.headers, mapping: context, byHand });
      } else dispatch({ type: 'import-issues', fileName: context.fileName, issues: result.issues, mapping: context });
    },
    [connectionId, importUnits],
  );

  /** Picks a file and asks for its columns; a file whose required columns are all known is imported at once. */
  const importExcel = useCallback(async () => {
    try {
      const file = await pickFile('excel');
      if (!file) return;
      dispatch({ type: 'reading', fileName: file.name });
      const s = await suggest({ connectionId, fileId: file.fileId, kind: 'usage-units' });
      if (!s.ok) {
        dispatch({ type: 'import-issues', fileName: file.name, issues: s.issues });
        return;
      }
      const context = { fileId: file.fileId, fileName: file.name, suggestion: s.suggestion, remembered: s.remembered };
      if (s.suggestion.missing.length > 0) dispatch({ type: 'map-columns', context });
      else await runImport(context, s.remembered ? s.suggestion.mapping : undefined);
    } catch (err) {
      dispatch({ type: 'read-failed', message: errorMessage(err) });
    }
  }, [connectionId, runImport, suggest, errorMessage]);

  const mapColumns = useCallback((context: MappingContext) => {
    dispatch({ type: 'map-columns', context });
  }, []);

  /** Another sheet or header row: a new suggestion for the same file. */
  const resuggest = useCallback(
    async (where: { sheet?: string; headerRow?: number }) => {
      if (state.step !== 'mapping') return;
      const { context } = state;
      dispatch({ type: 'mapping-busy' });
      try {
        const sheet = where.sheet ?? context.suggestion.mapping.sheet;
        const s = await suggest({
          connectionId,
          fileId: context.fileId,
          kind: 'usage-units',
          ...(sheet === undefined ? {} : { sheet }),
          ...(where.headerRow === undefined ? {} : { headerRow: where.headerRow }),
        });
        if (s.ok) dispatch({ type: 'map-columns', context: { ...context, suggestion: s.suggestion, remembered: s.remembered } });
        else dispatch({ type: 'mapping-failed', message: s.issues.map((i) => i.message).join(' ') });
      } catch (err) {
        dispatch({ type: 'mapping-failed', message: errorMessage(err) });
      }
    },
    [connectionId, state, suggest, errorMessage],
  );

  const applyMapping = useCallback(
    async (mapping: ColumnMapping) => {
      if (state.step !== 'mapping') return;
      try {
        await runImport(state.context, mapping, true);
      } catch (err) {
        dispatch({ type: 'read-failed', message: errorMessage(err) });
      }
    },
    [state, runImport, errorMessage],
  );

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

  const checkRows = useCallback(
    (rows: readonly EditRow[]) => {
      const checked = rowsToUnits(rows, t);
      dispatch(checked.ok ? { type: 'rows-valid', units: checked.units } : { type: 'rows-invalid', errors: checked.errors });
    },
    [t],
  );

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
        dispatch({ type: 'send-failed', message: t('review.invalid', { issues: describeIssues(parsed.error).join('; ') }) });
        return;
      }
      try {
        dispatch({ type: 'queued', item: await sendSetup({ connectionId, request: parsed.data }) });
      } catch (err) {
        dispatch({ type: 'send-failed', message: errorMessage(err) });
      }
    },
    [connectionId, unit, sendSetup, errorMessage, t],
  );

  const back = useCallback(() => {
    dispatch({ type: 'back' });
  }, []);
  const reset = useCallback(() => {
    dispatch({ type: 'reset' });
  }, []);

  return {
    state,
    importExcel,
    mapColumns,
    changeSheet: (sheet: string) => void resuggest({ sheet }),
    changeHeaderRow: (headerRow: number) => void resuggest({ headerRow }),
    applyMapping: (mapping: ColumnMapping) => void applyMapping(mapping),
    startTyping,
    startAuxiliary,
    changeRows,
    checkRows,
    send,
    back,
    reset,
  };
}

export type SetupWizard = ReturnType<typeof useSetupWizard>;
