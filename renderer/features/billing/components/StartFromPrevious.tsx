import { Button, Text } from '@mantine/core';
import type { PreviousSubmission } from '@shared/ipc/channels/billing';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { ToneAlert } from '@renderer/features/billing/components/Tone';
import type { DraftSafety } from '@renderer/features/billing/useDraftSafety';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = { previous: PreviousSubmission; safety: DraftSafety };

/** A period without a draft, whose unit has an earlier submission in the archive: start from it. */
export function StartFromPrevious({ previous, safety }: Props) {
  const { t, format } = useBillingText();
  return (
    <ToneAlert color="blue" title={t('safety.previousTitle')} data-testid="start-from-previous" my="sm">
      <Text size="sm">
        {t('safety.previousText', { period: format.date(previous.periodTo), at: format.dateTime(previous.at) })}
      </Text>
      <Button
        mt="sm"
        onClick={safety.startFromPrevious}
        data-disabled={safety.busy || undefined}
        aria-disabled={safety.busy || undefined}
      >
        {t('safety.previousStart')}
      </Button>
      {safety.startError !== null && <ErrorNotice title={t('safety.previousFailed')} error={safety.startError} />}
    </ToneAlert>
  );
}
