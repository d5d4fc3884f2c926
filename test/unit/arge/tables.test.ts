/**
 * Every field of every record type against the ARGE 3.05 PDF (me-software/ArgeHeiwako.NET,
 * docs/2014-06-01_arge_fhw_standard_305.pdf): number, from–to, form and mandatory, typed from the PDF's tables
 * independently of shared/arge's tables. Plus the properties every table must have.
 */
import { describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '@shared/arge/fields';
import { RECORDS } from '@shared/arge/tables';

/** `no from-to form M|K [decimals]`, one string per field, as the PDF lists them. */
const PDF: Record<string, string> = {
  A: '1 1-1 A M|2 2-6 A M|3 7-16 N M|4 17-18 N K|5 19-31 N M|6 32-51 A M|7 52-127 - K|8 128-128 A M',
  L:
    '1 1-1 A M|2 2-6 A M|3 7-16 N M|4 17-18 N K|5 19-31 N M|6 32-32 N M|7 33-67 A K|8 68-70 A K|9 71-80 A K|10 81-115 A K|' +
    '11 116-127 N M|12 128-142 A K|13 143-143 N M|14 144-146 N K 2|15 147-147 N M|16 148-150 A M|17 151-2047 - K|18 2048-2048 A M',
  M:
    '1 1-1 A M|2 2-6 A M|3 7-16 N M|4 17-18 N K|5 19-31 N M|6 32-51 A M|7 52-52 N M|8 53-87 A K|9 88-122 A K|10 123-157 A K|' +
    '11 158-192 A K|12 193-227 A K|13 228-230 A K|14 231-240 A K|15 241-275 A K|16 276-310 A K|17 311-345 A K|18 346-380 A K|' +
    '19 381-415 A K|20 416-450 A K|21 451-453 A K|22 454-463 A K|23 464-498 A K|24 499-510 N M|25 511-511 N M|26 512-512 N M|' +
    '27 513-522 N K 2|28 523-532 N K 2|29 533-542 N K 2|30 543-552 N K 2|31 553-562 N K 2|32 563-572 N K 2|33 573-582 N K 2|' +
    '34 583-592 N K 2|35 593-602 N K 2|36 603-605 N K|37 606-615 N K 2|38 616-618 N K|39 619-628 N K 2|40 629-631 N K|' +
    '41 632-641 N K 2|42 642-676 A K|43 677-711 A K|44 712-746 A K|45 747-781 A K|46 782-816 A K|47 817-819 A K|48 820-829 A K|' +
    '49 830-864 A K|50 865-865 N K|51 866-881 A K|52 882-882 N K|53 883-883 N K|54 884-908 A K|55 909-926 A K|56 927-941 A K|' +
    '57 942-942 N K|58 943-943 N K|59 944-978 A K|60 979-1013 A K|61 1014-1048 A K|62 1049-1083 A K|63 1084-1118 A K|' +
    '64 1119-1121 A K|65 1122-1131 A K|66 1132-1166 A K|67 1167-1167 N M|68 1168-1168 N M|69 1169-2047 - K|70 2048-2048 A M',
  B:
    '1 1-1 A M|2 2-6 A M|3 7-16 N M|4 17-18 N K|5 19-31 N M|6 32-34 A M|7 35-46 N M|8 47-49 N K|9 50-60 N K 4|10 61-66 N K|' +
    '11 67-77 N K 3|12 78-87 N K 2|13 88-97 N K 2|14 98-103 N K|15 104-114 N K 3|16 115-124 N K 2|17 125-134 N K 2|' +
    '18 135-138 N K 2|19 139-147 N K 3|20 148-151 N K 2|21 152-160 N K 3|22 161-169 N K 3|23 170-170 N M|24 171-182 A K|' +
    '25 183-194 A K|26 195-206 A K|27 207-218 A K|28 219-1023 - K|29 1024-1024 A M',
  K:
    '1 1-1 A M|2 2-6 A M|3 7-16 N M|4 17-18 N K|5 19-31 N M|6 32-34 N M|7 35-59 A K|8 60-60 A M|9 61-66 N M|10 67-77 N K 3|' +
    '11 78-87 N K 2|12 88-97 N K 2|13 98-99 N M|14 100-109 N K 2|15 110-110 N M|16 111-114 A K|17 115-1023 - K|18 1024-1024 A M',
  D:
    '1 1-1 A M|2 2-6 A M|3 7-16 N M|4 17-18 N K|5 19-31 N M|6 32-51 A M|7 52-57 N M|8 58-67 N K 2|9 68-77 N K 2|10 78-87 N K 2|' +
    '11 88-97 N K 2|12 98-107 N K 2|13 108-117 N K 2|14 118-127 N K 2|15 128-137 N K 2|16 138-147 N K 2|17 148-150 N M|' +
    '18 151-159 N K 3|19 160-162 N K|20 163-165 N K|21 166-200 A K|22 201-203 A M|23 204-1023 - K|24 1024-1024 A M',
  E835:
    '1 1-4 A M|2 5-11 N K|3 12-13 N K|4 14-31 A M|5 32-51 A M|6 52-52 A K|7 53-55 N M|8 56-80 A K|9 81-82 N M|' +
    '10 83-92 N M 2|11 93-102 N M 2|12 103-107 N M 2|13 108-117 N M 2|14 118-127 N M 2|15 128-133 N M',
  E898: '1 1-4 A M|2 5-11 N K|3 12-13 N K|4 14-31 A M|5 32-51 A M|6 52-52 A K|7 53-108 A M|8 109-111 N M|9 112-117 N M|10 118-120 A K',
};

const LENGTHS = { A: 128, L: 2048, M: 2048, B: 1024, K: 1024, D: 1024, E835: 133, E898: 120 };

describe('ARGE 3.05 field tables', () => {
  it.each(RECORD_TYPES)('%s: every field at the position, length, form and obligation the PDF gives', (type) => {
    const ours = RECORDS[type].fields.map((f) => {
      const form = f.kind === 'free' ? '-' : f.form === 'N' ? 'N' : 'A';
      const must = f.kind === 'free' ? 'K' : f.mandatory ? 'M' : 'K';
      return `${String(f.no)} ${String(f.from)}-${String(f.from + f.length - 1)} ${form} ${must}${f.decimals > 0 ? ` ${String(f.decimals)}` : ''}`;
    });
    expect(ours).toEqual(PDF[type]!.split('|'));
  });

  it.each(RECORD_TYPES)('%s: fields numbered 1…n, contiguous from position 1, lengths summing to the record length', (type) => {
    const spec = RECORDS[type];
    expect(spec.length).toBe(LENGTHS[type]);
    let at = 1;
    spec.fields.forEach((f, i) => {
      expect(f.no).toBe(i + 1);
      expect(f.from, `${type} field ${String(f.no)}`).toBe(at);
      at += f.length;
    });
    expect(spec.fields.reduce((s, f) => s + f.length, 0)).toBe(spec.length);
  });

  it.each(RECORD_TYPES)('%s: unique names, the type mark first, numbers with their digits, dates six places', (type) => {
    const spec = RECORDS[type];
    const names = spec.fields.filter((f) => f.kind !== 'free').map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(spec.fields[0]).toMatchObject({ kind: 'marker', marker: type });
    for (const f of spec.fields) {
      if (f.kind === 'date') expect(f.length).toBe(6);
      if (f.kind === 'period') expect(f.length).toBe(12);
      if (f.decimals > 0) expect(f.form).toBe('N');
    }
    const last = spec.fields.at(-1)!;
    if (type.length === 1) expect(last).toMatchObject({ kind: 'marker', marker: type, from: spec.length });
  });
});
