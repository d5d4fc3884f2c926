import { useEffect, useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OsrUnitView } from '@shared/ipc/channels/osr';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { ChangeForm } from '@renderer/features/tenants/ChangeForm';
import type { ChangeKind } from '@renderer/features/tenants/ChangeForm';
import { ContractsTable } from '@renderer/features/tenants/ContractsTable';
import { OsrStatusBadge } from '@renderer/features/tenants/OsrStatusBadge';
import { RolesTimeline } from '@renderer/features/tenants/RolesTimeline';
import { StatusLines } from '@renderer/features/tenants/StatusLines';
import { baseRoles } from '@renderer/features/tenants/roles-change';
import { useOsrDeliver, useOsrDiscard, useOsrSave } from '@renderer/features/tenants/queries';

type Props = { connectionId: string; billingunit: string; view: OsrUnitView; today: string };

const KINDS: readonly ChangeKind[] = ['tenant', 'vacancy', 'owner'];

/** One usage unit: its contracts over time, the change on record here, and recording or delivering a change. */
export function UnitRolesPanel({ connectionId, billingunit, view, today }: Props) {
  const { t } = useTranslation('tenants');
  const [open, setOpen] = useState<ChangeKind | null>(null);
  const save = useOsrSave();
  const deliver = useOsrDeliver();
  const discard = useOsrDiscard();
  const deliverRef = useRef<HTMLButtonElement>(null);
  const openers = useRef<Partial<Record<ChangeKind, HTMLButtonElement | null>>>({});
  const unit = view.residentialunitMscnumber;
  const key = { connectionId, billingunit, residentialunit: unit };
  const record = view.record;
  const base = baseRoles(view) ?? { partners: [], billingcontracts: [], consumptioninformationcontracts: [] };
  const shown = view.current;
  const rejected = record?.delivery?.state === 'rejected' && !record.pending ? record.delivery : undefined;
  const messages = rejected?.messages ?? (view.status === 'delivered' ? (record?.delivered?.messages ?? []) : []);
  const canDeliver = view.status === 'pending' || view.status === 'failed';
  // After a save the focus goes to "Übermitteln" as soon as the refreshed state enables it.
  const focusDeliver = useRef(false);
  useEffect(() => {
    if (!focusDeliver.current || !canDeliver) return;
    focusDeliver.current = false;
    deliverRef.current?.focus();
  });

  const onSave = (roles: OnSiteRoles) => {
    save.mutate(
      { ...key, ...(view.residentialunitPmnumber ? { residentialunitPmnumber: view.residentialunitPmnumber } : {}), roles },
      {
        onSuccess: () => {
          // The form goes away: keep the focus in the panel, and hand it to "Übermitteln" once that is enabled.
          openers.current[open ?? 'tenant']?.focus();
          setOpen(null);
          focusDeliver.current = true;
        },
      },
    );
  };
  const onCancel = () => {
    const kind = open;
    setOpen(null);
    if (kind) requestAnimationFrame(() => openers.current[kind]?.focus());
  };

  return (
    <Paper withBorder p="md" data-testid="osr-unit-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {t('unit.title', { unit })}
            </Title>
            {view.residentialunitPmnumber && (
              <Text size="sm" c="dimmed">
                {t('unit.pm', { number: view.residentialunitPmnumber })}
                {view.positiontext ? ` · ${view.positiontext}` : ''}
              </Text>
            )}
          </Stack>
          <OsrStatusBadge status={view.status} testId="osr-unit-status" />
        </Group>
        <StatusLines view={view} />
        <Group gap="xs">
          {KINDS.map((kind) => (
            <Button
              key={kind}
              variant={open === kind ? 'filled' : 'light'}
              ref={(el) => {
                openers.current[kind] = el;
              }}
              onClick={() => {
                setOpen(open === kind ? null : kind);
              }}
              aria-expanded={open === kind}
            >
              {t(`action.${kind}`)}
            </Button>
          ))}
          <Button
            ref={deliverRef}
            color="green"
            disabled={!canDeliver}
            loading={deliver.isPending}
            onClick={() => {
              deliver.mutate(key);
            }}
          >
            {t('action.deliver')}
          </Button>
          {record?.pending && (
            <Button
              variant="subtle"
              color="red"
              loading={discard.isPending}
              onClick={() => {
                discard.mutate(key);
              }}
            >
              {t('action.discard')}
            </Button>
          )}
        </Group>
        {save.error && <ErrorNotice title={t('error.save')} error={save.error} />}
        {deliver.error && <ErrorNotice title={t('error.deliver')} error={deliver.error} />}
        {discard.error && <ErrorNotice title={t('error.discard')} error={discard.error} />}
        {open && <ChangeForm key={open} kind={open} base={base} onSave={onSave} onCancel={onCancel} saving={save.isPending} />}
        {shown && shown.billingcontracts.length > 0 ? (
          <>
            <RolesTimeline roles={shown} today={today} />
            <ContractsTable roles={shown} messages={messages} caption={t(`contracts.caption.${view.status}`)} />
          </>
        ) : (
          <Text c="dimmed" data-testid="osr-no-contracts">
            {t('unit.noContracts')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
