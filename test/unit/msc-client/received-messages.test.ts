/** Reading real MSCs' check messages without losing one (issue 9, item 6); what we send stays strict. */
import { describe, expect, it } from 'vitest';
import { CheckMessage } from '@shared/msc/billing-input';
import { ReceivedCheckMessage, normalisePath, readCheckMessage, readCheckMessages, readProblem } from '@shared/msc/problem';

const contractMessage = {
  type: 'ERROR',
  shortmessage: 'TEXT_REQUIRED',
  message: 'Die Kostenart 228 braucht einen Text.',
  path: 'heatingsysteminvoices[4].cost.text',
} as const;

describe('a message as the contract describes it', () => {
  it('is read unchanged, with nothing extra', () => {
    expect(readCheckMessage(contractMessage)).toEqual(contractMessage);
  });
});

describe('a message that strays from the contract', () => {
  it.each([
    ['error', 'ERROR'],
    ['Warning', 'WARNING'],
    [' info ', 'INFO'],
    ['WARN', 'WARNING'],
    ['Fehler', 'ERROR'],
    ['Hinweis', 'INFO'],
  ])('type „%s“ is read as %s', (type, expected) => {
    expect(readCheckMessage({ ...contractMessage, type }).type).toBe(expected);
  });

  it('takes an unknown severity for a warning and keeps the MSC’s word', () => {
    const m = readCheckMessage({ ...contractMessage, type: 'CRITICAL' });
    expect(m).toMatchObject({ type: 'WARNING', message: contractMessage.message, extra: { type: 'CRITICAL' } });
  });

  it('reads the severity from `severity` when `type` is missing', () => {
    const { type: _t, ...rest } = contractMessage;
    expect(readCheckMessage({ ...rest, severity: 'error' })).toMatchObject({ type: 'ERROR', extra: { severity: 'error' } });
  });

  it('without a path concerns the whole submission', () => {
    const { path: _p, ...rest } = contractMessage;
    expect(readCheckMessage(rest).path).toBe('');
    expect(readCheckMessage({ ...rest, path: null }).path).toBe('');
  });

  it('keeps fields of its own in `extra`, as sent', () => {
    const m = readCheckMessage({ ...contractMessage, id: 4711, details: { limit: 25 }, hint: 'siehe Vertrag' });
    expect(m).toEqual({ ...contractMessage, extra: { id: 4711, details: { limit: 25 }, hint: 'siehe Vertrag' } });
    expect(ReceivedCheckMessage.parse(m)).toEqual(m);
    expect(CheckMessage.safeParse(m).success).toBe(false);
  });

  it('keeps a lower-case or numeric code, and names a message without text', () => {
    expect(readCheckMessage({ type: 'error', shortmessage: 'val-017', message: 'x' }).shortmessage).toBe('val-017');
    expect(readCheckMessage({ type: 'error', code: 17, text: 'Menge fehlt' })).toMatchObject({
      shortmessage: '17',
      message: 'Menge fehlt',
    });
    expect(readCheckMessage({ type: 'error', shortmessage: 'QTY' }).message).toBe('QTY');
    expect(readCheckMessage({ type: 'error' }).message).toBe('Der Messdienst hat eine Meldung ohne Text geschickt.');
  });

  it('is a plain text: a warning about the whole submission', () => {
    expect(readCheckMessage('Bitte Heizwert angeben')).toEqual({
      type: 'WARNING',
      shortmessage: '',
      message: 'Bitte Heizwert angeben',
      path: '',
    });
  });
});

describe('paths', () => {
  it.each([
    ['energysources[0].deliveries[1].co2', 'energysources[0].deliveries[1].co2'],
    ['$.energysources[0].co2', 'energysources[0].co2'],
    ['/energysources/0/deliveries/1/co2', 'energysources[0].deliveries[1].co2'],
    ['#/billingrecipients/3/validfrom', 'billingrecipients[3].validfrom'],
    ['$', ''],
    ['/', ''],
  ])('„%s“ → „%s“', (raw, expected) => {
    expect(normalisePath(raw)).toBe(expected);
  });
});

describe('reply bodies', () => {
  it('reads `messages` of a problem or a bare list, and none from an empty or foreign body', () => {
    const lower = { type: 'warning', shortmessage: 'X', message: 'y' };
    expect(readCheckMessages({ messages: [contractMessage, lower] })).toHaveLength(2);
    expect(readCheckMessages([lower])).toEqual([{ ...lower, type: 'WARNING', path: '' }]);
    expect(readCheckMessages({ messages: [] })).toBeUndefined();
    expect(readCheckMessages({ error: 'invalid_request' })).toBeUndefined();
    expect(readCheckMessages('Bad Request')).toBeUndefined();
  });

  it('reads a problem whose messages stray from the contract, keeping its detail', () => {
    const problem = readProblem({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'Abrechnung bereits beauftragt',
      messages: [{ type: 'info', message: 'Auftrag 77' }],
    });
    expect(problem).toEqual({
      title: 'Conflict',
      detail: 'Abrechnung bereits beauftragt',
      messages: [{ type: 'INFO', shortmessage: '', message: 'Auftrag 77', path: '' }],
    });
    expect(readProblem('<html>')).toBeUndefined();
  });
});
