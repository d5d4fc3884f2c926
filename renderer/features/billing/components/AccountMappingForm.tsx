import { useState } from 'react';
import { Button, Group, NativeSelect, Table, Text } from '@mantine/core';
import { ACCOUNT_SKIP } from '@shared/domain/excel';
import type { AccountMapping, AccountToMap } from '@shared/domain/excel';
import type { Template } from '@shared/msc/billing-input';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = {
  accounts: readonly AccountToMap[];
  costTypes: Template['costtypes'];
  onApply: (mapping: AccountMapping) => void;
  onCancel: () => void;
};

/**
 * Unknown accounts of the bookkeeping export → agreed cost types; the import runs again with the mapping. Accounts
 * remembered for the connection are applied by the main process and never reach this form. The agreed cost
 * types are a short list, so a native select per account is the quickest to operate by keyboard.
 */
export function AccountMappingForm({ accounts, costTypes, onApply, onCancel }: Props) {
  const { t, format } = useBillingText();
  const [choice, setChoice] = useState<Record<string, string>>(() =>
    Object.fromEntries(accounts.map((a) => [a.account, a.suggestion ?? ''])),
  );
  const complete = accounts.every((a) => (choice[a.account] ?? '') !== '');
  const options = [
    { value: '', label: t('accounts.choose') },
    ...costTypes.map((c) => ({ value: c.key, label: `${c.key} ${c.text}` })),
    // Accounts no agreed cost type covers (repairs, say): their rows stay out of the billing, remembered as well.
    { value: ACCOUNT_SKIP, label: t('accounts.skip') },
  ];

  return (
    <form
      aria-label={t('accounts.title')}
      onSubmit={(e) => {
        e.preventDefault();
        if (complete) onApply(choice);
      }}
    >
      <Text size="sm">{t('accounts.intro')}</Text>
      <Table my="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('accounts.col.account')}</Table.Th>
            <Table.Th scope="col">{t('accounts.col.texts')}</Table.Th>
            <Table.Th scope="col">{t('accounts.col.costType')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((a) => {
            const id = `account-${a.account}`;
            const rows = a.rows
              .slice(0, 5)
              .map((r) => format.integer(r))
              .join(', ');
            return (
              <Table.Tr key={a.account}>
                <Table.Td>
                  <label htmlFor={id}>{a.account}</label>
                </Table.Td>
                <Table.Td c="dimmed">
                  {a.texts.slice(0, 3).join('; ')}
                  {a.rows.length > 0 && ` ${t('accounts.rows', { rows, count: a.rows.length })}`}
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    id={id}
                    size="xs"
                    data={options}
                    value={choice[a.account] ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setChoice((c) => ({ ...c, [a.account]: value }));
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group gap="xs">
        <Button type="submit" disabled={!complete}>
          {t('accounts.apply')}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('common:action.cancel')}
        </Button>
      </Group>
    </form>
  );
}
