import { Group, Stack, Text, Title } from '@mantine/core';
import { ToneBadge } from '@renderer/features/billing/components/Tone';
import type { CheckMessage, FilledTemplate, Template } from '@shared/msc/billing-input';
import { describePlace } from '@shared/domain/check-place';
import { useBillingText } from '@renderer/features/billing/useBillingText';
import { MESSAGE_COLOR, MESSAGE_TYPES } from '@renderer/lib/check-messages';

/** `filled`: what was checked, to name the entries; without it (an older revision) places are named by position. */
type Props = { messages: readonly CheckMessage[]; filled: FilledTemplate | undefined; template: Template };

/**
 * The MSC's messages grouped Fehler / Warnungen / Hinweise. The message itself is the MSC's own German text; the
 * type, the counts and the place it refers to are ours and follow the clerk's language.
 */
export function CheckMessages({ messages, filled, template }: Props) {
  const text = useBillingText();
  const { t } = text;
  return (
    <Stack gap="sm">
      {MESSAGE_TYPES.map((type) => {
        const group = messages.filter((m) => m.type === type);
        if (group.length === 0) return null;
        const title = t(`message.group.${type}`);
        return (
          <section key={type} aria-label={title}>
            <Title order={3} size="h5" mb={6}>
              {t('message.groupTitle', { title, count: group.length })}
            </Title>
            <Stack gap={6} component="ul" className="billing-messages">
              {group.map((m, i) => (
                <li
                  key={`${m.path}-${String(i)}`}
                  data-testid="check-message"
                  data-type={type}
                  className={`billing-message billing-message-${type.toLowerCase()}`}
                >
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <ToneBadge color={MESSAGE_COLOR[type]} miw={80} style={{ flexShrink: 0 }}>
                      {t(`message.type.${type}`)}
                    </ToneBadge>
                    <div>
                      <Text size="sm" lang="de">
                        {m.message}
                      </Text>
                      <Text size="xs" c="dimmed" title={`${m.shortmessage} · ${m.path || '–'}`}>
                        {t('message.where', { place: describePlace(m.path, text, filled, template) })}
                      </Text>
                    </div>
                  </Group>
                </li>
              ))}
            </Stack>
          </section>
        );
      })}
    </Stack>
  );
}
