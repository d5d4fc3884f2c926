import { useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxItem } from '@shared/domain/workspace';
import type { MatchingResult } from '@shared/ipc/contract';
import { heldUnits } from '@shared/msc/setup-parts';
import { useFormat } from '@renderer/lib/format';
import { useChannelMutation } from '@renderer/lib/queries';
import { VirtualTable } from '@renderer/components/VirtualTable';
import { WithdrawDialog } from '@renderer/features/units/components/WithdrawDialog';

type Props = { connectionId: string; billingunit: string; items: readonly OutboxItem[]; result: MatchingResult | undefined };

type Row = { pm: string; description: string; outcome: string };

/**
 * The units the MSC holds from what was sent here (also those still on their way), for withdrawing the ones sent
 * by mistake: the corrected complete list then goes out through the outbox; earlier requests stay as they were.
 */
export function WithdrawSection({ connectionId, billingunit, items, result }: Props) {
  const { t } = useTranslation('matching');
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const withdraw = useChannelMutation('units:withdraw', { invalidates: ['units:outbox'] });

  const rows = useMemo((): Row[] => {
    const counted = items
      .filter((i) => i.state !== 'failed' || i.failure.retryable)
      .sort((a, b) => a.seq - b.seq)
      .map((i) => ({ request: i.request, at: i.updatedAt }));
    const matched = new Map((result?.matched ?? []).map((m) => [m.residentialunitPmnumber, m.residentialunitMscnumber]));
    const unmatched = new Map((result?.unmatched ?? []).map((u) => [u.residentialunitPmnumber, u.reason]));
    return heldUnits(counted).current.map((u) => {
      const pm = u.residentialunitPmnumber;
      const msc = matched.get(pm);
      const reason = unmatched.get(pm);
      const outcome =
        msc !== undefined
          ? t('withdraw.outcome.matched', { msc })
          : reason
            ? t(`withdraw.outcome.${reason}`)
            : t('withdraw.outcome.open');
      return { pm, description: u.description ?? '', outcome };
    });
  }, [items, result, t]);
  const notFound = rows.filter((r) =>
    result?.unmatched?.some((u) => u.residentialunitPmnumber === r.pm && u.reason === 'NOT_FOUND'),
  );
  if (rows.length === 0) return null;

  const toggle = (pm: string) => {
    const next = new Set(selected);
    if (next.has(pm)) next.delete(pm);
    else next.add(pm);
    setSelected(next);
  };

  return (
    <section aria-labelledby="withdraw-title" data-testid="withdraw-section">
      <Group justify="space-between" align="center">
        <Title order={3} size="h5" id="withdraw-title" ref={titleRef} tabIndex={-1}>
          {t('withdraw.title', { count: rows.length, n: format.integer(rows.length) })}
        </Title>
        <Button
          size="xs"
          variant="subtle"
          aria-expanded={open}
          aria-controls="withdraw-body"
          onClick={() => {
            setOpen(!open);
          }}
        >
          {open ? t('withdraw.hide') : t('withdraw.show')}
        </Button>
      </Group>
      {withdraw.isSuccess && !open && (
        <Text size="sm" role="status">
          {t('withdraw.queued', { count: withdraw.data.length })}
        </Text>
      )}
      {open && (
        <Stack gap="xs" id="withdraw-body" mt={4}>
          <Text size="sm" c="dimmed">
            {t('withdraw.help')}
          </Text>
          <Group gap="xs">
            {notFound.length > 0 && (
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setSelected(new Set(notFound.map((r) => r.pm)));
                }}
              >
                {t('withdraw.selectNotFound', { count: notFound.length })}
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              disabled={selected.size === 0}
              onClick={() => {
                setSelected(new Set());
              }}
            >
              {t('withdraw.clear')}
            </Button>
            <Button
              size="xs"
              color="red"
              disabled={selected.size === 0}
              onClick={() => {
                setConfirming(true);
              }}
            >
              {t('withdraw.action', { count: selected.size })}
            </Button>
          </Group>
          <VirtualTable<Row>
            rows={rows}
            label={t('withdraw.tableLabel')}
            maxHeight={320}
            rowKey={(r) => r.pm}
            columns={[
              {
                key: 'select',
                header: t('withdraw.col.select'),
                width: 90,
                cell: (r) => (
                  <Checkbox
                    size="xs"
                    aria-label={t('withdraw.select', { pm: r.pm })}
                    checked={selected.has(r.pm)}
                    onChange={() => {
                      toggle(r.pm);
                    }}
                  />
                ),
              },
              { key: 'pm', header: t('withdraw.col.pm'), cell: (r) => r.pm },
              { key: 'description', header: t('withdraw.col.description'), cell: (r) => r.description },
              { key: 'outcome', header: t('withdraw.col.outcome'), cell: (r) => r.outcome },
            ]}
          />
        </Stack>
      )}
      <WithdrawDialog
        opened={confirming}
        pmnumbers={[...selected]}
        remaining={rows.length - selected.size}
        busy={withdraw.isPending}
        error={withdraw.error}
        onCancel={() => {
          setConfirming(false);
          withdraw.reset();
        }}
        onConfirm={() => {
          withdraw.mutate(
            { connectionId, billingunit, pmnumbers: [...selected] },
            {
              onSuccess: () => {
                setConfirming(false);
                setSelected(new Set());
                setOpen(false);
                // The dialog and the list close: the focus goes to this section's title, not to the page body.
                requestAnimationFrame(() => titleRef.current?.focus());
              },
            },
          );
        }}
      />
    </section>
  );
}
