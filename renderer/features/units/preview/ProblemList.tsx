import { Anchor, List, Text } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useFormat } from '@renderer/lib/format';
import type { PreviewRow } from '@renderer/features/units/import-rows';
import { IMPORT_SECTION, type CellProblem } from '@renderer/features/units/usePreviewChecks';

const SHOWN = 30;

type Props = { problems: readonly CellProblem[]; rows: readonly PreviewRow[] };

/**
 * The first problems as links to their cells (the grid scrolls there and marks the cell, as the editor's
 * messages do); the rest are marked in the grid itself.
 */
export function ProblemList({ problems, rows }: Props) {
  const { t } = useTranslation('units');
  const format = useFormat();
  const [, setParams] = useSearchParams();
  const location = useLocation();
  const shown = problems.slice(0, SHOWN);
  const jump = (p: CellProblem) => {
    // The list's filter travels in the location state ("Zur Liste"); a jump keeps it.
    setParams(
      { section: IMPORT_SECTION, row: String(p.index), field: p.field },
      { replace: true, state: location.state as unknown },
    );
  };
  return (
    <>
      <List size="sm" spacing={2} aria-label={t('preview.problems.label')} data-testid="preview-problems">
        {shown.map((p) => {
          const excel = rows[p.index]?._row;
          const place =
            excel === undefined
              ? t('preview.problems.row', { row: format.integer(p.index + 1) })
              : t('preview.problems.rowExcel', { row: format.integer(p.index + 1), excel: format.integer(excel) });
          return (
            <List.Item key={`${String(p.index)}|${p.field}|${p.text}`}>
              <Anchor
                component="button"
                type="button"
                size="sm"
                ta="left"
                c="dark"
                underline="always"
                onClick={() => {
                  jump(p);
                }}
              >
                {/* The text quotes the file's values: <bdi> keeps a right-to-left override in them to this item. */}
                <Trans
                  t={t}
                  i18nKey="preview.problems.item"
                  values={{ place, field: t(`excel-mapping:field.${p.field}`), text: p.text }}
                  components={[<bdi key="text" />]}
                />
              </Anchor>
            </List.Item>
          );
        })}
      </List>
      {problems.length > SHOWN && (
        <Text size="sm" c="dimmed">
          {t('preview.problems.more', { count: problems.length - SHOWN })}
        </Text>
      )}
    </>
  );
}
