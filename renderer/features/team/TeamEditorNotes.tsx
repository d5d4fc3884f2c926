import { useEffect, useRef } from 'react';
import { Alert, Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@renderer/lib/format';
import type { EditorModel } from '@renderer/features/editor/useEditor';
import type { PeriodRef } from '@renderer/features/editor/locations';
import { usePresence, useTeamStatus } from '@renderer/features/team/queries';

const RETRY_MS = 2000;

/**
 * What the editor shows of the other desks: a newer stand another clerk saved (loaded on request, nothing typed here
 * is dropped), and who else has the period open. When the database comes back, what could not be saved meanwhile is
 * saved now — with the revision check, so a stand saved elsewhere in between leads to the conflict dialog.
 */
export function TeamEditorNotes({ model, where }: { model: EditorModel; where: PeriodRef }) {
  const { t } = useTranslation('team');
  const format = useFormat();
  const status = useTeamStatus().data;
  const team = status?.mode === 'team';
  const presence = usePresence(where, team && status.online);
  const online = status?.online ?? true;
  const wasOnline = useRef(online);
  const { status: saveStatus, flush } = model.autosave;
  useEffect(() => {
    if (online && !wasOnline.current && saveStatus === 'error') void flush();
    wasOnline.current = online;
  }, [online, saveStatus, flush]);
  // Kept locally: saved as soon as the database answers, and tried again while the desk's workspaces are still
  // reopening on it (a save in that moment may fail once more as offline).
  useEffect(() => {
    if (!online || saveStatus !== 'offline') return;
    void flush();
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => {
      clearInterval(timer);
    };
  }, [online, saveStatus, flush]);

  if (!team) return null;
  const saved = model.draft.data;
  const mine = model.autosave.revision.current;
  const newer =
    saved && mine !== undefined && saved.revision > mine && saved.updatedBy !== undefined && saved.updatedBy !== status.clerk;
  const others = presence.data ?? [];
  return (
    <>
      {newer && saveStatus !== 'conflict' && (
        <Alert color="blue" title={t('newer.title')} data-testid="team-newer" role="status">
          {t('newer.text', { clerk: saved.updatedBy, at: format.dateTime(saved.updatedAt) })}
          <Button size="compact-sm" mt="xs" display="block" onClick={() => void model.reloadNewer()}>
            {t('newer.load')}
          </Button>
        </Alert>
      )}
      {others.length > 0 && (
        <div data-testid="team-presence">
          <Text size="sm" fw={600} id="team-presence-title">
            {t('presence.title')}
          </Text>
          <Table withTableBorder maw={640} aria-labelledby="team-presence-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('presence.clerk')}</Table.Th>
                <Table.Th>{t('presence.period')}</Table.Th>
                <Table.Th>{t('presence.heartbeat')}</Table.Th>
                <Table.Th>{t('presence.expires')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {others.map((o) => (
                <Table.Tr key={`${o.clerk}-${o.heartbeatAt}`}>
                  <Table.Td>{o.clerk}</Table.Td>
                  <Table.Td>{format.date(where.periodTo)}</Table.Td>
                  <Table.Td>{format.dateTime(o.heartbeatAt)}</Table.Td>
                  <Table.Td>{format.dateTime(o.expiresAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </>
  );
}
