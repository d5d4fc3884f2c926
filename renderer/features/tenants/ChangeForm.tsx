import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import { applyOwnerChange, applyTenantChange, applyVacancy, knownOwner } from '@renderer/features/tenants/roles-change';
import {
  DateField,
  EMPTY_PARTNER,
  PartnerFields,
  partnerText,
  readDate,
  readPartner,
} from '@renderer/features/tenants/form-fields';
import type { Errors, PartnerText } from '@renderer/features/tenants/form-fields';

export type ChangeKind = 'tenant' | 'vacancy' | 'owner';

type Props = { kind: ChangeKind; base: OnSiteRoles; onSave: (roles: OnSiteRoles) => void; onCancel: () => void; saving: boolean };

type State = { first: string; second: string; vacancyBetween: boolean; tenant: PartnerText; owner: PartnerText };

/** Builds the unit's complete new data set from what the change form says; errors are i18n keys by field. */
function build(kind: ChangeKind, base: OnSiteRoles, s: State): { roles?: OnSiteRoles; errors: Errors } {
  const errors: Errors = {};
  if (kind === 'tenant') {
    const moveOut = readDate(s.first, 'first', errors);
    const moveIn = readDate(s.second, 'second', errors);
    if (moveOut !== undefined && moveIn !== undefined && moveIn <= moveOut) errors.second = 'form.moveInAfterOut';
    const tenant = readPartner(s.tenant, 'tenant', errors);
    const owner = s.vacancyBetween ? readPartner(s.owner, 'owner', errors) : undefined;
    if (Object.keys(errors).length > 0 || moveOut === undefined || moveIn === undefined) return { errors };
    return {
      roles: applyTenantChange(base, { moveOut, moveIn, tenant, vacancyBetween: s.vacancyBetween, ...(owner ? { owner } : {}) }),
      errors,
    };
  }
  const from = readDate(s.first, 'first', errors);
  const owner = readPartner(s.owner, 'owner', errors);
  if (kind === 'owner') {
    if (Object.keys(errors).length > 0 || from === undefined) return { errors };
    return { roles: applyOwnerChange(base, { from, owner }), errors };
  }
  const to = readDate(s.second, 'second', errors, true);
  if (from !== undefined && to !== undefined && to < from) errors.second = 'form.toAfterFrom';
  if (Object.keys(errors).length > 0 || from === undefined) return { errors };
  return { roles: applyVacancy(base, { from, ...(to === undefined ? {} : { to }), owner }), errors };
}

/** Tenant change, vacancy or owner change of one usage unit, saved as a pending change (delivered separately). */
export function ChangeForm({ kind, base, onSave, onCancel, saving }: Props) {
  const { t } = useTranslation('tenants');
  const [state, setState] = useState<State>(() => ({
    first: '',
    second: '',
    vacancyBetween: true,
    tenant: EMPTY_PARTNER,
    owner: partnerText(knownOwner(base)),
  }));
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<State>) => {
    setState((s) => ({ ...s, ...patch }));
  };

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const out = build(kind, base, state);
    setErrors(out.errors);
    if (out.roles) onSave(out.roles);
  };
  const showOwner = kind !== 'tenant' || state.vacancyBetween;

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="osr-form-title" data-testid="osr-change-form">
      <Stack gap="sm">
        <Title order={3} size="h5" id="osr-form-title">
          {t(`form.${kind}.title`)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`form.${kind}.hint`)}
        </Text>
        <Group align="flex-start" gap="sm">
          <DateField
            label={t(`form.${kind}.first`)}
            value={state.first}
            onChange={(first) => {
              set({ first });
            }}
            error={errors.first}
            autoFocus
          />
          {kind !== 'owner' && (
            <DateField
              label={t(`form.${kind}.second`)}
              value={state.second}
              onChange={(second) => {
                set({ second });
              }}
              error={errors.second}
            />
          )}
        </Group>
        {kind === 'tenant' && (
          <>
            <PartnerFields
              kind="tenant"
              value={state.tenant}
              onChange={(tenant) => {
                set({ tenant });
              }}
              errors={errors}
            />
            <Checkbox
              label={t('form.vacancyBetween')}
              description={t('form.vacancyBetweenHint')}
              checked={state.vacancyBetween}
              onChange={(e) => {
                set({ vacancyBetween: e.currentTarget.checked });
              }}
            />
          </>
        )}
        {showOwner && (
          <PartnerFields
            kind="owner"
            value={state.owner}
            onChange={(owner) => {
              set({ owner });
            }}
            errors={errors}
          />
        )}
        <Group gap="sm">
          <Button type="submit" loading={saving}>
            {t('form.save')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
