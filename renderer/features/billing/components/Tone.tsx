import type { ReactNode, Ref } from 'react';
import { Alert, Badge } from '@mantine/core';
import type { AlertProps, BadgeProps } from '@mantine/core';

/**
 * Mantine's light badges and alerts write green, red, blue and grey text too pale for WCAG AA on their tint;
 * that text takes a darker shade here (yellow is darkened for every screen in app/contrast.css).
 */
const TEXT: Readonly<Record<string, string | undefined>> = { green: '#1f6b2f', red: '#c92a2a', blue: '#1864ab', gray: '#343a40' };

type BadgeOwn = Omit<BadgeProps, 'color' | 'variant' | 'c'> & { color: string; children: ReactNode; 'data-testid'?: string };

/** A status as a tinted badge with its word (never colour alone). */
export function ToneBadge({ color, children, ...rest }: BadgeOwn) {
  return (
    <Badge color={color} variant="light" c={TEXT[color]} {...rest}>
      {children}
    </Badge>
  );
}

type AlertOwn = Omit<AlertProps, 'color' | 'variant' | 'styles'> & {
  color: string;
  'data-testid'?: string;
  'data-status'?: string;
};

/** A tinted notice whose title stays readable. */
export const ToneAlert = ({ color, ...rest }: AlertOwn & { ref?: Ref<HTMLDivElement> }) => {
  const text = TEXT[color];
  return <Alert color={color} variant="light" styles={text === undefined ? undefined : { title: { color: text } }} {...rest} />;
};
