import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { PropertyGroup } from '@shared/domain/unit-rows';
import { MAX_UNITS_PER_REQUEST, requestCount } from '@shared/msc/setup-parts';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useFormat } from '@renderer/lib/format';
import { howMapped, type MappingContext } from '@renderer/features/excel-mapping/column-mapping';
import { RecognisedColumns } from '@renderer/features/excel-mapping/RecognisedColumns';
import type { PreviewRow, PreviewSource } from '@renderer/features/units/import-rows';
import { usePreviewChecks } from '@renderer/features/units/usePreviewChecks';
import { ImportGrid } from '@renderer/features/units/preview/ImportGrid';
import { ProblemList } from '@renderer/features/units/preview/ProblemList';
import { PropertyGroups } from '@renderer/features/units/preview/PropertyGroups';

type Props = {
  source: PreviewSource;
  rows: readonly PreviewRow[];
  selected: string;
  properties: ReadonlyMap<string, BillingUnitSummary>;
  propertiesLoaded: boolean;
  sending: boolean;
  error: string | undefined;
  onRows: (rows: readonly PreviewRow[]) => void;
  onSend: (groups: readonly PropertyGroup[]) => void;
  onChangeMapping: (context: MappingContext) => void;
  onPickAgain: () => void;
  onCancel: () => void;
};

/**
 * An imported list before it is sent: its properties with their counts, the problems (fixed in the grid, which
 * holds every row of the file) and one button that queues one request per property.
 */
export function PreviewStep(props: Props) {
  const { source, rows, selected, properties, propertiesLoaded, sending, error } = props;
  const { t } = useTranslation('units');
  const format = useFormat();
  const { preview, problems, messages } = usePreviewChecks(rows, source, selected, properties);
  const byProperty = source.fields.includes('billingunit');
  const namesOnly = source.fields.includes('name') && !source.fields.includes('partnerPmnumber');
  const groups = preview.groups.filter((g) => g.units.length > 0);
  const units = groups.reduce((n, g) => n + g.units.length, 0);
  const unknownRows = preview.unknown.reduce((n, u) => n + u.rows.length, 0);
  const large = groups.filter((g) => g.units.length > MAX_UNITS_PER_REQUEST);
  const blocked = preview.problemRows > 0 || units === 0 || (byProperty && !propertiesLoaded);
  return (
    <Stack gap="sm">
      <Text data-testid="review-summary">
        {t('preview.summary', {
          fileName: source.context.fileName,
          rows: t('preview.rowCount', { count: rows.length, n: format.integer(rows.length) }),
          units: t('preview.unitCount', { count: units, n: format.integer(units) }),
        })}{' '}
        {byProperty && t('preview.properties', { count: groups.length })}
      </Text>
      <RecognisedColumns
        headers={source.headers}
        how={howMapped(source.context, source.byHand)}
        onChange={() => {
          props.onChangeMapping(source.context);
        }}
      />
      {source.warnings.length > 0 && (
        <Alert color="yellow" title={t('review.warnings')}>
          <List size="sm">
            {source.warnings.slice(0, 20).map((w, i) => (
              <List.Item key={i}>{w.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {namesOnly && (
        <Alert color="blue" variant="light" data-testid="names-only">
          {t('preview.namesOnly')}
        </Alert>
      )}
      {byProperty && <PropertyGroups preview={preview} selected={selected} properties={properties} />}
      {byProperty && !propertiesLoaded && (
        <Text size="sm" c="dimmed" role="status">
          {t('preview.propertiesLoading')}
        </Text>
      )}
      {large.length > 0 && (
        <Alert color="blue" variant="light" data-testid="request-limit">
          {large
            .map((g) =>
              t('preview.limit', {
                billingunit: g.billingunit,
                units: format.integer(g.units.length),
                max: format.integer(MAX_UNITS_PER_REQUEST),
                requests: requestCount(g.units.length),
              }),
            )
            .join(' ')}
        </Alert>
      )}
      {unknownRows > 0 && (
        <Text size="sm" data-testid="unknown-rows">
          {t('preview.unknownRows', { count: unknownRows })}
        </Text>
      )}
      {preview.problemRows > 0 && (
        <Alert color="red" variant="light" title={t('preview.problems.title', { count: preview.problemRows })}>
          <ProblemList problems={problems.filter((p) => p.blocking)} rows={rows} />
        </Alert>
      )}
      <ImportGrid rows={rows} fields={source.fields} messages={messages} onRows={props.onRows} />
      {error && <ErrorNotice title={t('review.notSaved')} message={error} />}
      <Group gap="xs">
        <Button
          onClick={() => {
            props.onSend(groups);
          }}
          loading={sending}
          disabled={blocked}
          aria-describedby={blocked ? 'preview-blocked' : undefined}
        >
          {byProperty ? t('preview.sendProperties', { count: groups.length }) : t('review.send')}
        </Button>
        <Button variant="default" onClick={props.onPickAgain} disabled={sending}>
          {t('preview.pickAgain')}
        </Button>
        <Button variant="default" onClick={props.onCancel} disabled={sending}>
          {t('common:action.cancel')}
        </Button>
      </Group>
      {blocked && (
        <Text size="sm" c="dimmed" id="preview-blocked">
          {preview.problemRows > 0
            ? t('preview.blockedProblems', { count: preview.problemRows })
            : units === 0
              ? t('preview.blockedEmpty')
              : t('preview.propertiesLoading')}
        </Text>
      )}
    </Stack>
  );
}
