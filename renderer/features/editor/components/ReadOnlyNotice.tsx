import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BillingPeriod } from '@shared/msc/billing-input';
import { useFormat } from '@renderer/lib/format';
import { usePeriodArchive } from '@renderer/features/billing/queries';
import type { PeriodRef } from '@renderer/features/editor/locations';

type Props = { where: PeriodRef; period: BillingPeriod };

/**
 * Why the editor of a commissioned or billed period only shows the draft, and the ways on: the submission in the
 * archive, the next period started from this one, or a correction asked of the measuring service.
 */
export function ReadOnlyNotice({ where, period }: Props) {
  const { t } = useTranslation('editor');
  const fmt = useFormat();
  const archive = usePeriodArchive(where);
  const entry = archive.entries.find((e) => e.result === 'commissioned');
  const billed = period.status === 'BILLED';
  const sent = period.lastsubmission;
  return (
    <Alert color="blue" title={t(billed ? 'readOnly.billed' : 'readOnly.commissioned')} data-testid="editor-read-only">
      <Text size="sm">
        {sent ? t('readOnly.sent', { at: fmt.dateTime(sent.at), id: sent.transactionid }) : ''} {t('readOnly.why')}
      </Text>
      <Text size="sm" mt={4}>
        {t('readOnly.waysOn')}
      </Text>
      {entry !== undefined && (
        <Group gap="md" mt="xs">
          {/* The alert's own text colour: the link's blue misses AA contrast on its tinted background. */}
          <Anchor
            component={Link}
            to={`/archiv/${encodeURIComponent(where.connectionId)}/${encodeURIComponent(entry.id)}`}
            c="inherit"
            underline="always"
            size="sm"
          >
            {t('readOnly.toArchiveEntry')}
          </Anchor>
        </Group>
      )}
    </Alert>
  );
}
