import { USER_CHANGE_SPLIT_CODES, VAT_INDICATOR_CODES } from '@shared/domain/codes';
import { useMemo } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '@renderer/lib/codes';
import { buildColumns } from '@renderer/components/grid/columns';
import type { ColumnDef } from '@renderer/components/grid/columns';
import { EditorGrid } from '@renderer/components/grid/EditorGrid';
import { buildFrozen } from '@renderer/components/grid/frozen';
import { SectionTotal } from '@renderer/features/editor/components/SectionTotal';
import { recipientName, sectionRows } from '@renderer/features/editor/sections';
import { draftTotals } from '@renderer/features/editor/totals';
import { StepMessages } from '@renderer/features/editor/components/StepMessages';
import type { StepProps } from '@renderer/features/editor/steps/StepBody';
import { OsrRecipientNotice } from '@renderer/features/tenants/OsrRecipientNotice';

const PREPAYMENTS = ['heating', 'hotwater', 'coldwater'] as const;

/** Nutzer: one row per billing recipient, a column per distribution key and the prepayments. */
export function RecipientsStep({ where, model, template, content }: StepProps) {
  const { t } = useTranslation('editor');
  const codeLabel = useCodeLabel();
  const columns = useMemo(() => {
    const sides = [
      ...(template.expectedvat !== 'NET' ? (['grossamount'] as const) : []),
      ...(template.expectedvat !== 'GROSS' ? (['netamount'] as const) : []),
    ];
    const defs: ColumnDef[] = [
      { field: 'validfrom', title: t('field.validfrom'), width: 110 },
      { field: 'validto', title: t('field.validto'), width: 110 },
      { field: 'vacancy', title: t('field.vacancy'), width: 90 },
      ...template.distributionkeys.map((k) => ({
        field: `allocations.${k.key}`,
        title: `${k.key} – ${codeLabel('distribution', k.key)}`,
        width: 130,
      })),
      ...PREPAYMENTS.flatMap((p) =>
        sides.map((side) => ({
          field: `prepayments.${p}.${side}`,
          title: t('field.prepayment', { kind: t(`prepayment.${p}`), side: t(`side.${side}`) }),
          width: 140,
        })),
      ),
      // Rarely needed (a tenant change, a VAT-liable user): after the values every recipient has.
      {
        field: 'changesplit',
        title: t('field.changesplit'),
        options: USER_CHANGE_SPLIT_CODES.map((code) => ({ code, label: t(`changesplit.${code}`) })),
        width: 200,
      },
      { field: 'changefee', title: t('field.changefee'), width: 150 },
      {
        field: 'vatindicator',
        title: t('field.vatindicator'),
        options: VAT_INDICATOR_CODES.map((code) => ({ code, label: t(`vatindicator.${code}`) })),
        width: 220,
      },
    ];
    return buildColumns(defs);
  }, [t, template, codeLabel]);
  // Unit and name identify the row; they stay in view while the clerk scrolls right to the prepayments.
  const frozen = useMemo(
    () =>
      buildFrozen([
        {
          field: 'residentialunitMscnumber',
          title: t('field.unit'),
          text: (r) => (typeof r.residentialunitMscnumber === 'string' ? r.residentialunitMscnumber : ''),
          width: 110,
        },
        { field: 'name', title: t('field.name'), text: (r) => recipientName(template, r), width: 190 },
      ]),
    [t, template],
  );
  const rows = sectionRows(content, 'billingrecipients');
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('step.nutzer.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('recipients.hint', { count: rows.length })}
      </Text>
      <OsrRecipientNotice where={where} template={template} />
      <StepMessages where={where} step="nutzer" model={model} />
      <EditorGrid
        section="billingrecipients"
        title={t('step.nutzer.title')}
        rows={rows}
        columns={columns}
        messages={model.cellMessages}
        onRows={model.onRows}
        readOnly={model.readOnly}
        lockRows
        frozen={frozen}
        height={520}
      />
      <SectionTotal label={t('totals.prepayments')} total={draftTotals(content).prepayments} testId="total-prepayments" />
    </Stack>
  );
}
