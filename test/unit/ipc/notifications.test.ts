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

describe('desktop notifications for billing work', () => {
  const period = { connectionId: 'demo', billingunit: '100200301', periodTo: '2025-12-31' };

  it('report a test check with its counts and a commissioned billing', () => {
    const shown: DesktopNotice[] = [];
    const notify = createNotifier((n) => shown.push(n));
    notify('billing:checked', { ...period, action: 'VALIDATE', result: 'messages', errors: 2, warnings: 1 });
    notify('billing:checked', { ...period, action: 'SEND', result: 'commissioned', errors: 0, warnings: 0 });
    expect(shown).toEqual([
      { title: 'Prüfung mit Hinweisen', body: 'Liegenschaft 100200301, Zeitraum bis 31.12.2025: 2 Fehler, 1 Warnung.' },
      {
        title: 'Abrechnung beauftragt',
        body: 'Liegenschaft 100200301, Zeitraum bis 31.12.2025: verbindlich an den Messdienst übermittelt.',
      },
    ]);
  });

  it('report a matching once, when it completes', () => {
    const shown: DesktopNotice[] = [];
    const notify = createNotifier((n) => shown.push(n));
    const setup = (setupstatus: 'IN_PROGRESS' | 'COMPLETED') => ({
      billingunit: '100200301',
      transactionid: 't-1',
      sentAt: '2025-01-01T00:00:00Z',
      watching: setupstatus !== 'COMPLETED',
      delayMs: 0,
      status: {
        billingunitMscnumber: '100200301',
        billingunitPmnumber: 'LG-1',
        customerMscnumber: '0000012345',
        address: { street: 'Hauptstraße 1', postalcode: '10115', city: 'Berlin' },
        setupstatus,
        lastupdate: '2025-01-01T00:00:00Z',
        transactionid: 't-1',
        ...(setupstatus === 'COMPLETED'
          ? {
              matched: [{ residentialunitMscnumber: '0001', residentialunitPmnumber: 'WE-1' }],
              unmatched: [{ residentialunitPmnumber: 'WE-2', reason: 'NOT_FOUND' as const }],
            }
          : {}),
      },
    });
    notify('workspace:changed', {
      connectionId: 'demo',
      event: { type: 'setup-status-changed', setup: setup('IN_PROGRESS'), previous: 'OPEN' },
    });
    notify('workspace:changed', {
      connectionId: 'demo',
      event: { type: 'setup-status-changed', setup: setup('COMPLETED'), previous: 'IN_PROGRESS' },
    });
    notify('workspace:changed', {
      connectionId: 'demo',
      event: { type: 'setup-status-changed', setup: setup('COMPLETED'), previous: 'COMPLETED' },
    });
    expect(shown).toEqual([
      { title: 'Zuordnung abgeschlossen', body: 'Liegenschaft 100200301: 1 Nutzeinheit zugeordnet, 1 offen.' },
    ]);
  });
});

describe('desktop notifications in the chosen language', () => {
  it('speak English once the clerk chose English, and follow a later change', () => {
    const shown: DesktopNotice[] = [];
    let language: 'de' | 'en' = 'en';
    const notify = createNotifier(
      (n) => shown.push(n),
      () => language,
    );
    const period = { connectionId: 'demo', billingunit: '100200301', periodTo: '2025-12-31' };
    notify('billing:checked', { ...period, action: 'VALIDATE', result: 'messages', errors: 1, warnings: 2 });
    language = 'de';
    notify('billing:checked', { ...period, action: 'SEND', result: 'commissioned', errors: 0, warnings: 0 });
    expect(shown).toEqual([
      { title: 'Check with messages', body: 'Property 100200301, period ending 31/12/2025: 1 error, 2 warnings.' },
      {
        title: 'Abrechnung beauftragt',
        body: 'Liegenschaft 100200301, Zeitraum bis 31.12.2025: verbindlich an den Messdienst übermittelt.',
      },
    ]);
  });
});
