import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EditorStep } from '@shared/domain/draft-location';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { MESSAGE_COLOR } from '@renderer/lib/check-messages';
import { locationHref } from '@renderer/features/editor/locations';
import type { PeriodRef } from '@renderer/features/editor/locations';
import { isFieldSection } from '@renderer/features/editor/sections';
import { useLocalMessages } from '@renderer/features/editor/useLocalMessages';
import type { EditorModel } from '@renderer/features/editor/useEditor';

type Props = { where: PeriodRef; step: EditorStep; model: EditorModel };

/**
 * The pre-check's messages of this step, in words beside its grids while the clerk edits (not only on Prüfen and
 * not only on hover); each leads to its cell or field, which the grid then selects.
 */
export function StepMessages({ where, step, model }: Props) {
  const { t } = useTranslation('editor');
  const messages = useLocalMessages(model).filter((m) => m.loc?.step === step);
  const label = t('stepMessages.title', { count: messages.length });
  return (
    <Paper withBorder px="sm" py={6} component="section" aria-label={label} data-testid="step-messages">
      <Text size="sm" fw={600} mb={messages.length > 0 ? 4 : 0}>
        {messages.length === 0 ? t('stepMessages.none') : label}
      </Text>
      {messages.length > 0 && (
        <ul className="editor-step-messages">
          {messages.map((m, i) => (
            <li key={`${m.path}|${m.rule}|${String(i)}`} data-testid="step-message" data-type={m.type}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <ToneBadge color={MESSAGE_COLOR[m.type]} miw={72} size="xs" style={{ flexShrink: 0 }}>
                  {t(`message.${m.type}`)}
                </ToneBadge>
                {m.loc === undefined ? (
                  <Text size="sm">{m.text}</Text>
                ) : (
                  <Anchor component={Link} to={locationHref(where, m.loc)} size="sm">
                    {isFieldSection(m.loc.section) ? m.text : t('stepMessages.row', { row: m.loc.row + 1, text: m.text })}
                  </Anchor>
                )}
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Paper>
  );
}
