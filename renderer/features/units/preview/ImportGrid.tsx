import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageUnitField } from '@shared/domain/excel';
import type { Row } from '@renderer/components/grid/draft-path';
import type { CellMessage } from '@renderer/components/grid/cells/cell-context';
import { buildColumns } from '@renderer/components/grid/columns';
import { EditorGrid } from '@renderer/components/grid/EditorGrid';
import type { PreviewRow } from '@renderer/features/units/import-rows';
import { IMPORT_SECTION } from '@renderer/features/units/usePreviewChecks';

type Props = {
  rows: readonly PreviewRow[];
  fields: readonly UsageUnitField[];
  messages: ReadonlyMap<string, readonly CellMessage[]>;
  onRows: (rows: readonly PreviewRow[]) => void;
};

const WIDTH: Partial<Record<UsageUnitField, number>> = {
  billingunit: 130,
  residentialunitPmnumber: 200,
  residentialunitMscnumber: 120,
  validfrom: 120,
  livingarea: 120,
  persons: 100,
  floor: 110,
  meternumbers: 200,
  note: 200,
};

/**
 * The rows of the file as the template editor's grid (react-datasheet-grid: virtualized, Excel's keys, paste of
 * ranges), every problem marked at its cell; what the clerk types here is what is sent.
 */
export function ImportGrid({ rows, fields, messages, onRows }: Props) {
  const { t } = useTranslation(['units', 'excel-mapping']);
  const columns = useMemo(
    () => buildColumns(fields.map((f) => ({ field: f, title: t(`excel-mapping:field.${f}`), width: WIDTH[f] ?? 150 }))),
    [fields, t],
  );
  const change = useCallback(
    (_section: string, next: readonly Row[]) => {
      onRows(next as unknown as readonly PreviewRow[]);
    },
    [onRows],
  );
  return (
    <EditorGrid
      section={IMPORT_SECTION}
      title={t('units:preview.gridLabel')}
      rows={rows}
      columns={columns}
      messages={messages}
      onRows={change}
      height={380}
    />
  );
}
