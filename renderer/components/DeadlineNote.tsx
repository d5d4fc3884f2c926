import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeadlineState } from '@shared/domain/deadlines';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { useFormat } from '@renderer/lib/format';

const COLOR = { passed: 'red', today: 'red', soon: 'orange', near: 'yellow', later: 'gray', unknown: 'gray' } as const;

/**
 * A deadline's date and where it stands, in words (never colour alone): "noch 12 Tage", "heute fällig", "seit 3 Tagen
 * abgelaufen"; `unknownKey` says what an absent date means (e.g. "unbekannt"). Flags follow docs/deadlines.md.
 */
export function DeadlineNote({
  state,
  unknownKey = 'deadline.unknown',
  flag = true,
  testId,
}: {
  state: DeadlineState;
  unknownKey?: string;
  /** False once the deadline no longer matters (e.g. the submission was made): the date alone is shown. */
  flag?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('results');
  const format = useFormat();
  if (state.date === undefined || state.days === undefined) {
    return (
      <Text span inherit c="dimmed" data-testid={testId} data-urgency="unknown">
        {t(unknownKey)}
      </Text>
    );
  }
  const days = state.days;
  const words =
    state.urgency === 'passed'
      ? t('deadline.passed', { count: -days })
      : state.urgency === 'today'
        ? t('deadline.today')
        : t('deadline.left', { count: days });
  const urgent = state.urgency === 'passed' || state.urgency === 'today';
  return (
    <Text span inherit data-testid={testId} data-urgency={flag ? state.urgency : 'done'}>
      {format.date(state.date)}{' '}
      {flag &&
        (urgent ? (
          <Badge color={COLOR[state.urgency]} variant="filled" tt="none" size="sm">
            {words}
          </Badge>
        ) : (
          <ToneBadge color={COLOR[state.urgency]} size="sm">
            {words}
          </ToneBadge>
        ))}
    </Text>
  );
}
