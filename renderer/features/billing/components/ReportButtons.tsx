import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  archiveId: string;
  onReport: (archiveId: string, format: 'pdf' | 'excel') => void;
  label: string;
  compact?: boolean;
};

/** Saves the check report of an archived check or submission, as PDF or Excel. */
export function ReportButtons({ archiveId, onReport, label, compact = false }: Props) {
  const { t } = useTranslation('billing');
  return (
    <Group gap={6} role="group" aria-label={label} wrap="nowrap">
      {!compact && (
        <Text span size="sm" c="dimmed">
          {label}:
        </Text>
      )}
      {(['pdf', 'excel'] as const).map((format) => (
        <Button
          key={format}
          size="compact-sm"
          variant="default"
          onClick={() => {
            onReport(archiveId, format);
          }}
        >
          {t(`report.${format}`)}
        </Button>
      ))}
    </Group>
  );
}
