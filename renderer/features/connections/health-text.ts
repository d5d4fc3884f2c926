/** How a health check reads to a clerk: a status word, one line of explanation, technical facts on hover. */
import type { ConnectionHealth } from '@shared/ipc/contract';

export type HealthView = { state: 'unknown' } | { state: 'checking' } | ConnectionHealth;
export type HealthTone = 'gray' | 'blue' | 'green' | 'red';

/** Badge colours dark enough for white text in a small badge (WCAG AA, 4.5:1); Mantine's shade 6 is not. */
export const TONE_COLOR: Readonly<Record<HealthTone, string>> = {
  gray: 'gray.7',
  blue: 'blue.9',
  green: '#1f6b2f',
  red: 'red.9',
};

/** Locale keys (`connections:health.*`) for the status word and its colour; the detail needs the formatters. */
export function healthStatus(view: HealthView): { tone: HealthTone; labelKey: string } {
  switch (view.state) {
    case 'unknown':
      return { tone: 'gray', labelKey: 'health.unknown' };
    case 'checking':
      return { tone: 'blue', labelKey: 'health.checking' };
    case 'ok':
      return { tone: 'green', labelKey: 'health.ok' };
    case 'error':
      // No password at this desk is not a refused sign-in: nothing was sent.
      if (view.error.key === 'connection.noSecret') return { tone: 'red', labelKey: 'health.noSecret' };
      if (view.error.key === 'connection.certificateMissing') return { tone: 'red', labelKey: 'health.certificateMissing' };
      return { tone: 'red', labelKey: view.error.code === 'AUTH' ? 'health.auth' : 'health.unreachable' };
  }
}
