import { useState } from 'react';
import { Button, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WrittenFile } from '@shared/arge/written-file';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { api } from '@renderer/lib/api';
import { saveFile } from '@renderer/lib/files';
import { useFormat } from '@renderer/lib/format';
import '@renderer/features/agreements/agreements.css';

type Props = { connectionId: string; transactionid: string; files: readonly WrittenFile[] };

/**
 * The ARGE files a file-exchange connection wrote for this entry (docs/arge.md): name, size and SHA-256, each to be
 * saved again. The main process offers a file only while it is still what was written (its checksum).
 */
export function WrittenFiles({ connectionId, transactionid, files }: Props) {
  const { t } = useTranslation('agreement');
  const format = useFormat();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const save = async (name: string) => {
    setBusy(name);
    setError(null);
    try {
      await saveFile(await api['arge:written-file']({ connectionId, transactionid, name }));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="written-files-title" data-testid="written-files">
      <Title order={2} size="h4" id="written-files-title">
        {t('files.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="xs">
        {t('files.intro')}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('files.name')}</Table.Th>
              <Table.Th ta="right">{t('files.size')}</Table.Th>
              <Table.Th>{t('files.sha256')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('files.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((f) => (
              <Table.Tr key={f.name} data-testid="written-file">
                <Table.Td ff="monospace">{f.name}</Table.Td>
                <Table.Td ta="right">{t('files.bytes', { size: format.integer(f.size) })}</Table.Td>
                <Table.Td ff="monospace" fz="xs" className="written-file-sum">
                  {f.sha256}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    loading={busy === f.name}
                    aria-label={t('files.saveNamed', { name: f.name })}
                    onClick={() => {
                      void save(f.name);
                    }}
                  >
                    {t('files.save')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {error !== null && <ErrorNotice title={t('files.saveFailed')} error={error} />}
    </Paper>
  );
}
