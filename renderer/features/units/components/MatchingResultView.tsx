import { Badge, Button, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MatchingResult } from '@shared/ipc/contract';
import type { UnmatchedUnit } from '@shared/msc/billing-unit-data';
import { useFormat } from '@renderer/lib/format';
import { VirtualTable } from '@renderer/components/VirtualTable';
import { WithdrawnList } from '@renderer/features/units/components/WithdrawnList';

type Props = { result: MatchingResult; onAddCriteria: (pmNumbers: string[]) => void };

type Matched = NonNullable<MatchingResult['matched']>[number];
type Additional = NonNullable<MatchingResult['additional']>[number];

/** The finished matching: what the MSC matched, could not find, could not decide, and has in addition. */
export function MatchingResultView({ result, onAddCriteria }: Props) {
  const { t } = useTranslation('units');
  const format = useFormat();
  const matched = result.matched ?? [];
  const withdrawn = result.withdrawn ?? [];
  const unmatched = result.unmatched ?? [];
  const additional = result.additional ?? [];
  const ambiguous = unmatched.filter((u) => u.reason === 'AMBIGUOUS');
  const notFound = unmatched.filter((u) => u.reason === 'NOT_FOUND');
  const count = (key: string, n: number, color: string) => (
    <Badge variant="light" color={n > 0 ? color : 'gray'} tt="none" size="lg">
      {t(key, { count: n, n: format.integer(n) })}
    </Badge>
  );

  return (
    <Stack gap="md" data-testid="matching-result">
      <Group gap="xs" data-testid="matching-summary">
        {count('result.matchedCount', matched.length, 'green')}
        {count('result.notFoundCount', notFound.length, 'yellow')}
        {count('result.ambiguousCount', ambiguous.length, 'orange')}
        {count('result.additionalCount', additional.length, 'blue')}
        {withdrawn.length > 0 && (
          <Badge variant="light" color="gray" tt="none" size="lg">
            {t('matching:withdrawn.count', { count: withdrawn.length, n: format.integer(withdrawn.length) })}
          </Badge>
        )}
      </Group>

      {ambiguous.length > 0 && (
        <Paper withBorder p="sm" bg="orange.0" component="section" aria-labelledby="ambiguous-title">
          <Title order={3} size="h5" id="ambiguous-title" mb={4}>
            {t('result.ambiguousTitle')}
          </Title>
          <Text size="sm" mb="xs">
            {t('result.ambiguousHelp')}
          </Text>
          <CandidatesTable units={ambiguous} />
          <Button
            mt="sm"
            onClick={() => {
              onAddCriteria(ambiguous.map((u) => u.residentialunitPmnumber));
            }}
          >
            {t('result.addCriteria')}
          </Button>
        </Paper>
      )}

      {notFound.length > 0 && (
        <section aria-labelledby="notfound-title">
          <Title order={3} size="h5" id="notfound-title">
            {t('result.notFoundTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb={4}>
            {t('result.notFoundHelp')} {result.unmatchedDerived && t('result.derived')}
          </Text>
          <List size="sm" aria-label={t('result.notFoundTitle')}>
            {notFound.map((u) => (
              <List.Item key={u.residentialunitPmnumber}>{u.residentialunitPmnumber}</List.Item>
            ))}
          </List>
        </section>
      )}

      <section aria-labelledby="matched-title">
        <Title order={3} size="h5" id="matched-title" mb={4}>
          {t('result.matchedTitle')}
        </Title>
        {matched.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('result.noneMatched')}
          </Text>
        ) : (
          <VirtualTable<Matched>
            rows={matched}
            label={t('result.matchedLabel')}
            maxHeight={360}
            rowKey={(m) => m.residentialunitPmnumber}
            columns={[
              { key: 'pm', header: t('result.colPm'), cell: (m) => m.residentialunitPmnumber },
              { key: 'msc', header: t('result.colMsc'), cell: (m) => m.residentialunitMscnumber },
              { key: 'position', header: t('matching:colMscPosition'), cell: (m) => m.positiontext ?? '' },
            ]}
          />
        )}
      </section>

      {withdrawn.length > 0 && <WithdrawnList units={withdrawn} />}

      {additional.length > 0 && (
        <section aria-labelledby="additional-title">
          <Title order={3} size="h5" id="additional-title">
            {t('result.additionalTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb={4}>
            {t('result.additionalHelp')}
          </Text>
          <VirtualTable<Additional>
            rows={additional}
            label={t('result.additionalLabel')}
            maxHeight={240}
            rowKey={(a) => a.residentialunitMscnumber}
            columns={[
              { key: 'msc', header: t('result.colMsc'), cell: (a) => a.residentialunitMscnumber },
              { key: 'position', header: t('result.colPosition'), cell: (a) => a.positiontext },
            ]}
          />
        </section>
      )}
    </Stack>
  );
}

function CandidatesTable({ units }: { units: readonly UnmatchedUnit[] }) {
  const { t } = useTranslation('units');
  return (
    <Table aria-label={t('result.ambiguousLabel')} bg="white">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('result.colPm')}</Table.Th>
          <Table.Th scope="col">{t('result.colCandidates')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {units.map((u) => (
          <Table.Tr key={u.residentialunitPmnumber} data-row="">
            <Table.Td>{u.residentialunitPmnumber}</Table.Td>
            <Table.Td>
              {(u.candidates ?? []).map((c) => `${c.residentialunitMscnumber} (${c.positiontext})`).join(', ') ||
                t('result.noCandidates')}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
