import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OsrUnitView } from '@shared/ipc/channels/osr';
import { useFormat } from '@renderer/lib/format';

/** What was last delivered, what waits, and why a delivery did not go through. */
export function StatusLines({ view }: { view: OsrUnitView }) {
  const { t } = useTranslation('tenants');
  const format = useFormat();
  const r = view.record;
  const lines: { key: string; text: string; color?: string }[] = [];
  if (r?.delivered)
    lines.push({
      key: 'delivered',
      text: t('line.delivered', { at: format.dateTime(r.delivered.deliveredAt), transaction: r.delivered.transactionid }),
    });
  else lines.push({ key: 'none', text: t('line.none') });
  if (r?.pending) lines.push({ key: 'pending', text: t('line.pending', { at: format.dateTime(r.pending.savedAt) }) });
  const d = r?.delivery;
  if (d?.state === 'queued' || d?.state === 'sending') lines.push({ key: 'sending', text: t('line.sending') });
  if (d?.state === 'failed')
    lines.push({ key: 'failed', text: t('line.failed', { message: d.failure?.message ?? '' }), color: 'orange.9' });
  if (d?.state === 'rejected' && !r?.pending) lines.push({ key: 'rejected', text: t('line.rejected'), color: 'red.8' });
  return (
    <Stack gap={2} data-testid="osr-status-lines" role="status">
      {lines.map((l) => (
        <Text key={l.key} size="sm" c={l.color}>
          {l.text}
        </Text>
      ))}
    </Stack>
  );
}
