/** The field rules of the standard on single records, the 8859-15 bytes, and the reader's located errors. */
import { describe, expect, it } from 'vitest';
import { decodeLatin9, encodeLatin9, unencodable } from '@shared/arge/codec';
import { readArgeFile } from '@shared/arge/read';
import type { ArgeRecord } from '@shared/arge/write';
import { writeArgeFile, writeRecord } from '@shared/arge/write';

const k = (values: ArgeRecord['values'] = {}): ArgeRecord => ({
  type: 'K',
  values: {
    customerNumber: '12345',
    mscReference: '1002003010000',
    costKey: '221',
    allocation: 'E',
    invoiceDate: '2025-05-12',
    taxServiceType: '13',
    fuelSlot: '1',
    ...values,
  },
});

const lineOf = (r: ArgeRecord): string => {
  const w = writeRecord(r);
  if (!w.ok) throw new Error(JSON.stringify(w.problems));
  return w.line;
};
const at = (line: string, from: number, length: number): string => line.slice(from - 1, from - 1 + length);

describe('ISO 8859-15', () => {
  it('writes umlauts, ß and € as single bytes (ä E4, ß DF, € A4)', () => {
    expect([...encodeLatin9('Müller Straße 5 €')]).toEqual([
      0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x53, 0x74, 0x72, 0x61, 0xdf, 0x65, 0x20, 0x35, 0x20, 0xa4,
    ]);
    expect([...encodeLatin9('ÄÖÜäöü')]).toEqual([0xc4, 0xd6, 0xdc, 0xe4, 0xf6, 0xfc]);
  });

  it('reads every byte back to exactly one character, the eight Latin-9 ones included', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = decodeLatin9(all);
    expect(text).toHaveLength(256);
    expect([...encodeLatin9(text)]).toEqual([...all]);
    expect(decodeLatin9(Uint8Array.of(0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe))).toBe('€ŠšŽžŒœŸ');
  });

  it('names characters the set lacks (typographic quotes, ¤, Cyrillic)', () => {
    expect(unencodable('„Süd“ ¤ Ж ok')).toEqual(['„', '“', '¤', 'Ж']);
  });
});

describe('writing a record', () => {
  it('puts each value where its field is: text left, numbers right with zeros, blanks for unfilled, TTMMJJ dates', () => {
    const line = lineOf(
      k({ costText: 'Wartung Brennwerttherme', quantity: '12.5', gross: '690.00', laborGross: '-420.5', mscKey: '40' }),
    );
    expect(line).toHaveLength(1024);
    expect(at(line, 1, 31)).toBe('K03.0500000123454010020030100' + '00');
    expect(at(line, 32, 3)).toBe('221');
    expect(at(line, 35, 25)).toBe('Wartung Brennwerttherme  ');
    expect(at(line, 60, 1)).toBe('E');
    expect(at(line, 61, 6)).toBe('120525');
    expect(at(line, 67, 11)).toBe('00000012500');
    expect(at(line, 78, 10)).toBe('0000069000');
    expect(at(line, 88, 10)).toBe('          ');
    expect(at(line, 98, 2)).toBe('13');
    expect(at(line, 100, 10)).toBe('-000042050');
    expect(at(line, 115, 909)).toBe(' '.repeat(909));
    expect(line.at(-1)).toBe('K');
  });

  it('names every field that cannot take its value instead of cutting or rounding', () => {
    const w = writeRecord(
      k({
        costText: 'x'.repeat(26),
        gross: '100000000.00',
        net: '1.005',
        quantity: 'zwölf',
        invoiceDate: '2025-02-30',
        costKey: undefined,
      }),
    );
    expect(w.ok).toBe(false);
    if (w.ok) return;
    expect(w.problems.map((p) => [p.field.no, p.problem.code])).toEqual([
      [6, 'ARGE_MISSING'],
      [7, 'ARGE_TEXT_TOO_LONG'],
      [9, 'ARGE_BAD_DATE'],
      [10, 'ARGE_NOT_A_NUMBER'],
      [11, 'ARGE_TOO_LARGE'],
      [12, 'ARGE_TOO_MANY_PLACES'],
    ]);
  });

  it('takes the largest 8,2 amount, and a negative one with one digit less', () => {
    expect(at(lineOf(k({ gross: '99999999.99' })), 78, 10)).toBe('9999999999');
    expect(at(lineOf(k({ gross: '-9999999.99' })), 78, 10)).toBe('-999999999');
    expect(writeRecord(k({ gross: '-99999999.99' })).ok).toBe(false);
  });

  it('refuses years a two-digit year cannot tell apart', () => {
    expect(writeRecord(k({ invoiceDate: '2070-01-01' })).ok).toBe(false);
    expect(at(lineOf(k({ invoiceDate: '1999-12-31' })), 61, 6)).toBe('311299');
  });
});

describe('reading a file', () => {
  const file = (...records: ArgeRecord[]): Uint8Array => writeArgeFile(records);
  const text = (bytes: Uint8Array): string => decodeLatin9(bytes);
  const bytes = (s: string): Uint8Array => encodeLatin9(s);

  it('gives named fields, amounts as decimal strings, blanks left out, ends every record with CR LF', () => {
    const b = file(k({ gross: '690.00', laborGross: '-420.50' }), k({ costKey: '225', gross: '0.00' }));
    expect(b).toHaveLength(2 * 1026);
    expect([b[1024], b[1025]]).toEqual([0x0d, 0x0a]);
    const r = readArgeFile(b, 'DTK305_x.DAT');
    expect(r.issues).toEqual([]);
    expect(r.records[0]).toEqual({
      line: 1,
      type: 'K',
      values: {
        version: '03.05',
        customerNumber: '0000012345',
        mscReference: '1002003010000',
        costKey: '221',
        allocation: 'E',
        invoiceDate: '2025-05-12',
        gross: '690.00',
        taxServiceType: '13',
        laborGross: '-420.50',
        fuelSlot: '1',
      },
    });
    expect(r.records[1]!.values.gross).toBe('0.00');
  });

  it('a record of the wrong length: file, line, the length found and expected', () => {
    const t = text(file(k(), k()));
    const r = readArgeFile(bytes(t.slice(0, 1026) + t.slice(1026, 1026 + 500) + t.slice(1026 + 501)), 'DTK.DAT');
    expect(r.records).toHaveLength(1);
    expect(r.issues).toEqual([{ code: 'ARGE_WRONG_LENGTH', file: 'DTK.DAT', line: 2, type: 'K', length: 1023, expected: 1024 }]);
  });

  it('a letter in a numeric field: file, line, field and the position of the letter', () => {
    const t = text(file(k({ gross: '690.00' })));
    const r = readArgeFile(bytes(`${t.slice(0, 82)}O${t.slice(83)}`), 'DTK.DAT');
    expect(r.records).toEqual([]);
    expect(r.issues).toEqual([
      { code: 'ARGE_NOT_NUMERIC', file: 'DTK.DAT', line: 1, type: 'K', field: 11, fieldName: 'gross', position: 83 },
    ]);
  });

  it('a cut file: the last record ends early without a line end', () => {
    const b = file(k(), k());
    const r = readArgeFile(b.subarray(0, 1026 + 700), 'DTK.DAT');
    expect(r.records).toHaveLength(1);
    expect(r.issues).toEqual([{ code: 'ARGE_CUT_OFF', file: 'DTK.DAT', line: 2, type: 'K', length: 700, expected: 1024 }]);
  });

  it('an impossible date, a missing end mark and an unknown record type are each located', () => {
    const t = text(file(k()));
    const badDate = `${t.slice(0, 60)}310225${t.slice(66)}`;
    const noEnd = `${t.slice(0, 1023)} \r\n`;
    const r = readArgeFile(bytes(badDate + noEnd + `X${t.slice(1)}`), 'DTK.DAT');
    expect(r.issues.map((i) => [i.code, i.line, i.field, i.position])).toEqual([
      ['ARGE_BAD_DATE', 1, 9, 61],
      ['ARGE_WRONG_MARKER', 2, 18, 1024],
      ['ARGE_UNKNOWN_RECORD_TYPE', 3, undefined, 1],
    ]);
  });

  it('never throws on hostile bytes and stops at its limits', () => {
    let seed = 7;
    const rnd = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 256;
    const good = file(k());
    for (let n = 0; n < 300; n++) {
      const b = Uint8Array.from(good);
      for (let i = 0; i < 1 + (n % 20); i++) b[(rnd() * 4) % b.length] = rnd();
      expect(() => readArgeFile(b, 'x')).not.toThrow();
    }
    expect(readArgeFile(Uint8Array.from({ length: 5000 }, rnd), 'x').issues.length).toBeGreaterThan(0);
    const limits = { bytes: 4096, records: 3, issues: 2 };
    expect(readArgeFile(new Uint8Array(5000), 'big', limits).issues).toEqual([
      { code: 'ARGE_FILE_TOO_LARGE', file: 'big', limit: 4096 },
    ]);
    expect(readArgeFile(bytes('Q\r\n'.repeat(3)), 'q', { ...limits, bytes: 1e6 }).issues.map((i) => i.code)).toEqual([
      'ARGE_UNKNOWN_RECORD_TYPE',
      'ARGE_UNKNOWN_RECORD_TYPE',
      'ARGE_TOO_MANY_ISSUES',
    ]);
    expect(readArgeFile(bytes('\r\n'.repeat(5)), 'q', { ...limits, bytes: 1e6, issues: 99 }).issues.at(-1)?.code).toBe(
      'ARGE_TOO_MANY_RECORDS',
    );
    expect(readArgeFile(new Uint8Array(0), 'empty').issues).toEqual([{ code: 'ARGE_EMPTY_FILE', file: 'empty' }]);
  });
});
