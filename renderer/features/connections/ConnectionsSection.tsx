import { useRef, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Connection } from '@shared/domain/connection';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { SettingsSection } from '@renderer/features/settings/components/SettingsSection';
import { ConnectionCard } from '@renderer/features/connections/components/ConnectionCard';
import { RemoveConnectionModal } from '@renderer/features/connections/components/RemoveConnectionModal';
import { useConnectionList } from '@renderer/features/connections/queries';
import { connectionPath, NEW_CONNECTION } from '@renderer/features/connections/paths';
import '@renderer/features/connections/connections.css';

/** The connections part of Einstellungen: each connection with its health, and the way to add one. */
export function ConnectionsSection() {
  const { t } = useTranslation('connections');
  const list = useConnectionList();
  const [removing, setRemoving] = useState<Connection | null>(null);
  // Where the focus goes when the dialog has closed: back to the button that opened it, or, once that button is
  // gone with its connection, to the section title.
  const returnTo = useRef<HTMLElement | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  return (
    <SettingsSection
      id="settings-connections"
      title={t('section.title')}
      description={t('section.description')}
      titleRef={titleRef}
      actions={
        <Button component={Link} to={connectionPath(NEW_CONNECTION)} size="sm">
          {t('section.new')}
        </Button>
      }
    >
      {list.isPending && <Text c="dimmed">{t('section.loading')}</Text>}
      {list.error && <ErrorNotice title={t('section.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && (
        <Text c="dimmed" ta="center" py="lg" className="connection-empty">
          {t('section.empty')}
        </Text>
      )}
      {list.data && list.data.length > 0 && (
        <Stack component="ul" gap="sm" className="connection-list" aria-label={t('section.listLabel')}>
          {list.data.map((c) => (
            <ConnectionCard
              key={c.id}
              connection={c}
              onRemove={(trigger) => {
                returnTo.current = trigger;
                setRemoving(c);
              }}
            />
          ))}
        </Stack>
      )}
      <RemoveConnectionModal
        connection={removing}
        onClose={() => {
          setRemoving(null);
        }}
        onRemoved={() => {
          returnTo.current = titleRef.current;
          setRemoving(null);
        }}
        onGone={() => {
          (returnTo.current?.isConnected ? returnTo.current : titleRef.current)?.focus();
        }}
      />
    </SettingsSection>
  );
}
