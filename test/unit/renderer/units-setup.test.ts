/** The pure parts of the Liegenschaften screen: typed rows → usage units, the wizard's steps, the shown status. */
import { describe, expect, it } from 'vitest';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import { emptyRow, rowFromUnit, rowsToUnits } from '@renderer/features/units/edit-rows';
import { initialWizard, wizardReducer } from '@renderer/features/units/setup-wizard';
import { effectiveStatus, latestSent } from '@shared/domain/unit-category';
import { i18n } from '@renderer/i18n/index';

const row = (values: Partial<ReturnType<typeof emptyRow>>) => ({ ...emptyRow(), ...values });

describe('typed usage units', () => {
  it('builds units with auxiliary criteria, German area and several meter numbers, skipping blank rows', () => {
    const result = rowsToUnits([
      row({ pm: ' KH42/12 ', floor: 'DG', position: 'links', livingarea: '48,5', meternumbers: 'HKV-1; WWZ-2' }),
      emptyRow(),
      row({ pm: 'KH42/01', description: 'EG links' }),
    ]);
    expect(result).toEqual({
      ok: true,
      units: [
        {
          residentialunitPmnumber: 'KH42/12',
          auxiliarycriteria: { floor: 'DG', position: 'links', livingarea: '48.50', meternumbers: ['HKV-1', 'WWZ-2'] },
        },
        { residentialunitPmnumber: 'KH42/01', description: 'EG links' },
      ],
    });
  });

  it('names row and field of every problem in German', () => {
    const result = rowsToUnits([
      row({ pm: 'A', livingarea: 'groß' }),
      row({ floor: 'DG' }),
      row({ pm: 'B', floor: 'Dachgeschoss links' }),
      row({ pm: 'B' }),
    ]);
    expect(result).toEqual({
      ok: false,
      errors: [
        'Zeile 1, Wohnfläche: „groß“ ist keine Fläche in m² (z. B. 48,00)',
        'Zeile 2, Ordnungsbegriff: bitte ausfüllen',
        'Zeile 3, Geschoss: darf höchstens 10 Zeichen lang sein',
      ],
    });
    expect(rowsToUnits([row({ pm: 'B' }), row({ pm: 'B' })])).toEqual({
      ok: false,
      errors: ['Zeile 2, Ordnungsbegriff: „B“ steht schon in Zeile 1'],
    });
    expect(rowsToUnits([emptyRow()])).toEqual({
      ok: false,
      errors: ['Bitte mindestens eine Nutzeinheit mit Ordnungsbegriff eintragen.'],
    });
  });

  it('says the same in English when the clerk works in English', () => {
    const en = i18n.getFixedT('en', 'units');
    const result = rowsToUnits([row({ floor: 'DG' }), row({ pm: 'B', floor: 'Dachgeschoss links' })], (key, params) =>
      en(key, params ?? {}),
    );
    expect(result).toEqual({
      ok: false,
      errors: ['Row 1, order criterion: please fill in', 'Row 2, Floor: may be at most 10 characters long'],
    });
  });

  it('keeps what a row does not show when a sent unit is edited for auxiliary criteria', () => {
    const sent = {
      residentialunitPmnumber: 'KH42/12',
      validfrom: '2022-01-01',
      currentbillingrecipient: { partnerPmnumber: 'P-1', name: 'Wolf' },
      auxiliarycriteria: { floor: 'DG', livingarea: '48.00', persons: 2 },
    };
    const edited = { ...rowFromUnit(sent), position: 'links (Straßenseite)' };
    expect(edited.livingarea).toBe('48,00');
    expect(rowsToUnits([edited])).toEqual({
      ok: true,
      units: [{ ...sent, auxiliarycriteria: { floor: 'DG', livingarea: '48.00', persons: 2, position: 'links (Straßenseite)' } }],
    });
  });
});

describe('send-for-matching wizard', () => {
  const units = [{ residentialunitPmnumber: 'A' }];

  it('goes from typed rows to review, back to the same rows, and on to sending', () => {
    const edit = wizardReducer(initialWizard, { type: 'edit', purpose: 'new', rows: [row({ pm: 'A' })] });
    const review = wizardReducer(edit, { type: 'rows-valid', units });
    expect(review).toMatchObject({ step: 'review', units, origin: { kind: 'typed', purpose: 'new' } });
    expect(wizardReducer(review, { type: 'back' })).toMatchObject({ step: 'edit', rows: edit.step === 'edit' ? edit.rows : [] });
    const sending = wizardReducer(review, { type: 'send-started' });
    expect(sending.step).toBe('sending');
    expect(wizardReducer(sending, { type: 'send-failed', message: 'Netz weg' })).toMatchObject({
      step: 'review',
      error: 'Netz weg',
    });
  });

  it('stops at the issues of a bad workbook and ignores actions that do not fit the step', () => {
    const issues = wizardReducer(
      { step: 'reading', fileName: 'x.xlsx' },
      {
        type: 'import-issues',
        fileName: 'x.xlsx',
        issues: [{ severity: 'error', code: 'REQUIRED', message: 'Blatt „N“, Zeile 3: fehlt', sheet: 'N', row: 3 }],
      },
    );
    expect(issues.step).toBe('issues');
    expect(wizardReducer(issues, { type: 'send-started' })).toBe(issues);
    expect(wizardReducer(issues, { type: 'rows-valid', units })).toBe(issues);
  });
});

describe('shown matching status', () => {
  const unit: BillingUnitSummary = {
    billingunitMscnumber: '100200303',
    customerMscnumber: '0000012345',
    address: { street: 'Lindenallee 5', postalcode: '50968', city: 'Köln' },
    setupstatus: 'COMPLETED',
    lastupdate: '2025-01-02T07:00:00Z',
  };
  const base = {
    billingunit: '100200303',
    request: {
      billingunitMscnumber: '100200303',
      customerMscnumber: '0000012345',
      ordercriteriafor: 'USAGEUNIT' as const,
      residentialunits: [{ residentialunitPmnumber: 'A' }],
    },
    createdAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    attempts: 1,
  };
  const sent = (seq: number, transactionid: string): OutboxItem => ({
    ...base,
    id: `i${String(seq)}`,
    seq,
    state: 'sent',
    transactionid,
    sentAt: '2025-03-01T10:00:01Z',
  });
  const setup = (transactionid: string, answer?: string): TrackedSetup => ({
    billingunit: '100200303',
    transactionid,
    sentAt: '2025-03-01T10:00:01Z',
    watching: true,
    delayMs: 2000,
    ...(answer === undefined
      ? {}
      : { status: { ...unit, transactionid: answer, setupstatus: 'IN_PROGRESS' as const, lastupdate: '2025-03-01T10:00:05Z' } }),
  });

  it('uses the MSC list until this computer sends, then OPEN until the answer to that transaction', () => {
    expect(effectiveStatus(unit, undefined, undefined).status).toBe('COMPLETED');
    const items = [sent(1, 't1'), sent(2, 't2')];
    expect(latestSent(items, '100200303')?.transactionid).toBe('t2');
    expect(effectiveStatus(unit, setup('t1', 't1'), latestSent(items, '100200303'))).toEqual({
      status: 'OPEN',
      lastupdate: '2025-03-01T10:00:01Z',
    });
    expect(effectiveStatus(unit, setup('t2', 't1'), latestSent(items, '100200303')).status).toBe('OPEN');
    expect(effectiveStatus(unit, setup('t2', 't2'), latestSent(items, '100200303')).status).toBe('IN_PROGRESS');
  });
});
