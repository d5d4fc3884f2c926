import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';

type Props = { title: string; description?: ReactNode; actions?: ReactNode };

/**
 * Title of a screen. After every navigation the title takes the focus, so keyboard and screen-reader users land
 * at the start of the new screen instead of on the page body.
 */
export function PageHeader({ title, description, actions }: Props) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement?.closest('nav') !== null) ref.current?.focus();
  }, [pathname]);
  return (
    <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
      <Stack gap={4}>
        <Title order={1} size="h2" ref={ref} tabIndex={-1} className="page-title">
          {title}
        </Title>
        {description !== undefined && (
          <Text c="dimmed" size="sm" maw={760}>
            {description}
          </Text>
        )}
      </Stack>
      {actions !== undefined && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
