/** How a health check reads to a clerk: a short status word, one line of explanation, technical facts on hover. */
import { formatGermanTime } from '@shared/domain/dates';
import type { Tone } from '@renderer/components/StatusBadge';
import type { HealthView } from '@renderer/features/connections/useConnections';

export type HealthText = { tone: Tone; label: string; detail?: string; technical?: string };

export function healthText(view: HealthView | undefined): HealthText {
  if (!view || view.state === 'unknown') return { tone: 'neutral', label: 'Noch nicht geprüft' };
  if (view.state === 'checking') return { tone: 'pending', label: 'Wird geprüft …' };
  const at = `Zuletzt geprüft um ${formatTime(view.checkedAt)} Uhr`;
  if (view.state === 'ok') {
    const technical = [`Antwortzeit ${String(Math.round(view.latencyMs))} ms`];
    if (view.apiVersion) technical.push(`Schnittstellenversion ${view.apiVersion}`);
    return { tone: 'ok', label: 'Verbunden', detail: at, technical: technical.join(' · ') };
  }
  const label = view.error.code === 'AUTH' ? 'Anmeldung abgelehnt' : 'Nicht erreichbar';
  return { tone: 'error', label, detail: view.error.message, technical: at };
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '–' : formatGermanTime(date);
}
