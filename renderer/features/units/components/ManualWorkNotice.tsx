import { Alert, Button, Group, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ManualWorkUnit } from '@shared/msc/billing-unit-data';
import { useFormat } from '@renderer/lib/format';

type Props = {
  /** The units the MSC reported as manual work (absent when the MSC says nothing about it). */
  manual: readonly ManualWorkUnit[] | undefined;
  /** This computer sent the units and can add auxiliary criteria to them. */
  followed: boolean;
  demo: boolean;
  onAddCriteria: (pmNumbers: string[]) => void;
};

/** "In Bearbeitung" in plain words: who works on what since when, and what the clerk can do meanwhile. */
export function ManualWorkNotice({ manual, followed, demo, onAddCriteria }: Props) {
  const { t } = useTranslation('matching');
  const format = useFormat();
  const units = manual ?? [];
  const since = units.map((u) => u.since).sort()[0];
  const pms = units.map((u) => u.residentialunitPmnumber);
  return (
    <Alert color="blue" title={t('manual.title')} data-testid="manual-work">
      <Text size="sm">
        {units.length === 0
          ? t('manual.unknown')
          : t('manual.units', { count: units.length, since: since === undefined ? '' : format.dateTime(since) })}
      </Text>
      {units.length > 0 && (
        <Text size="sm" fw={600} mt={4} data-testid="manual-work-units">
          {pms.join(', ')}
        </Text>
      )}
      <Text size="sm" mt="xs">
        {t('manual.whatToDo')}
      </Text>
      <List size="sm">
        <List.Item>{t('manual.wait')}</List.Item>
        {followed && <List.Item>{t('manual.criteria')}</List.Item>}
        <List.Item>{t('manual.call')}</List.Item>
      </List>
      <Group gap="xs" mt="sm">
        {followed && pms.length > 0 && (
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              onAddCriteria(pms);
            }}
          >
            {t('manual.addCriteria')}
          </Button>
        )}
        {demo && (
          <Button size="xs" variant="default" component={Link} to="/demo-messdienst">
            {t('manual.toDemo')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
