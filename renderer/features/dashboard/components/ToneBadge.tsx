import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';
import type { BadgeProps } from '@mantine/core';

/**
 * Mantine's light badges write green, red, blue and grey text too pale for WCAG AA on their tint; the text takes
 * a darker shade here (yellow is darkened for every screen in app/contrast.css).
 */
const TEXT: Readonly<Record<string, string | undefined>> = { green: '#1f6b2f', red: '#a51d1d', blue: '#1864ab', gray: '#343a40' };

type Props = Omit<BadgeProps, 'color' | 'variant' | 'c'> & { color: string; children: ReactNode; 'data-testid'?: string };

/** A status as a tinted badge with its word (never colour alone). */
export function ToneBadge({ color, children, ...rest }: Props) {
  return (
    <Badge color={color} variant="light" c={TEXT[color]} tt="none" {...rest}>
      {children}
    </Badge>
  );
}
