import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { saveFile } from '@renderer/lib/files';
import { useChannelMutation } from '@renderer/lib/queries';
import { useIsDemoConnection } from '@renderer/features/demo-msc/queries';

type Props = { connectionId: string; billingunit?: string };

/**
 * "Beispieldatei herunterladen": a usage-unit workbook that fits the demo world, so a first import shows every
 * outcome of matching. Renders nothing for a connection that is not the embedded demo.
 */
export function SampleWorkbookButton({ connectionId, billingunit }: Props) {
  const { t } = useTranslation('demo');
  const demo = useIsDemoConnection(connectionId);
  const download = useChannelMutation('demo:sample-workbook', {
    onSuccess: async (file) => {
      await saveFile(file);
    },
  });
  if (!demo) return null;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        loading={download.isPending}
        onClick={() => {
          download.mutate(billingunit === undefined ? { connectionId } : { connectionId, billingunit });
        }}
      >
        {t('sample.download')}
      </Button>
      {download.error && <ErrorNotice title={t('sample.failed')} error={download.error} />}
    </Stack>
  );
}
