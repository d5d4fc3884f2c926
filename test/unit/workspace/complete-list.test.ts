/** What a series of requests leaves the MSC holding (heldUnits), splitting, and the outbox merge after a complete list. */
import { describe, expect, it } from 'vitest';
import type { SetupRequest } from '@shared/msc/billing-unit-data';
import { heldUnits, requestCount, splitSetupRequests } from '@shared/msc/setup-parts';
import { unitsMissingFrom } from '@main/services/workspace/setup-merge';

const head = { billingunitMscnumber: '100200301', customerMscnumber: '0000012345', ordercriteriafor: 'USAGEUNIT' as const };
const req = (pms: string[], completelist?: SetupRequest['completelist']): SetupRequest => ({
  ...head,
  residentialunits: pms.map((pm) => ({ residentialunitPmnumber: pm })),
  ...(completelist ? { completelist } : {}),
});
const names = (units: { residentialunitPmnumber: string }[]) => units.map((u) => u.residentialunitPmnumber);

describe('splitting at 5,000 units', () => {
  it('counts and splits additive parts, and numbers the parts of a complete list', () => {
    expect([0, 1, 5000, 5001, 20_000].map((n) => requestCount(n))).toEqual([0, 1, 1, 2, 4]);
    const many = req(Array.from({ length: 12_001 }, (_, i) => `U${String(i)}`));
    expect(splitSetupRequests(many).map((r) => [r.residentialunits.length, r.completelist])).toEqual([
      [5000, undefined],
      [5000, undefined],
      [2001, undefined],
    ]);
    const parts = splitSetupRequests(many, { complete: { listid: 'L' } });
    expect(parts.map((r) => r.completelist)).toEqual([
      { listid: 'L', part: 1, parts: 3 },
      { listid: 'L', part: 2, parts: 3 },
      { listid: 'L', part: 3, parts: 3 },
    ]);
    expect(splitSetupRequests(req([]), { complete: { listid: 'E' } })).toEqual([req([], { listid: 'E', part: 1, parts: 1 })]);
  });
});

describe('held units', () => {
  it('adds, withdraws once every part of a list is there, and re-instates a unit sent again', () => {
    const sent = [
      { request: req(['A', 'B', 'C']), at: 't1' },
      { request: req(['A'], { listid: 'L', part: 1, parts: 2 }), at: 't2' },
    ];
    expect(names(heldUnits(sent).current)).toEqual(['A', 'B', 'C']);
    const complete = [...sent, { request: req(['B'], { listid: 'L', part: 2, parts: 2 }), at: 't3' }];
    expect(names(heldUnits(complete).current)).toEqual(['A', 'B']);
    expect(heldUnits(complete).withdrawn.map((w) => [w.unit.residentialunitPmnumber, w.at])).toEqual([['C', 't3']]);
    const again = heldUnits([...complete, { request: req(['C']), at: 't4' }]);
    expect(names(again.current)).toEqual(['A', 'B', 'C']);
    expect(again.withdrawn).toEqual([]);
  });
});

describe('outbox merge after a complete list', () => {
  it('sends nothing of an older failed request once a newer complete list exists; otherwise only what is missing', () => {
    const older = req(['A', 'X']);
    expect(unitsMissingFrom(older, [req(['A'])])).toEqual(req(['X']));
    expect(unitsMissingFrom(older, [req(['A'], { listid: 'L', part: 1, parts: 1 })])).toBeUndefined();
  });
});
