import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Connection } from '@shared/domain/connection';
import { ApiError } from '@renderer/lib/api';
import { useErrorText } from '@renderer/lib/useErrorText';
import { useFormat } from '@renderer/lib/format';
import { useCodeLabel } from '@renderer/lib/codes';
import { healthStatus, TONE_COLOR } from '@renderer/features/connections/health-text';
import type { HealthView } from '@renderer/features/connections/health-text';
import { useConnectionHealth } from '@renderer/features/connections/queries';
import { connectionPath } from '@renderer/features/connections/paths';
import { SecretLostNotice } from '@renderer/features/connections/components/SecretLostNotice';
import { CertificateMissingNotice } from '@renderer/features/connections/components/CertificateMissingNotice';

type Props = { connection: Connection; onRemove: (trigger: HTMLElement) => void };

/** One connection: where it goes, whether it answers right now, and what the clerk can do with it. */
export function ConnectionCard({ connection, onRemove }: Props) {
  const { t } = useTranslation('connections');
  const codeLabel = useCodeLabel();
  const health = useConnectionHealth(connection.id);
  const titleId = `connection-${connection.id}`;
  const msc = codeLabel('mscCompany', connection.mscCode);
  const target = connection.target;
  const where =
    target.kind === 'embedded-demo'
      ? t('card.demoWhere')
      : target.kind === 'file-exchange'
        ? t('card.filesWhere', { msc, customer: target.customerNumber })
        : `${msc} · ${target.url}`;

  return (
    <Paper component="li" withBorder p="sm" data-testid="connection-card" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
        <Stack gap={2} miw={0}>
          <Title order={3} size="h5" id={titleId}>
            {connection.name}
          </Title>
          <Text size="sm" c="dimmed" className="connection-where">
            {where}
          </Text>
        </Stack>
        <HealthStatus
          view={health.view}
          files={target.kind === 'file-exchange'}
          explained={[
            ...(connection.secretLost ? ['connection.noSecret'] : []),
            ...(connection.certificateMissing ? ['connection.certificateMissing'] : []),
          ]}
        />
      </Group>
      {connection.secretLost && <SecretLostNotice reason={connection.secretLost} where="card" />}
      {connection.certificateMissing && <CertificateMissingNotice where="card" />}
      <Group gap="xs" mt="sm" role="group" aria-label={t('card.actions', { name: connection.name })}>
        <Button size="xs" variant="default" onClick={health.check} disabled={health.view.state === 'checking'}>
          {t('card.check')}
        </Button>
        <Button size="xs" variant="default" component={Link} to={connectionPath(connection.id)}>
          {t('card.edit')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          c="red.9"
          onClick={(e) => {
            onRemove(e.currentTarget);
          }}
        >
          {t('card.remove')}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * `explained`: the errors the card's notices already explain (the password or certificate missing here), so the
 * status does not say them again.
 */
function HealthStatus({ view, files, explained }: { view: HealthView; files: boolean; explained: readonly string[] }) {
  const { t } = useTranslation('connections');
  const format = useFormat();
  const errorText = useErrorText();
  const { tone, labelKey } = healthStatus(view);
  let detail: string | undefined;
  let technical: string | undefined;
  if (view.state === 'ok') {
    detail = t('health.checkedAt', { at: format.dateTime(view.checkedAt) });
    // A file exchange has no answer time or interface version to tell.
    technical = files
      ? undefined
      : [
          t('health.latency', { ms: format.integer(Math.round(view.latencyMs)) }),
          ...(view.apiVersion ? [t('health.apiVersion', { version: view.apiVersion })] : []),
        ].join(' · ');
  } else if (view.state === 'error') {
    detail = explained.includes(view.error.key ?? '') ? undefined : errorText(new ApiError(view.error));
    technical = t('health.checkedAt', { at: format.dateTime(view.checkedAt) });
  }
  return (
    <Stack gap={2} align="flex-end" maw="45%" data-testid="connection-status" data-state={view.state} role="status">
      <Badge color={TONE_COLOR[tone]} variant="filled" tt="none" size="md">
        {t(labelKey, { context: files ? 'files' : undefined })}
      </Badge>
      {detail !== undefined && (
        <Text size="xs" ta="right" c={view.state === 'error' ? 'red.8' : 'dimmed'} title={technical}>
          {detail}
        </Text>
      )}
    </Stack>
  );
}
