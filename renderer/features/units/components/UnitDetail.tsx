import { useCallback, useMemo } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { TenantsLink } from '@renderer/features/tenants/TenantsLink';
import { useTranslation } from 'react-i18next';
import type { BillingUnitSummary, SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import type { OutboxItem } from '@shared/domain/workspace';
import { unitCategory } from '@shared/domain/unit-category';
import { PageHeader } from '@renderer/components/PageHeader';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useLocalState } from '@renderer/features/units/queries';
import { useSetupWizard } from '@renderer/features/units/useSetupWizard';
import { useUnitMatching } from '@renderer/features/units/useUnitMatching';
import { addressLine } from '@renderer/features/units/unit-texts';
import { CategoryBadge } from '@renderer/features/units/components/CategoryBadge';
import { MatchingPanel } from '@renderer/features/units/components/MatchingPanel';
import { OutboxList } from '@renderer/features/units/components/OutboxList';
import { WizardPanel } from '@renderer/features/units/steps/WizardPanel';
import { useIsDemoConnection } from '@renderer/features/demo-msc/queries';

type Props = { connectionId: string; unit: BillingUnitSummary; back: string };

/** What was last sent for each order criterion of this unit (newest request wins). */
function lastSentUnits(outbox: readonly OutboxItem[], billingunit: string): Map<string, SetupResidentialUnit> {
  const units = new Map<string, SetupResidentialUnit>();
  for (const item of [...outbox].sort((a, b) => a.seq - b.seq)) {
    if (item.billingunit !== billingunit || item.state !== 'sent') continue;
    for (const u of item.request.residentialunits) units.set(u.residentialunitPmnumber, u);
  }
  return units;
}

export function UnitDetail({ connectionId, unit, back }: Props) {
  const { t } = useTranslation('units');
  const billingunit = unit.billingunitMscnumber;
  const local = useLocalState(connectionId);
  const setup = local.setups.find((s) => s.billingunit === billingunit);
  const mine = useMemo(() => local.outbox.filter((i) => i.billingunit === billingunit), [local.outbox, billingunit]);
  const wizard = useSetupWizard(connectionId, unit);
  const matching = useUnitMatching(connectionId, unit, setup, mine);
  const { startAuxiliary } = wizard;
  const demo = useIsDemoConnection(connectionId);

  const addCriteria = useCallback(
    (pmNumbers: string[]) => {
      const sent = lastSentUnits(mine, billingunit);
      startAuxiliary(pmNumbers.map((pm) => sent.get(pm) ?? { residentialunitPmnumber: pm }));
      const title = document.getElementById('wizard-title');
      title?.focus({ preventScroll: true });
      title?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
    [mine, billingunit, startAuxiliary],
  );

  const description = [
    addressLine(unit.address),
    unit.billingunitPmnumber === undefined ? undefined : t('unit.pmNumber', { number: unit.billingunitPmnumber }),
    t('unit.customer', { number: unit.customerMscnumber }),
  ]
    .filter((part) => part !== undefined)
    .join(' · ');

  return (
    <div data-testid="unit-detail">
      <PageHeader
        title={t('unit.title', { billingunit })}
        description={description}
        actions={
          <Group gap="sm">
            <CategoryBadge category={unitCategory(unit, setup, mine)} testId="unit-category" />
            <TenantsLink connectionId={connectionId} billingunit={billingunit} />
            <Button component={Link} to={back} variant="default">
              {t('unit.back')}
            </Button>
          </Group>
        }
      />
      {local.error && <ErrorNotice title={t('list.localFailed')} error={local.error} onRetry={local.retry} />}
      <Stack gap="md">
        <MatchingPanel
          connectionId={connectionId}
          billingunit={billingunit}
          matching={matching}
          setup={setup}
          items={mine}
          demo={demo}
          onAddCriteria={addCriteria}
        />
        <WizardPanel wizard={wizard} outbox={mine} matchingCompleted={matching.status === 'COMPLETED'} />
        <OutboxList connectionId={connectionId} items={mine} />
      </Stack>
    </div>
  );
}
