import { Stepper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFileExchange, withFileWords } from '@renderer/features/agreements/file-words';
import { EDITOR_STEPS } from '@shared/domain/draft-location';
import type { EditorStep } from '@shared/domain/draft-location';
import type { PrecheckMessage } from '@shared/domain/precheck/index';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { countByStep, editorPath } from '@renderer/features/editor/locations';
import type { Located, PeriodRef } from '@renderer/features/editor/locations';

type Props = { where: PeriodRef; step: EditorStep; located: readonly Located<PrecheckMessage>[] };

/** The seven steps; the clerk may jump to any of them, each with the number of pre-check messages it holds. */
export function EditorStepper({ where, step, located }: Props) {
  const { t: plain } = useTranslation('editor');
  const t = withFileWords(plain, useFileExchange());
  const navigate = useNavigate();
  const counts = countByStep(located);
  const errors = countByStep(located.filter((l) => l.message.severity === 'ERROR'));
  return (
    <nav aria-label={t('stepper.label')}>
      <Stepper
        active={EDITOR_STEPS.indexOf(step)}
        onStepClick={(i) => {
          const target = EDITOR_STEPS[i];
          if (target !== undefined) void navigate(editorPath(where, target));
        }}
        allowNextStepsSelect
        size="xs"
        className="editor-stepper"
      >
        {EDITOR_STEPS.map((s, i) => {
          const count = counts[s] ?? 0;
          return (
            <Stepper.Step
              key={s}
              // Steps before the current one are not "done": the clerk moves freely, so no check mark, the number.
              completedIcon={i + 1}
              label={t(`step.${s}.short`)}
              aria-current={s === step ? 'step' : undefined}
              data-testid={`step-${s}`}
              description={
                count > 0 ? (
                  <ToneBadge color={(errors[s] ?? 0) > 0 ? 'red' : 'yellow'} size="xs" data-testid="step-count">
                    {t('stepper.messages', { count })}
                  </ToneBadge>
                ) : (
                  // Space kept for a badge, so the stepper does not grow (and move the grid) when one appears.
                  <span className="editor-step-placeholder" aria-hidden="true" />
                )
              }
            />
          );
        })}
      </Stepper>
    </nav>
  );
}
