import { useTranslation } from 'react-i18next';
import type { OsrStatus } from '@shared/domain/osr';
import { ToneBadge } from '@renderer/components/ToneBadge';

const COLOR: Readonly<Record<OsrStatus, string>> = {
  none: 'gray',
  delivered: 'green',
  pending: 'yellow',
  queued: 'blue',
  sending: 'blue',
  failed: 'orange',
  rejected: 'red',
};

export function OsrStatusBadge({ status, testId }: { status: OsrStatus; testId?: string }) {
  const { t } = useTranslation('tenants');
  return (
    <ToneBadge color={COLOR[status]} data-testid={testId}>
      {t(`status.${status}`)}
    </ToneBadge>
  );
}
