import type { ReactNode, Ref } from 'react';
import { Alert, Badge } from '@mantine/core';
import type { AlertProps, BadgeProps } from '@mantine/core';

// Light badges and alerts read with the darker text shades app/contrast.css gives every screen.

type BadgeOwn = Omit<BadgeProps, 'color' | 'variant' | 'c'> & { color: string; children: ReactNode; 'data-testid'?: string };

/** A status as a tinted badge with its word (never colour alone). */
export function ToneBadge({ color, children, ...rest }: BadgeOwn) {
  return (
    <Badge color={color} variant="light" {...rest}>
      {children}
    </Badge>
  );
}

type AlertOwn = Omit<AlertProps, 'color' | 'variant' | 'styles'> & {
  color: string;
  'data-testid'?: string;
  'data-status'?: string;
};

/** A tinted notice. */
export const ToneAlert = ({ color, ...rest }: AlertOwn & { ref?: Ref<HTMLDivElement> }) => (
  <Alert color={color} variant="light" {...rest} />
);
