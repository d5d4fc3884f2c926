import { useCallback, useMemo, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingUnitSummary, SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import type { OutboxItem } from '@shared/domain/workspace';
import type { PropertyGroup } from '@shared/domain/unit-rows';
import type { WizardDraft } from '@shared/ipc/channels/setup-wizard';
import { useErrorText } from '@renderer/lib/useErrorText';
import { useSendSetups } from '@renderer/features/units/mutations';
import { useAllUnits } from '@renderer/features/units/queries';
import type { EditRow } from '@renderer/features/units/edit-rows';
import { emptyRow, rowFromUnit, rowsToUnits } from '@renderer/features/units/edit-rows';
import { initialWizard, wizardReducer } from '@renderer/features/units/setup-wizard';
import type { Choice, MappingContext } from '@renderer/features/excel-mapping/column-mapping';
import { settleRows, type PreviewRow } from '@renderer/features/units/import-rows';
import { useUnitImport } from '@renderer/features/units/useUnitImport';
import { useWizardDraft } from '@renderer/features/units/useWizardDraft';

/**
 * The wizard's steps plus the work behind them: reading a workbook (useUnitImport), checking typed rows, keeping
 * the wizard across reloads (useWizardDraft) and queueing one request per property through the outbox.
 */
export function useSetupWizard(connectionId: string, unit: BillingUnitSummary) {
  const { t } = useTranslation('units');
  const errorMessage = useErrorText();
  const [state, dispatch] = useReducer(wizardReducer, initialWizard);
  const { mutateAsync: sendSetups } = useSendSetups();
  const all = useAllUnits(connectionId);
  const properties = useMemo(() => new Map(all.units.map((u) => [u.billingunitMscnumber, u])), [all.units]);
  const reading = useUnitImport(connectionId, state, dispatch);
  const { runImport } = reading;

  const restore = useCallback(
    (draft: WizardDraft) => {
      if (draft.step === 'edit' || draft.step === 'review') {
        // Fresh keys: the counter behind them started again with the page.
        const rows: EditRow[] = draft.rows.map((r) => ({ ...r, key: emptyRow().key }));
        const checked = draft.step === 'review' ? rowsToUnits(rows, t) : undefined;
        dispatch(
          checked?.ok === true
            ? { type: 'rows-valid', units: checked.units, rows, purpose: draft.purpose }
            : { type: 'edit', rows, purpose: draft.purpose },
        );
        return;
      }
      const { fileId, fileName, suggestion, remembered } = draft;
      const context: MappingContext = { fileId, fileName, suggestion, remembered };
      if (draft.step === 'mapping') dispatch({ type: 'map-columns', context, ...(draft.choice ? { choice: draft.choice } : {}) });
      else
        void runImport({ fileId, fileName }, draft.mapping, draft.byHand ? context : undefined, {
          changed: draft.changed,
          removed: draft.removed,
        });
    },
    [runImport, t],
  );
  useWizardDraft(connectionId, unit.billingunitMscnumber, state, restore);

  /** One property's units through the outbox (split into requests of at most 5,000 by the main process). */
  const queue = useCallback(
    async (billingunit: string, residentialunits: SetupResidentialUnit[]): Promise<OutboxItem[]> => {
      const target = billingunit === unit.billingunitMscnumber ? unit : properties.get(billingunit);
      if (!target) throw new Error(t('preview.propertyGone', { billingunit }));
      return sendSetups({
        connectionId,
        request: {
          billingunitMscnumber: target.billingunitMscnumber,
          customerMscnumber: target.customerMscnumber,
          ...(target.billingunitPmnumber === undefined ? {} : { billingunitPmnumber: target.billingunitPmnumber }),
          ordercriteriafor: 'USAGEUNIT',
          residentialunits,
        },
      });
    },
    [connectionId, unit, properties, sendSetups, t],
  );

  const send = useCallback(
    async (residentialunits: SetupResidentialUnit[]) => {
      dispatch({ type: 'send-started' });
      try {
        dispatch({ type: 'queued', items: await queue(unit.billingunitMscnumber, residentialunits) });
      } catch (err) {
        dispatch({ type: 'send-failed', message: errorMessage(err) });
      }
    },
    [queue, unit.billingunitMscnumber, errorMessage],
  );

  /** Every property of the preview with its own request(s); a failure names the properties already queued. */
  const sendGroups = useCallback(
    async (groups: readonly PropertyGroup[]) => {
      dispatch({ type: 'send-started' });
      const items: OutboxItem[] = [];
      const done: string[] = [];
      for (const group of groups) {
        try {
          items.push(...(await queue(group.billingunit, group.units)));
          done.push(group.billingunit);
        } catch (err) {
          const reason = errorMessage(err);
          const message =
            done.length === 0 ? reason : t('preview.partlySent', { done: done.join(', '), failed: group.billingunit, reason });
          dispatch({ type: 'send-failed', message });
          return;
        }
      }
      dispatch({ type: 'queued', items });
    },
    [queue, errorMessage, t],
  );

  /** Ambiguous units of a finished matching, pre-filled with what was sent, to add auxiliary criteria. */
  const startAuxiliary = useCallback((units: readonly SetupResidentialUnit[]) => {
    dispatch({ type: 'edit', purpose: 'auxiliary', rows: units.map(rowFromUnit) });
  }, []);

  return {
    state,
    connectionId,
    billingunit: unit.billingunitMscnumber,
    properties,
    propertiesLoaded: all.done,
    importExcel: () => void reading.importExcel(),
    cancelReading: reading.cancel,
    mapColumns: (context: MappingContext) => {
      dispatch({ type: 'map-columns', context });
    },
    changeChoice: (choice: Choice) => {
      dispatch({ type: 'mapping-choice', choice });
    },
    changeSheet: (sheet: string) => void reading.resuggest({ sheet }),
    changeHeaderRow: (headerRow: number) => void reading.resuggest({ headerRow }),
    applyMapping: reading.applyMapping,
    changePreview: (rows: readonly PreviewRow[]) => {
      dispatch({ type: 'preview-rows', rows: settleRows(rows) });
    },
    sendGroups: (groups: readonly PropertyGroup[]) => void sendGroups(groups),
    startTyping: () => {
      dispatch({ type: 'edit', purpose: 'new' });
    },
    startAuxiliary,
    changeRows: (rows: EditRow[]) => {
      dispatch({ type: 'rows-changed', rows });
    },
    checkRows: (rows: readonly EditRow[]) => {
      const checked = rowsToUnits(rows, t);
      dispatch(checked.ok ? { type: 'rows-valid', units: checked.units } : { type: 'rows-invalid', errors: checked.errors });
    },
    send: (units: SetupResidentialUnit[]) => void send(units),
    back: () => {
      dispatch({ type: 'back' });
    },
    reset: () => {
      dispatch({ type: 'reset' });
    },
  };
}

export type SetupWizard = ReturnType<typeof useSetupWizard>;
