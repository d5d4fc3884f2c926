import { Alert, Anchor, Button, Group, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Template } from '@shared/msc/billing-input';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { tenantsPath } from '@renderer/features/tenants/paths';
import { recipientDiffs } from '@renderer/features/tenants/recipient-diff';
import { useOsrDeliver, useOsrRecords } from '@renderer/features/tenants/queries';

type Props = { where: { connectionId: string; billingunit: string }; template: Template };

/**
 * In the editor's recipient step: usage units whose recipients in this template differ from what we delivered via
 * On-Site-Roles, or whose change is not delivered yet; the correction goes to the MSC first, then the template follows.
 */
export function OsrRecipientNotice({ where, template }: Props) {
  const { t } = useTranslation('tenants');
  const records = useOsrRecords(where.connectionId, where.billingunit);
  const deliver = useOsrDeliver();
  const diffs = recipientDiffs(template, records.data ?? []);
  if (diffs.length === 0) return null;
  const none = t('notice.none');
  return (
    <Alert color="yellow" title={t('notice.title')} data-testid="osr-recipient-notice">
      <Text size="sm" mb="xs">
        {t('notice.intro')}
      </Text>
      <List size="sm" spacing="xs">
        {diffs.map((d) => (
          <List.Item key={d.residentialunit}>
            <Group gap="xs">
              <Text size="sm">
                {t(`notice.${d.kind}`, {
                  unit: d.residentialunit,
                  expected: d.expected.join(', ') || none,
                  shown: d.shown.join(', ') || none,
                })}
              </Text>
              {d.kind === 'pending' && (
                <Button
                  size="compact-sm"
                  color="green"
                  loading={deliver.isPending && deliver.variables.residentialunit === d.residentialunit}
                  onClick={() => {
                    deliver.mutate({
                      connectionId: where.connectionId,
                      billingunit: where.billingunit,
                      residentialunit: d.residentialunit,
                    });
                  }}
                >
                  {t('notice.deliver', { unit: d.residentialunit })}
                </Button>
              )}
              <Anchor component={Link} to={tenantsPath(where.connectionId, where.billingunit, d.residentialunit)} size="sm">
                {t('notice.open', { unit: d.residentialunit })}
              </Anchor>
            </Group>
          </List.Item>
        ))}
      </List>
      {deliver.error && <ErrorNotice title={t('error.deliver')} error={deliver.error} />}
    </Alert>
  );
}
