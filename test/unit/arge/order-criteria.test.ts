/** A files: the MSC's order criteria read into the matching per property and compared with the units sent. */
import { describe, expect, it } from 'vitest';
import { compareCriteria, criteriaFromA, criteriaToA } from '@shared/arge/order-criteria';
import { readArgeFile } from '@shared/arge/read';
import { writeArgeFile } from '@shared/arge/write';
import { decodeLatin9 } from '@shared/arge/codec';

const leipzig = {
  billingunitMscnumber: '100200301',
  customerNumber: '0000012345',
  matched: [
    { residentialunitMscnumber: '0001', residentialunitPmnumber: 'KH42/01' },
    { residentialunitMscnumber: '0002', residentialunitPmnumber: 'KH42/02' },
    { residentialunitMscnumber: '0003', residentialunitPmnumber: 'KH42/03' },
  ],
};
const koeln = {
  billingunitMscnumber: '100200303',
  customerNumber: '0000012345',
  matched: [{ residentialunitMscnumber: '0001', residentialunitPmnumber: 'LA5-0001' }],
};

describe('A files', () => {
  it('writes 128-character A records and reads them back into the matching per property', () => {
    const bytes = writeArgeFile([...criteriaToA(leipzig, '40'), ...criteriaToA(koeln)]);
    expect(bytes).toHaveLength(4 * 130);
    const line = decodeLatin9(bytes, 0, 128);
    expect(line).toBe(`A03.050000012345401002003010001${'KH42/01'.padEnd(20)}${' '.repeat(76)}A`);
    const read = readArgeFile(bytes, 'DTA305_20260126143005.DAT');
    expect(read.issues).toEqual([]);
    expect(criteriaFromA(read.records)).toEqual({ properties: [leipzig, koeln], conflicts: [] });
  });

  it('names a user number listed with two criteria and a criterion listed for two user numbers, and keeps the first', () => {
    const records = [
      ...criteriaToA(leipzig),
      ...criteriaToA({ ...leipzig, matched: [{ residentialunitMscnumber: '0002', residentialunitPmnumber: 'KH42/99' }] }),
      ...criteriaToA({ ...leipzig, matched: [{ residentialunitMscnumber: '0004', residentialunitPmnumber: 'KH42/01' }] }),
    ];
    const { properties, conflicts } = criteriaFromA(readArgeFile(writeArgeFile(records), 'a').records);
    expect(properties).toEqual([leipzig]);
    expect(conflicts).toEqual([
      {
        code: 'ARGE_A_UNIT_TWICE',
        line: 4,
        billingunitMscnumber: '100200301',
        residentialunitMscnumber: '0002',
        first: 'KH42/02',
        second: 'KH42/99',
      },
      {
        code: 'ARGE_A_CRITERION_TWICE',
        line: 5,
        billingunitMscnumber: '100200301',
        residentialunitPmnumber: 'KH42/01',
        first: '0001',
        second: '0004',
      },
    ]);
  });

  it('compares with the units sent: matched, not listed by the MSC, and listed but never sent', () => {
    expect(compareCriteria(leipzig, ['KH42/01', 'KH42/03', 'KH42/16'])).toEqual({
      matched: [leipzig.matched[0], leipzig.matched[2]],
      unmatched: ['KH42/16'],
      unknown: [leipzig.matched[1]],
    });
  });
});
