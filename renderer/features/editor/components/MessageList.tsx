import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DraftLocation } from '@shared/domain/draft-location';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { locationHref } from '@renderer/features/editor/locations';
import type { PeriodRef } from '@renderer/features/editor/locations';

export type ListedMessage = {
  type: 'ERROR' | 'WARNING' | 'INFO';
  text: string;
  lang?: string;
  path: string;
  loc: DraftLocation | undefined;
};

const COLOR = { ERROR: 'red', WARNING: 'yellow', INFO: 'blue' } as const;

/** Messages with their type as a badge with text, each a link to its cell in the editor. */
export function MessageList({
  where,
  messages,
  testId,
}: {
  where: PeriodRef;
  messages: readonly ListedMessage[];
  testId: string;
}) {
  const { t } = useTranslation('editor');
  return (
    <Stack gap={6} component="ul" className="editor-messages" data-testid={testId}>
      {messages.map((m, i) => (
        <li key={`${m.path}-${String(i)}`} data-testid="editor-message" data-type={m.type}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <ToneBadge color={COLOR[m.type]} miw={84} style={{ flexShrink: 0 }}>
              {t(`message.${m.type}`)}
            </ToneBadge>
            <div>
              <Text size="sm" lang={m.lang}>
                {m.text}
              </Text>
              {m.loc === undefined ? (
                <Text size="xs" c="dimmed">
                  {m.path === '' ? t('message.whole') : m.path}
                </Text>
              ) : (
                <Anchor component={Link} to={locationHref(where, m.loc)} size="xs">
                  {t('message.goTo', { step: t(`step.${m.loc.step}.short`), row: m.loc.row + 1, path: m.path })}
                </Anchor>
              )}
            </div>
          </Group>
        </li>
      ))}
    </Stack>
  );
}
