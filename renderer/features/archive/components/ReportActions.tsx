import { Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@renderer/lib/useErrorText';
import { useCheckReport } from '@renderer/features/archive/useArchive';

type Props = { connectionId: string; archiveId: string };

/** Re-exports the entry's check report; in browser mode it arrives as a download. */
export function ReportActions({ connectionId, archiveId }: Props) {
  const { t } = useTranslation('archive');
  const errorText = useErrorText();
  const report = useCheckReport(connectionId, archiveId);
  const busy = report.isPending ? report.variables : undefined;
  return (
    <Group gap="xs" role="group" aria-label={t('report.label')}>
      {(['pdf', 'excel'] as const).map((format) => (
        <Button
          key={format}
          size="xs"
          variant="default"
          // Not `loading`: Mantine disables a loading button, which would drop the keyboard focus.
          leftSection={busy === format ? <Loader size={12} /> : undefined}
          aria-busy={busy === format}
          onClick={() => {
            report.mutate(format);
          }}
        >
          {t(`report.${format}`)}
        </Button>
      ))}
      <Text size="xs" role="status" c={report.isError ? 'red.9' : 'dimmed'} data-testid="report-status">
        {report.isError ? `${t('report.error')}: ${errorText(report.error)}` : report.isSuccess ? t('report.saved') : ''}
      </Text>
    </Group>
  );
}
