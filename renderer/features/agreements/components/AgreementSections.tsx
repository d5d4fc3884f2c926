import { Checkbox, NativeSelect, Stack, Table, TextInput } from '@mantine/core';
import '@renderer/features/agreements/agreements.css';
import { useTranslation } from 'react-i18next';
import { ALLOCATIONS, COST_TYPES, DISTRIBUTION_UNITS, FUELS, HOT_WATER_METHODS } from '@shared/domain/codes';
import { useCodeLabel } from '@renderer/lib/codes';
import { emptyCost, emptyUnit } from '@renderer/features/agreements/agreement-form';
import type { AgreementErrors, AgreementValues } from '@renderer/features/agreements/agreement-form';
import { Section, TableSection } from '@renderer/features/agreements/components/AgreementSection';

export type SectionProps = {
  values: AgreementValues;
  errors: AgreementErrors;
  change: (next: (v: AgreementValues) => AgreementValues) => void;
};

function useFieldError(errors: AgreementErrors) {
  const { t } = useTranslation('agreement');
  return (id: string): string | undefined => (errors[id] === undefined ? undefined : t(`error.${errors[id]}`));
}

/** The property: the MSC's number, the PM's number, address, first period, VAT, distribution ratio, hot water. */
export function PropertySection({ values: v, errors, change }: SectionProps) {
  const { t } = useTranslation('agreement');
  const codeLabel = useCodeLabel();
  const error = useFieldError(errors);
  const text = (name: keyof AgreementValues, label: string, description?: string, required = false) => (
    <TextInput
      id={`ag-${name}`}
      label={label}
      description={description}
      withAsterisk={required}
      value={v[name] as string}
      error={error(name)}
      onChange={(e) => {
        const value = e.currentTarget.value;
        change((x) => ({ ...x, [name]: value }));
      }}
    />
  );
  return (
    <Section id="ag-property" title={t('property.title')}>
      <Stack gap="sm">
        <div className="agreement-grid">
          {text('billingunit', t('property.billingunit'), t('property.billingunitHint'), true)}
          {text('pmnumber', t('property.pmnumber'), t('property.pmnumberHint'))}
        </div>
        {text('street', t('property.street'), undefined, true)}
        <div className="agreement-grid">
          {text('postalcode', t('property.postalcode'), undefined, true)}
          {text('city', t('property.city'), undefined, true)}
        </div>
        <div className="agreement-grid">
          {text('from', t('property.from'), t('property.dateHint'), true)}
          {text('to', t('property.to'), t('property.dateHintTo'), true)}
        </div>
        <div className="agreement-grid">
          <NativeSelect
            id="ag-expectedvat"
            label={t('property.vat')}
            value={v.expectedvat}
            data={(['GROSS', 'NET', 'BOTH'] as const).map((k) => ({ value: k, label: t(`property.vatOption.${k}`) }))}
            onChange={(e) => {
              const value = e.currentTarget.value as AgreementValues['expectedvat'];
              change((x) => ({ ...x, expectedvat: value }));
            }}
          />
          <NativeSelect
            id="ag-hotwatermethod"
            label={t('property.hotwater')}
            value={v.hotwatermethod}
            data={[
              { value: '', label: t('property.hotwaterNone') },
              ...HOT_WATER_METHODS.map((m) => ({ value: m.code, label: `${m.code} – ${codeLabel('hotWaterMethod', m.code)}` })),
            ]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              change((x) => ({ ...x, hotwatermethod: value }));
            }}
          />
        </div>
        <div className="agreement-grid agreement-grid-narrow">
          {text('heatingBase', t('property.heatingBase'))}
          {text('heatingConsumption', t('property.heatingConsumption'))}
          {text('hotwaterBase', t('property.hotwaterBase'))}
          {text('hotwaterConsumption', t('property.hotwaterConsumption'))}
        </div>
      </Stack>
    </Section>
  );
}

/** Fuels (table B), at most two, and the distribution keys (table E) the cost types may use. */
export function FuelsAndKeysSection({ values: v, errors, change }: SectionProps) {
  const { t } = useTranslation('agreement');
  const codeLabel = useCodeLabel();
  const error = useFieldError(errors);
  return (
    <Section id="ag-fuels" title={t('fuels.title')} hint={t('fuels.hint')}>
      <Stack gap="sm">
        {v.fuels.map((f, i) => (
          <div key={i} className="agreement-grid">
            <NativeSelect
              id={`ag-fuels.${String(i)}.fuel`}
              label={t('fuels.fuel', { slot: i + 1 })}
              value={f.fuel}
              error={error(`fuels.${String(i)}.fuel`)}
              data={[
                { value: '', label: t('fuels.none') },
                ...FUELS.map((x) => ({ value: x.code, label: `${x.code} – ${codeLabel('fuel', x.code)}` })),
              ]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                change((x) => ({
                  ...x,
                  fuels: x.fuels.map((r, j) => (j === i ? { ...r, fuel: value } : r)) as AgreementValues['fuels'],
                }));
              }}
            />
            <TextInput
              id={`ag-fuels.${String(i)}.calorific`}
              label={t('fuels.calorific', { slot: i + 1 })}
              description={t('fuels.calorificHint')}
              value={f.calorific}
              error={error(`fuels.${String(i)}.calorific`)}
              disabled={f.fuel === ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                change((x) => ({
                  ...x,
                  fuels: x.fuels.map((r, j) => (j === i ? { ...r, calorific: value } : r)) as AgreementValues['fuels'],
                }));
              }}
            />
          </div>
        ))}
        <Checkbox.Group
          id="ag-keys"
          label={t('keys.title')}
          description={t('keys.hint')}
          value={v.keys}
          error={error('keys')}
          onChange={(keys) => {
            change((x) => ({ ...x, keys: DISTRIBUTION_UNITS.map((d) => d.code).filter((c) => keys.includes(c)) }));
          }}
        >
          <div className="agreement-grid agreement-keys">
            {DISTRIBUTION_UNITS.map((d) => (
              <Checkbox key={d.code} value={d.code} label={`${d.code} – ${codeLabel('distribution', d.code)}`} />
            ))}
          </div>
        </Checkbox.Group>
      </Stack>
    </Section>
  );
}

/** Cost types (table K) with how they are allocated (E/H/W/K/A/B) and the key they are split by. */
export function CostTypesSection({ values: v, errors, change }: SectionProps) {
  const { t } = useTranslation('agreement');
  const codeLabel = useCodeLabel();
  const error = useFieldError(errors);
  const set = (i: number, patch: Partial<AgreementValues['costs'][number]>) => {
    change((x) => ({ ...x, costs: x.costs.map((c, j) => (j === i ? { ...c, ...patch } : c)) }));
  };
  return (
    <TableSection
      id="ag-costs"
      title={t('costs.title')}
      hint={t('costs.hint')}
      minWidth={760}
      headers={[t('costs.key'), t('costs.allocation'), t('costs.allocationkey'), t('costs.text')]}
      rows={v.costs}
      rowTestId="cost-row"
      rowName={(i) => t('costs.row', { n: i + 1 })}
      removeLabel={(i) => t('costs.remove', { n: i + 1 })}
      onRemove={(i) => {
        change((x) => ({ ...x, costs: x.costs.filter((_, j) => j !== i) }));
      }}
      addLabel={t('costs.add')}
      onAdd={() => {
        change((x) => ({ ...x, costs: [...x.costs, emptyCost()] }));
      }}
      cells={(c, i, row) => (
        <>
          <Table.Td>
            <NativeSelect
              id={`ag-costs.${String(i)}.key`}
              aria-label={`${row}: ${t('costs.key')}`}
              value={c.key}
              error={error(`costs.${String(i)}.key`)}
              data={[
                { value: '', label: t('costs.choose') },
                ...COST_TYPES.map((k) => ({ value: k.code, label: `${k.code} – ${codeLabel('costType', k.code)}` })),
              ]}
              onChange={(e) => {
                set(i, { key: e.currentTarget.value });
              }}
            />
          </Table.Td>
          <Table.Td>
            <NativeSelect
              id={`ag-costs.${String(i)}.allocation`}
              aria-label={`${row}: ${t('costs.allocation')}`}
              value={c.allocation}
              data={ALLOCATIONS.map((a) => ({ value: a.code, label: `${a.code} – ${codeLabel('allocation', a.code)}` }))}
              onChange={(e) => {
                set(i, { allocation: e.currentTarget.value });
              }}
            />
          </Table.Td>
          <Table.Td>
            <NativeSelect
              id={`ag-costs.${String(i)}.allocationkey`}
              aria-label={`${row}: ${t('costs.allocationkey')}`}
              value={c.allocationkey}
              error={error(`costs.${String(i)}.allocationkey`)}
              data={[
                { value: '', label: t('costs.choose') },
                ...v.keys.map((k) => ({ value: k, label: `${k} – ${codeLabel('distribution', k)}` })),
              ]}
              onChange={(e) => {
                set(i, { allocationkey: e.currentTarget.value });
              }}
            />
          </Table.Td>
          <Table.Td>
            <TextInput
              id={`ag-costs.${String(i)}.text`}
              aria-label={`${row}: ${t('costs.text')}`}
              value={c.text}
              error={error(`costs.${String(i)}.text`)}
              onChange={(e) => {
                set(i, { text: e.currentTarget.value });
              }}
            />
          </Table.Td>
        </>
      )}
    />
  );
}

/** The units with the MSC's user number, the PM's number and who uses it from when (until a tenant list says more). */
export function UnitsSection({ values: v, errors, change }: SectionProps) {
  const { t } = useTranslation('agreement');
  const error = useFieldError(errors);
  const set = (i: number, patch: Partial<AgreementValues['units'][number]>) => {
    change((x) => ({ ...x, units: x.units.map((u, j) => (j === i ? { ...u, ...patch } : u)) }));
  };
  const cells: ['msc' | 'pm' | 'partner' | 'name' | 'since', number][] = [
    ['msc', 70],
    ['pm', 110],
    ['partner', 110],
    ['name', 200],
    ['since', 110],
  ];
  return (
    <TableSection
      id="ag-units"
      title={t('units.title')}
      hint={t('units.hint')}
      minWidth={820}
      headers={[...cells.map(([name]) => t(`units.${name}`)), t('units.vacancy')]}
      rows={v.units}
      rowTestId="unit-row"
      rowName={(i) => t('units.row', { n: i + 1 })}
      removeLabel={(i) => t('units.remove', { n: i + 1 })}
      onRemove={(i) => {
        change((x) => ({ ...x, units: x.units.filter((_, j) => j !== i) }));
      }}
      addLabel={t('units.add')}
      onAdd={() => {
        change((x) => ({ ...x, units: [...x.units, emptyUnit()] }));
      }}
      cells={(u, i, row) => (
        <>
          {cells.map(([name, width]) => (
            <Table.Td key={name}>
              <TextInput
                id={`ag-units.${String(i)}.${name}`}
                aria-label={`${row}: ${t(`units.${name}`)}`}
                miw={width}
                value={u[name]}
                error={error(`units.${String(i)}.${name}`)}
                onChange={(e) => {
                  set(i, { [name]: e.currentTarget.value });
                }}
              />
            </Table.Td>
          ))}
          <Table.Td>
            <Checkbox
              aria-label={`${row}: ${t('units.vacancy')}`}
              checked={u.vacancy}
              onChange={(e) => {
                set(i, { vacancy: e.currentTarget.checked });
              }}
            />
          </Table.Td>
        </>
      )}
    />
  );
}
