import { useState } from 'react';
import { Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DemoState } from '@shared/ipc/channels/demo';
import type { ManualWorkItem } from '@shared/msc/operator';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useFormat } from '@renderer/lib/format';
import { useResolveManual } from '@renderer/features/demo-msc/queries';

type Props = { connectionId: string; state: DemoState };

/** Units waiting for a person at the MSC: assign each to an MSC unit, or reject it (then it counts as not found). */
export function ManualWorkSection({ connectionId, state }: Props) {
  const { t } = useTranslation('demo');
  const resolve = useResolveManual();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="demo-manual-title">
      <Title order={2} size="h4" id="demo-manual-title" mb={4}>
        {t('manual.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('manual.help')}
      </Text>
      {resolve.error && <ErrorNotice title={t('manual.failed')} error={resolve.error} />}
      {state.manual.length === 0 ? (
        <Text size="sm" data-testid="demo-manual-empty">
          {t('manual.empty')}
        </Text>
      ) : (
        <Table aria-label={t('manual.title')} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('manual.col.unit')}</Table.Th>
              <Table.Th scope="col">{t('manual.col.pm')}</Table.Th>
              <Table.Th scope="col">{t('manual.col.sent')}</Table.Th>
              <Table.Th scope="col">{t('manual.col.since')}</Table.Th>
              <Table.Th scope="col">{t('manual.col.decision')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.manual.map((item) => (
              <ManualRow
                key={`${item.billingunitMscnumber}/${item.residentialunitPmnumber}`}
                item={item}
                state={state}
                busy={resolve.isPending}
                onResolve={(mscnumber) => {
                  resolve.mutate({
                    connectionId,
                    billingunit: item.billingunitMscnumber,
                    pmnumber: item.residentialunitPmnumber,
                    ...(mscnumber === undefined ? {} : { mscnumber }),
                  });
                }}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

type RowProps = {
  item: ManualWorkItem;
  state: DemoState;
  busy: boolean;
  onResolve: (mscnumber: string | undefined) => void;
};

function ManualRow({ item, state, busy, onResolve }: RowProps) {
  const { t } = useTranslation('demo');
  const format = useFormat();
  const units = state.billingunits.find((b) => b.billingunitMscnumber === item.billingunitMscnumber)?.units ?? [];
  // The candidates the matching found come first; any other unit of the property may be chosen as well.
  const candidates = new Set(item.candidates.map((c) => c.residentialunitMscnumber));
  const options = [
    ...item.candidates.map((c) => ({
      value: c.residentialunitMscnumber,
      label: `${c.residentialunitMscnumber} · ${c.positiontext}`,
    })),
    ...units
      .filter((u) => !candidates.has(u.residentialunitMscnumber))
      .map((u) => ({ value: u.residentialunitMscnumber, label: `${u.residentialunitMscnumber} · ${u.positiontext}` })),
  ];
  const [choice, setChoice] = useState(options[0]?.value ?? '');
  const pm = item.residentialunitPmnumber;
  return (
    <Table.Tr data-testid="demo-manual-row" data-pm={pm}>
      <Table.Td>{item.billingunitMscnumber}</Table.Td>
      <Table.Td>{pm}</Table.Td>
      <Table.Td>{item.description ?? item.auxiliarycriteria?.position ?? '–'}</Table.Td>
      <Table.Td>{item.since === undefined ? '–' : format.dateTime(item.since)}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <NativeSelect
            size="xs"
            aria-label={t('manual.choose', { pm })}
            data={options}
            value={choice}
            onChange={(e) => {
              setChoice(e.currentTarget.value);
            }}
          />
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              aria-label={t('manual.assignLabel', { pm })}
              disabled={busy || choice === ''}
              onClick={() => {
                onResolve(choice);
              }}
            >
              {t('manual.assign')}
            </Button>
            <Button
              size="xs"
              variant="default"
              aria-label={t('manual.rejectLabel', { pm })}
              disabled={busy}
              onClick={() => {
                onResolve(undefined);
              }}
            >
              {t('manual.reject')}
            </Button>
          </Group>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
