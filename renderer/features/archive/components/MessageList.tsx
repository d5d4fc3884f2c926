import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckMessage, FilledTemplate } from '@shared/msc/billing-input';
import { MESSAGE_COLOR, MESSAGE_TYPES } from '@renderer/lib/check-messages';
import { usePathText } from '@renderer/features/archive/usePathText';
import { ToneBadge } from '@renderer/components/ToneBadge';

type Props = { messages: readonly CheckMessage[]; filled: FilledTemplate | undefined; testId?: string };

/**
 * Messages as the clerk reads them: type badge with text, what is wrong, which entry it concerns. The MSC words
 * its messages in German; in another language a sentence for the stable code comes first and the MSC's own
 * wording stays one click away.
 */
export function MessageList({ messages, filled, testId = 'check-message' }: Props) {
  const { t, i18n } = useTranslation('archive');
  const where = usePathText();
  const german = i18n.language === 'de';
  return (
    <ul className="archive-messages">
      {messages.map((m, i) => {
        const translated = `messages.code.${m.shortmessage}`;
        const text = german || !i18n.exists(translated, { ns: 'archive' }) ? m.message : t(translated);
        return (
          <li key={`${m.path}-${String(i)}`} data-testid={testId} data-type={m.type} data-code={m.shortmessage}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <ToneBadge color={MESSAGE_COLOR[m.type]} miw={78}>
                {t(`messages.type.${m.type}`)}
              </ToneBadge>
              <Stack gap={2}>
                <Text size="sm">{text}</Text>
                <Text size="xs" c="dimmed">
                  {t('messages.about', { where: where(m.path, filled) })}
                  {m.path !== '' && <span className="archive-path">{` · ${m.shortmessage} · ${m.path}`}</span>}
                </Text>
                {!german && text !== m.message && (
                  <details>
                    <summary>{t('messages.original')}</summary>
                    <Text size="xs" lang="de">
                      {m.message}
                    </Text>
                  </details>
                )}
              </Stack>
            </Group>
          </li>
        );
      })}
    </ul>
  );
}

/** Messages grouped errors, warnings, notes, each group under its own heading. */
export function MessageGroups({ messages, filled }: Omit<Props, 'testId'>) {
  const { t } = useTranslation('archive');
  return (
    <Stack gap="sm">
      {MESSAGE_TYPES.map((type) => {
        const group = messages.filter((m) => m.type === type);
        if (group.length === 0) return null;
        return (
          <section key={type} aria-label={t(`messages.group.${type}`, { count: group.length })}>
            <Title order={3} size="h5" mb={4}>
              {t(`messages.group.${type}`, { count: group.length })}
            </Title>
            <MessageList messages={group} filled={filled} />
          </section>
        );
      })}
    </Stack>
  );
}
