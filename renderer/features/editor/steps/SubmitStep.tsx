import { useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFileExchange, withFileWords } from '@renderer/features/agreements/file-words';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { editorPath } from '@renderer/features/editor/locations';
import { TotalsSummary } from '@renderer/features/editor/components/TotalsSummary';
import { useDraftCheck } from '@renderer/features/editor/useDraftCheck';
import { asFilled } from '@renderer/features/billing/draft-content';
import { useSubmitTemplate } from '@renderer/features/billing/mutations';
import { SubmitDialog } from '@renderer/features/billing/components/SubmitDialog';
import type { StepProps } from '@renderer/features/editor/steps/StepBody';

/**
 * Übermitteln: binding, so only from a checked revision without errors, every remaining warning accepted
 * explicitly (one by one or all at once), and then the same last question as on the period page. The main process
 * records the accepted warnings in the archive. A commissioned period only shows what was submitted.
 */
export function SubmitStep({ where, model, content, template }: StepProps) {
  const { t: plain } = useTranslation('editor');
  const t = withFileWords(plain, useFileExchange());
  const check = useDraftCheck(where, model, content);
  const submit = useSubmitTemplate();
  const filled = useMemo(() => asFilled(content, template), [content, template]);
  const [asking, setAsking] = useState(false);
  const once = useRef(false);
  const [accepted, setAccepted] = useState<ReadonlySet<number>>(new Set());
  const warnings = check.mscMessages.filter((m) => m.type === 'WARNING');
  const errors = check.mscMessages.filter((m) => m.type === 'ERROR');
  const allAccepted = warnings.every((_, i) => accepted.has(i));
  const blocked = check.current === null ? 'unchecked' : errors.length > 0 ? 'errors' : null;
  const done = submit.data;

  const send = async (ignoreWarnings: boolean) => {
    if (once.current || filled === null || blocked !== null || !allAccepted) return;
    once.current = true;
    try {
      await submit.mutateAsync({ ...where, filled, ignoreWarnings, draftRevision: check.current?.revision });
      setAsking(false);
    } catch {
      once.current = false;
    }
  };

  if (model.readOnly) {
    return (
      <Stack gap="md">
        <TotalsSummary content={content} />
        {done?.status === 'commissioned' && <Done id={done.transactionid} />}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <TotalsSummary content={content} />
      <Paper withBorder p="md" component="section" aria-label={t('submit.title')} data-testid="submit-step">
        <Title order={2} size="h4" mb="xs">
          {t('submit.title')}
        </Title>
        {blocked !== null && (
          <Alert color={blocked === 'errors' ? 'red' : 'yellow'} title={t(`submit.blocked.${blocked}`)} mb="sm">
            {/* The alert's own text colour: the link's blue misses AA contrast on its tinted background. */}
            <Anchor component={Link} to={editorPath(where, 'pruefen')} c="inherit" underline="always">
              {t('submit.toCheck')}
            </Anchor>
          </Alert>
        )}
        {blocked === null && warnings.length > 0 && (
          <Stack gap="xs" mb="sm" data-testid="warnings-to-accept">
            <Text size="sm">{t('submit.acceptIntro', { count: warnings.length })}</Text>
            <Checkbox
              label={t('submit.acceptAll')}
              checked={allAccepted}
              indeterminate={accepted.size > 0 && !allAccepted}
              onChange={(e) => {
                setAccepted(e.currentTarget.checked ? new Set(warnings.map((_, i) => i)) : new Set());
              }}
            />
            {warnings.map((w, i) => (
              <Checkbox
                key={`${w.path}-${String(i)}`}
                ml="lg"
                label={<span lang="de">{w.text}</span>}
                checked={accepted.has(i)}
                onChange={(e) => {
                  const next = new Set(accepted);
                  if (e.currentTarget.checked) next.add(i);
                  else next.delete(i);
                  setAccepted(next);
                }}
              />
            ))}
          </Stack>
        )}
        {submit.error !== null && !asking && <ErrorNotice title={t('submit.failed')} error={submit.error} />}
        {done?.status === 'commissioned' && <Done id={done.transactionid} />}
        {done?.status === 'already-commissioned' && <Alert color="blue" title={t('submit.already')} role="status" />}
        {done?.status === 'rejected' && (
          <Alert color="red" title={t('submit.rejected', { count: done.messages.length })} role="alert" />
        )}
        {done === undefined && (
          <Button
            color="red"
            disabled={blocked !== null || !allAccepted || check.unsaved}
            onClick={() => {
              submit.reset();
              setAsking(true);
            }}
          >
            {t('submit.button')}
          </Button>
        )}
      </Paper>
      <SubmitDialog
        opened={asking}
        billingunit={where.billingunit}
        template={template}
        filled={filled}
        warningsOnly={warnings.length > 0}
        submitting={submit.isPending}
        error={submit.error}
        onConfirm={(ignoreWarnings) => void send(ignoreWarnings)}
        onCancel={() => {
          setAsking(false);
        }}
      />
    </Stack>
  );
}

function Done({ id }: { id: string }) {
  const { t: plain } = useTranslation('editor');
  const t = withFileWords(plain, useFileExchange());
  return (
    <Alert color="green" title={t('submit.done')} role="status" data-testid="submit-done">
      {t('submit.transaction', { id })}
    </Alert>
  );
}
