import { describe, expect, it } from 'vitest';
import { createNotifier } from '@main/app/notifications';
import type { DesktopNotice } from '@main/app/notifications';

const ok = { state: 'ok' as const, checkedAt: '2025-01-01T00:00:00Z', latencyMs: 5, apiVersion: null };
const down = {
  state: 'error' as const,
  checkedAt: '2025-01-01T00:01:00Z',
  error: { code: 'NETWORK' as const, message: 'Der Messdienst ist nicht erreichbar.' },
};

describe('desktop notifications', () => {
  it('notify when a connection changes state, not on every check', () => {
    const shown: DesktopNotice[] = [];
    const notify = createNotifier((n) => shown.push(n));
    notify('connection:status', { connectionId: 'a', health: ok });
    notify('connection:status', { connectionId: 'a', health: ok });
    notify('connection:status', { connectionId: 'a', health: down });
    notify('connection:status', { connectionId: 'a', health: down });
    notify('connection:status', { connectionId: 'b', health: down });
    notify('connection:status', { connectionId: 'a', health: ok });
    expect(shown).toEqual([
      { title: 'Verbindung gestört', body: 'Der Messdienst ist nicht erreichbar.' },
      { title: 'Verbindung wieder da', body: 'Der Messdienst ist wieder erreichbar.' },
    ]);
  });
});
