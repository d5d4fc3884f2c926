import type { ReactNode, Ref } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';

type Props = {
  id: string;
  title: string;
  description?: string;
  actions?: ReactNode;
  /** The title can take the focus (tabIndex -1), e.g. after the item that had it was removed. */
  titleRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
};

/** One part of the Einstellungen screen: a bordered block with an h2 that names it for screen readers. */
export function SettingsSection({ id, title, description, actions, titleRef, children }: Props) {
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id={id} ref={titleRef} tabIndex={-1} className="settings-section-title">
            {title}
          </Title>
          {description !== undefined && (
            <Text size="sm" c="dimmed" maw={640}>
              {description}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
