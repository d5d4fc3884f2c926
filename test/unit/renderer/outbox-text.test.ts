import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '@shared/domain/workspace';
import { outboxDetail } from '@renderer/features/units/unit-texts';
import { setupRequestExample } from '@test/fixtures/msc-examples';

const failed = (retryable: boolean, nextAttemptAt?: string): OutboxItem => ({
  id: 'a',
  seq: 1,
  billingunit: setupRequestExample.billingunitMscnumber,
  request: setupRequestExample,
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-01T08:00:05.000Z',
  attempts: 1,
  state: 'failed',
  failure: { code: 'NETWORK', message: 'Der Messdienst ist nicht erreichbar.', retryable },
  ...(nextAttemptAt === undefined ? {} : { nextAttemptAt }),
});

describe('outbox line for a failed setup', () => {
  it('tells when the outbox tries again by itself (German office time)', () => {
    expect(outboxDetail(failed(true, '2025-03-01T08:00:35.000Z'))).toBe(
      'Der Messdienst ist nicht erreichbar. Neuer Versuch automatisch am 01.03.2025, 09:00 – oder gleich „Erneut senden“.',
    );
  });

  it('leaves it to the clerk once automatic attempts are used up', () => {
    expect(outboxDetail(failed(true))).toBe('Der Messdienst ist nicht erreichbar. Sie können es erneut senden.');
  });

  it('asks to check the data when resending would not help', () => {
    expect(outboxDetail(failed(false))).toContain('Bitte die Angaben prüfen');
  });
});
