import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@renderer/lib/useErrorText';

/** `error`: what was caught (translated here); `message`: a text already in the clerk's language. */
type Props = { title: string; error?: unknown; message?: string; onRetry?: () => void };

/** A failure as the clerk reads it: what did not work, why, and a way to try again. */
export function ErrorNotice({ title, error, message, onRetry }: Props) {
  const { t } = useTranslation();
  const text = useErrorText();
  return (
    <Alert color="red" title={title} role="alert" my="sm">
      {message ?? text(error)}
      {onRetry && (
        <Button display="block" mt="xs" size="xs" variant="light" color="red" onClick={onRetry}>
          {t('action.retry')}
        </Button>
      )}
    </Alert>
  );
}
