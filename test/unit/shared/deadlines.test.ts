import { describe, expect, it } from 'vitest';
import { addMonths, deadlineState, localToday, nextCutoff, periodDeadlines, statementDeadline } from '@shared/domain/deadlines';

describe('statementDeadline (§556 (3) BGB)', () => {
  it.each([
    ['2025-12-31', '2026-12-31'],
    ['2025-06-30', '2026-06-30'],
    ['2024-02-29', '2025-02-28'],
    ['2025-02-28', '2026-02-28'],
    ['2023-02-28', '2024-02-29'],
    ['2025-06-15', '2026-06-15'],
    ['2025-09-30', '2026-09-30'],
  ])('period ending %s → statements due by %s', (to, due) => {
    expect(statementDeadline(to)).toBe(due);
  });
});

describe('addMonths', () => {
  it('clamps to the last day of a shorter month and crosses years', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
  });
});

describe('nextCutoff', () => {
  it('is this month while the day has not passed, else next month', () => {
    expect(nextCutoff('2026-03-10', 15)).toBe('2026-03-15');
    expect(nextCutoff('2026-03-15', 15)).toBe('2026-03-15');
    expect(nextCutoff('2026-03-16', 15)).toBe('2026-04-15');
    expect(nextCutoff('2026-12-20', 15)).toBe('2027-01-15');
  });
  it('takes the last day of a month that lacks the day', () => {
    expect(nextCutoff('2026-04-10', 31)).toBe('2026-04-30');
    expect(nextCutoff('2026-01-31', 31)).toBe('2026-01-31');
    expect(nextCutoff('2026-02-01', 31)).toBe('2026-02-28');
  });
});

describe('deadlineState', () => {
  it.each([
    ['2026-03-09', 'passed', -1],
    ['2026-03-10', 'today', 0],
    ['2026-04-09', 'soon', 30],
    ['2026-04-10', 'near', 31],
    ['2026-06-08', 'near', 90],
    ['2026-06-09', 'later', 91],
  ] as const)('statement due %s seen on 2026-03-10 is %s', (date, urgency, days) => {
    expect(deadlineState('statement', date, '2026-03-10')).toEqual({ date, days, urgency });
  });
  it('is unknown without a date', () => {
    expect(deadlineState('submission', undefined, '2026-03-10')).toEqual({
      date: undefined,
      days: undefined,
      urgency: 'unknown',
    });
  });
});

describe('periodDeadlines', () => {
  it('flags the MSC deadline only while the period is open', () => {
    const open = periodDeadlines({ to: '2025-12-31', status: 'OPEN', deadline: '2026-03-01' }, '2026-03-10');
    expect(open.submission.urgency).toBe('passed');
    const sent = periodDeadlines({ to: '2025-12-31', status: 'COMMISSIONED', deadline: '2026-03-01' }, '2026-03-10');
    expect(sent.submission.urgency).toBe('later');
    expect(sent.expectedResult.urgency).toBe('unknown');
    expect(sent.statement).toEqual({ date: '2026-12-31', days: 296, urgency: 'later' });
  });
  it('flags the statement deadline as it nears and when passed', () => {
    expect(periodDeadlines({ to: '2025-12-31', status: 'BILLED' }, '2026-12-10').statement.urgency).toBe('soon');
    expect(periodDeadlines({ to: '2024-12-31', status: 'BILLED' }, '2026-01-02').statement.urgency).toBe('passed');
  });
});

describe('localToday', () => {
  it('is the local calendar day', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
