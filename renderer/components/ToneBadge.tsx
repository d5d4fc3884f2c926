import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';
import type { BadgeProps } from '@mantine/core';

type Props = Omit<BadgeProps, 'color' | 'variant' | 'c'> & { color: string; children: ReactNode; 'data-testid'?: string };

/**
 * A status as a tinted badge with its word (never colour alone). Its text shades are darkened for WCAG AA on
 * every screen in app/contrast.css, so no screen needs its own colour fix.
 */
export function ToneBadge({ color, children, ...rest }: Props) {
  return (
    <Badge color={color} variant="light" tt="none" {...rest}>
      {children}
    </Badge>
  );
}
