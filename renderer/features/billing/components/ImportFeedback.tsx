import { Button, Group, Text } from '@mantine/core';
import { ToneAlert } from '@renderer/features/billing/components/Tone';
import type { Template } from '@shared/msc/billing-input';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useImportIssueText } from '@renderer/lib/useErrorText';
import { AccountMappingForm } from '@renderer/features/billing/components/AccountMappingForm';
import { ImportIssues } from '@renderer/features/billing/components/ImportIssues';
import { RepeatImportDialog } from '@renderer/features/billing/components/RepeatImportDialog';
import type { DraftImport, ImportDone } from '@renderer/features/billing/useDraftImport';
import { useBillingText } from '@renderer/features/billing/useBillingText';
import type { BillingText } from '@renderer/features/billing/useBillingText';
import { ColumnMappingStep } from '@renderer/features/excel-mapping/ColumnMappingStep';
import { RecognisedColumns } from '@renderer/features/excel-mapping/RecognisedColumns';
import { howMapped } from '@renderer/features/excel-mapping/column-mapping';

type Props = { importer: DraftImport; costTypes: Template['costtypes'] };

function doneText({ t }: BillingText, done: ImportDone): string {
  switch (done.kind) {
    case 'downloaded':
      return t('import.downloaded', { name: done.name });
    case 'template':
      return t('import.templateRead', { revision: done.revision });
    case 'invoices': {
      const read = t('import.invoicesRead', {
        invoices: t('import.invoiceCount', { count: done.invoices }),
        deliveries: t('import.deliveryCount', { count: done.deliveries }),
        revision: done.revision,
      });
      return done.skipped === 0 ? read : `${read} ${t('import.skipped', { count: done.skipped })}`;
    }
  }
}

/** What the last Excel step did: progress, success with warnings, issues, column or account mapping, or a save conflict. */
export function ImportFeedback({ importer, costTypes }: Props) {
  const text = useBillingText();
  const issueText = useImportIssueText();
  const { t } = text;
  const { state, dismiss } = importer;
  switch (state.step) {
    case 'idle':
      return null;
    case 'busy':
      return (
        <Text size="sm" c="dimmed" role="status">
          {t(`import.busy.${state.task}`)}
        </Text>
      );
    case 'done': {
      // A bare success reads as one line; the title form only when details follow.
      const more = state.columns !== undefined || state.warnings.length > 0;
      const headline = doneText(text, state.done);
      return (
        <ToneAlert color="green" role="status" data-testid="import-result" title={more ? headline : undefined}>
          {!more && (
            <Text size="sm" fw={600}>
              {headline}
            </Text>
          )}
          {state.columns && (
            <RecognisedColumns
              headers={state.columns.headers}
              how={howMapped(state.columns.run.context, state.columns.run.byHand === true)}
              onChange={() => {
                if (state.columns) importer.mapColumns(state.columns.run.context, state.columns.run.startFrom);
              }}
            />
          )}
          {state.warnings.length > 0 && (
            <>
              <Text size="sm">{t('import.note')}</Text>
              <ImportIssues issues={state.warnings} label={t('import.warningsLabel')} />
            </>
          )}
        </ToneAlert>
      );
    }
    case 'issues':
      return (
        <ToneAlert color="red" role="alert" data-testid="import-result" title={t(`import.notTaken.${state.task}`)}>
          <Text size="sm">{t('import.nothingTaken')}</Text>
          <ImportIssues issues={state.issues} label={t('import.issuesLabel')} />
          <Group gap="xs" mt="sm">
            {state.run && (
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  if (state.run) importer.mapColumns(state.run.context);
                }}
              >
                {t('import.mapColumns')}
              </Button>
            )}
            <Button size="xs" variant="default" onClick={dismiss}>
              {t('common:action.close')}
            </Button>
          </Group>
        </ToneAlert>
      );
    case 'map-columns':
      return (
        <ToneAlert color="blue" data-testid="import-result" title={t('import.columnsTitle')}>
          {state.startFrom && <Text size="sm">{t('import.replaces')}</Text>}
          <ColumnMappingStep
            context={state.context}
            busy={state.busy}
            error={state.issues?.map(issueText).join(' ')}
            onSheet={importer.changeSheet}
            onHeaderRow={importer.changeHeaderRow}
            onApply={importer.applyColumns}
            onCancel={dismiss}
          />
        </ToneAlert>
      );
    case 'map-accounts':
      return (
        <ToneAlert color="blue" data-testid="import-result" title={t('accounts.title')}>
          {state.issues.length > 0 && <ImportIssues issues={state.issues} label={t('import.moreIssuesLabel')} />}
          <AccountMappingForm accounts={state.accounts} costTypes={costTypes} onApply={importer.mapAccounts} onCancel={dismiss} />
        </ToneAlert>
      );
    case 'conflict':
      return (
        <ToneAlert color="red" role="alert" data-testid="import-result" title={t('import.conflictTitle')}>
          <Text size="sm">{t('import.conflict')}</Text>
          <Group gap="xs" mt="sm">
            <Button size="xs" onClick={importer.reloadAndRetry}>
              {t('import.reloadAndRetry')}
            </Button>
            <Button size="xs" variant="default" onClick={importer.reloadOnly}>
              {t('import.reloadOnly')}
            </Button>
          </Group>
        </ToneAlert>
      );
    case 'repeat':
      return (
        <RepeatImportDialog
          repeat={state.repeat}
          onAll={importer.addAllAgain}
          onNewOnly={importer.addNewOnly}
          onCancel={dismiss}
        />
      );
    case 'error':
      return (
        <div data-testid="import-result">
          <ErrorNotice title={t(`import.failed.${state.task}`)} error={state.error} />
          <Button size="xs" variant="default" onClick={dismiss}>
            {t('common:action.close')}
          </Button>
        </div>
      );
  }
}
