import { describe, expect, it } from 'vitest';
import type { Column } from 'react-datasheet-grid';
import { getField, setField } from '@renderer/components/grid/draft-path';
import type { Row } from '@renderer/components/grid/draft-path';
import { codeOf, fitsKind, pastedText } from '@renderer/components/grid/paste';
import type { CodeOption } from '@renderer/components/grid/paste';
import { kindOfField } from '@renderer/components/grid/value-kinds';
import { isBlock, parseBlock, spreadBlock } from '@renderer/components/grid/paste-block';
import { headerLayout, wrappedLines } from '@renderer/components/grid/header-layout';

const options = [
  { code: '221', label: 'Wartung' },
  { code: '231', label: 'Strom' },
];
/** Columns as columns.ts builds them for pasting (its cells are React components, which this test does not load). */
const column = (field: string, title: string, codes?: readonly CodeOption[], basis = 120): Column<Row> => {
  const kind = codes ? 'code' : kindOfField(field);
  return {
    id: field,
    title,
    basis,
    columnData: { fits: (raw: string) => fitsKind(kind, raw, codes) },
    pasteValue: ({ rowData, value }) => setField(rowData, field, codes ? codeOf(value.trim(), codes) : pastedText(kind, value)),
  };
};
const columns = [
  column('cost.key', 'Kostenart', options),
  column('invoicedate', 'Rechnungsdatum'),
  column('amounts.grossamount', 'Brutto'),
  column('vacancy', 'Leerstand'),
];
const createRow = (): Row => ({});

describe('pasting a block into the grid', () => {
  it('reads Excel’s text: tabs between cells, breaks between rows, a trailing break, quoted cells', () => {
    expect(parseBlock('1\t2\n3\t4\n')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseBlock('"a\tb"\t"x""y"\r\nc\t')).toEqual([
      ['a\tb', 'x"y'],
      ['c', ''],
    ]);
    expect(isBlock('1.234,56\n')).toBe(false);
    expect(isBlock('1\t2')).toBe(true);
    expect(isBlock('1\n2')).toBe(true);
  });

  it('spreads 2 rows × 2 columns from the cell it lands in, German numbers read as the clerk’s', () => {
    const rows: Row[] = [{}, {}];
    const spread = spreadBlock(rows, columns, { row: 1, col: 1 }, parseBlock('31.01.2025\t1.234,56\n28.02.2025\t99,5'), {
      lockRows: false,
      createRow,
    });
    expect(spread.rows).toHaveLength(3);
    expect(spread.rows[1]).toEqual({ invoicedate: '2025-01-31', amounts: { grossamount: '1234.56' } });
    expect(spread.rows[2]).toEqual({ invoicedate: '2025-02-28', amounts: { grossamount: '99.50' } });
    expect(spread.min).toEqual({ row: 1, col: 1 });
    expect(spread.max).toEqual({ row: 2, col: 2 });
    expect(spread.refused).toEqual([]);
  });

  it('names every pasted value its column cannot take: a date in the cost type, text in an amount', () => {
    const spread = spreadBlock([{}], columns, { row: 0, col: 0 }, parseBlock('31.12.2025\tWartung\tviel\tvielleicht'), {
      lockRows: false,
      createRow,
    });
    expect(spread.refused.map((r) => [r.field, r.value])).toEqual([
      ['cost.key', '31.12.2025'],
      ['invoicedate', 'Wartung'],
      ['amounts.grossamount', 'viel'],
      ['vacancy', 'vielleicht'],
    ]);
    expect(getField(spread.rows[0] ?? {}, 'cost.key')).toBe('31.12.2025');
  });

  it('takes a code by its label and keeps fixed rows fixed', () => {
    const spread = spreadBlock([{}], columns, { row: 0, col: 0 }, parseBlock('Strom\nWartung'), { lockRows: true, createRow });
    expect(spread.rows).toEqual([{ cost: { key: '231' } }]);
    expect(spread.refused).toEqual([]);
  });

  it('fills a selection with one pasted row', () => {
    const spread = spreadBlock([{}, {}, {}], columns, { row: 0, col: 2, toRow: 2 }, [['10,00']], { lockRows: true, createRow });
    expect(spread.rows.map((r) => getField(r, 'amounts.grossamount'))).toEqual(['10.00', '10.00', '10.00']);
  });

  it('checks a value by its column’s kind', () => {
    expect(fitsKind('money', '1.234,56 €')).toBe(true);
    expect(fitsKind('money', 'Wartung')).toBe(false);
    expect(fitsKind('date', '31.12.2025')).toBe(true);
    expect(fitsKind('date', '1.234,56')).toBe(false);
    expect(fitsKind('code', '221 – Wartung', options)).toBe(true);
    expect(fitsKind('code', '31.12.2025', options)).toBe(false);
    expect(fitsKind('bool', 'ja')).toBe(true);
    expect(fitsKind('bool', 'nein')).toBe(true);
    expect(fitsKind('text', '31.12.2025')).toBe(true);
  });
});

describe('column headers', () => {
  const measure = (s: string) => s.length * 7;

  it('widens a column to its title’s longest word and counts the wrapped lines', () => {
    const [factor, chimney] = headerLayout(
      [
        column('co2.emissionfactor', 'Emissionsfaktor', undefined, 110),
        column('allocations.HZ', 'HZ – Schornsteinfeger Rg.', undefined, 130),
      ],
      measure,
    ).columns;
    expect(factor?.basis).toBe(15 * 7 + 22);
    expect(chimney?.basis).toBe(16 * 7 + 22);
    expect(wrappedLines('HZ – Schornsteinfeger Rg.', 16 * 7, measure)).toBe(3);
    expect(headerLayout([column('x', 'HZ – Schornsteinfeger Rg.', undefined, 130)], measure).height).toBe(55);
  });
});

describe('signs around a pasted number (issue 19, code health: taken off in one place)', () => {
  it('reads the currency sign before or after, EUR, and the per-cent sign, with or without a space, as before', () => {
    for (const text of ['1.234,56 €', '€ 1.234,56', '€1.234,56', '1.234,56 EUR', 'EUR 1.234,56', '1.234,56\u00a0€'])
      expect(pastedText('money', text), text).toBe('1234.56');
    for (const text of ['12,5 %', '12,5%', ' 12,5 % ']) expect(pastedText('share', text), text).toBe('12.5');
    expect(pastedText('money', 'kein Betrag')).toBe('kein Betrag');
  });
});
