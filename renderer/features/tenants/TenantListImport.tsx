import { useMemo, useState } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OsrUnitView } from '@shared/ipc/channels/osr';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useImportIssueText } from '@renderer/lib/useErrorText';
import { planTenantList } from '@renderer/features/tenants/tenant-list-plan';
import { TenantColumnsForm } from '@renderer/features/tenants/TenantColumnsForm';
import { TenantListPreview } from '@renderer/features/tenants/TenantListPreview';
import { useTenantListImport } from '@renderer/features/tenants/useTenantListImport';

type Props = { connectionId: string; billingunit: string; units: readonly OsrUnitView[]; onClose: () => void };

/** Tenant list from the ERP: pick, check the columns, see per unit what changes, save the changes as pending ones. */
export function TenantListImport({ connectionId, billingunit, units, onClose }: Props) {
  const { t } = useTranslation('tenants');
  const issueText = useImportIssueText();
  const imp = useTenantListImport(connectionId, billingunit);
  const result = imp.result;
  const plan = useMemo(
    () => (result?.ok && result.rows.length > 0 ? planTenantList(result.rows, units) : undefined),
    [result, units],
  );
  // The clerk decides per unit; a new reading starts with every changed unit chosen again.
  const [left, setLeft] = useState<{ of: unknown; units: ReadonlySet<string> }>({ of: undefined, units: new Set() });
  const leftOut = left.of === plan ? left.units : new Set<string>();
  const toggle = (unit: string) => {
    const next = new Set(leftOut);
    if (!next.delete(unit)) next.add(unit);
    setLeft({ of: plan, units: next });
  };
  const chosen = plan?.changed.filter((p) => !leftOut.has(p.unit)) ?? [];
  const noNumbers = result?.ok === true && result.rows.length > 0 && result.columns.partnerPmnumber === undefined;

  return (
    <Paper withBorder p="md" data-testid="tenant-import" aria-labelledby="tenant-import-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="tenant-import-title">
          {t('import.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('import.hint')}
        </Text>
        <Group gap="sm">
          <Button onClick={() => void imp.pick()} loading={imp.reading}>
            {imp.file ? t('import.pickOther') : t('import.pick')}
          </Button>
          {imp.file && <Text size="sm">{t('import.file', { name: imp.file.name })}</Text>}
          <Button variant="default" onClick={onClose}>
            {t('import.close')}
          </Button>
        </Group>
        {imp.readError !== null && <ErrorNotice title={t('import.readFailed')} error={imp.readError} />}
        {result && result.issues.length > 0 && (
          <Alert
            color={result.ok ? 'yellow' : 'red'}
            title={t('import.issues', { count: result.issues.length })}
            data-testid="tenant-import-issues"
          >
            <List size="sm">
              {result.issues.map((i, n) => (
                <List.Item key={n}>{issueText(i)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {result?.ok && result.remembered && (
          <Text size="sm" data-testid="tenant-columns-remembered">
            {t('import.remembered')}
          </Text>
        )}
        {result?.ok && (
          <TenantColumnsForm
            key={JSON.stringify(result.columns)}
            headers={result.headers}
            columns={result.columns}
            sheet={result.sheet}
            headerRow={result.headerRow}
            busy={imp.reading}
            onApply={imp.reread}
          />
        )}
        {noNumbers && (
          <Alert color="blue" data-testid="tenant-import-no-numbers">
            {t('import.noNumbers')}
          </Alert>
        )}
        {plan && plan.unknown.length > 0 && (
          <Alert
            color="yellow"
            title={t('import.unknownTitle', { count: plan.unknown.length })}
            data-testid="tenant-import-unknown"
          >
            <List size="sm">
              {plan.unknown.map((r) => (
                <List.Item key={r.row}>{t('import.unknown', { row: r.row, unit: r.residentialunit })}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {plan && imp.saved === null && (
          <Text size="sm" role="status" data-testid="tenant-import-summary">
            {t('import.summary', { count: plan.changed.length, unchanged: plan.unchanged })}
          </Text>
        )}
        {plan && plan.changed.length > 0 && imp.saved === null && (
          <>
            <TenantListPreview plans={plan.changed} left={leftOut} onToggle={toggle} />
            <Group>
              <Button onClick={() => void imp.saveAll(chosen)} loading={imp.saving} disabled={chosen.length === 0}>
                {t('import.save', { count: chosen.length })}
              </Button>
              {chosen.length === 0 && <Text size="sm">{t('import.noneChosen')}</Text>}
            </Group>
          </>
        )}
        {imp.saveError && <ErrorNotice title={t('error.save')} error={imp.saveError} />}
        {imp.saved !== null && (
          <Alert color="green" data-testid="tenant-import-saved">
            {t('import.saved', { count: imp.saved })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
