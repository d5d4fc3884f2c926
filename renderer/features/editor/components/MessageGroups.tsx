import { useId, useState } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFileExchange, withFileWords } from '@renderer/features/agreements/file-words';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { MESSAGE_COLOR } from '@renderer/lib/check-messages';
import { locationHref } from '@renderer/features/editor/locations';
import type { PeriodRef } from '@renderer/features/editor/locations';
import { groupMessages, sharedText } from '@renderer/features/editor/message-groups';
import type { ListedMessage, MessageGroup, StepMessages } from '@renderer/features/editor/message-groups';
import { PlaceList } from '@renderer/features/editor/components/PlaceList';
import { isFieldSection } from '@renderer/features/editor/sections';

type Props = { where: PeriodRef; messages: readonly ListedMessage[]; testId: string };

/** Messages by step, then by rule: one line per rule with its count, its places listed on demand, each a link. */
export function MessageGroups({ where, messages, testId }: Props) {
  const steps = groupMessages(messages);
  return (
    <Stack gap="sm" data-testid={testId}>
      {steps.map((s) => (
        <StepSection key={s.step ?? ''} where={where} section={s} />
      ))}
    </Stack>
  );
}

function StepSection({ where, section }: { where: PeriodRef; section: StepMessages }) {
  const { t: plain } = useTranslation('editor');
  const t = withFileWords(plain, useFileExchange());
  const name = section.step === undefined ? t('group.whole') : t(`step.${section.step}.title`);
  return (
    <section aria-label={name} data-testid="message-step" data-step={section.step ?? 'whole'}>
      <Group gap="xs" mb={4}>
        <Title order={3} size="h5">
          {name}
        </Title>
        <Text size="sm" c="dimmed" data-testid="message-step-count">
          {t('stepper.messages', { count: section.count })}
        </Text>
      </Group>
      <Stack gap={6} component="ul" className="editor-messages">
        {section.groups.map((g) => (
          <GroupLine key={g.key} where={where} group={g} step={section.step} />
        ))}
      </Stack>
    </section>
  );
}

function GroupLine({ where, group, step }: { where: PeriodRef; group: MessageGroup; step: StepMessages['step'] }) {
  const { t: plain, i18n } = useTranslation('editor');
  const t = withFileWords(plain, useFileExchange());
  const [open, setOpen] = useState(false);
  const listId = useId();
  const badge = (
    <ToneBadge color={MESSAGE_COLOR[group.type]} miw={84} style={{ flexShrink: 0 }}>
      {t(`message.${group.type}`)}
    </ToneBadge>
  );
  const [only] = group.messages;
  if (group.messages.length === 1 && only !== undefined) {
    return (
      <li data-testid="editor-message" data-type={only.type} data-rule={only.rule}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {badge}
          <div>
            <Text size="sm" lang={only.lang}>
              {only.text}
            </Text>
            {only.loc === undefined ? (
              <Text size="xs" c="dimmed">
                {only.path === '' ? t('message.whole') : only.path}
              </Text>
            ) : (
              <Anchor component={Link} to={locationHref(where, only.loc)} size="xs">
                {isFieldSection(only.loc.section)
                  ? t('message.goToField', { step: t(`step.${only.loc.step}.short`), path: only.path })
                  : t('message.goTo', { step: t(`step.${only.loc.step}.short`), row: only.loc.row + 1, path: only.path })}
              </Anchor>
            )}
          </div>
        </Group>
      </li>
    );
  }
  const known = `group.rule.${group.rule}`;
  const title = i18n.exists(known, { ns: 'editor' }) ? t(known) : sharedText(group);
  const places = t('group.places', { count: group.messages.length });
  const counted = step !== undefined && step !== 'pruefen' && step !== 'uebermitteln';
  // Alone the rows stand in the nominative („13 Nutzer“), after „in“ in the dative („in 13 Nutzern“): context `in`.
  const extent = !counted
    ? places
    : group.rows === group.messages.length
      ? t(`group.rows.${step}`, { count: group.rows })
      : t('group.extent', { places, rows: t(`group.rows.${step}`, { count: group.rows, context: 'in' }) });
  return (
    <li data-testid="message-group" data-type={group.type} data-rule={group.rule}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {badge}
        <Stack gap={4} style={{ flexGrow: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" data-testid="message-group-title">
              <strong>{title}</strong> – {extent}
            </Text>
            <Button
              size="compact-xs"
              variant="default"
              aria-expanded={open}
              aria-controls={open ? listId : undefined}
              onClick={() => {
                setOpen((o) => !o);
              }}
            >
              {open ? t('group.hide') : t('group.show', { count: group.messages.length })}
            </Button>
          </Group>
          {open && <PlaceList where={where} messages={group.messages} id={listId} label={t('group.placesOf', { title })} />}
        </Stack>
      </Group>
    </li>
  );
}
