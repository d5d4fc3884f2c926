import { describe, expect, it } from 'vitest';
import { firstStrings, highestStringIndex } from '@main/services/excel/shared-strings-trim';

const sst = (items: string) =>
  Buffer.from(`<?xml version="1.0"?><sst xmlns="x" count="9" uniqueCount="9">${items}</sst>`, 'utf8');

describe('shared-string table cut to what the sheet uses', () => {
  it('finds the highest index among shared-string cells only', () => {
    const sheet =
      '<sheetData><row r="1"><c r="A1" t="s"><v>2</v></c><c r="B1" s="3" t="s"><v>7</v></c><c r="C1"><v>900</v></c>' +
      '<c r="D1" t="n"><v>1000</v></c></row></sheetData>';
    expect(highestStringIndex(Buffer.from(sheet))).toBe(7);
    expect(highestStringIndex(Buffer.from('<sheetData><row r="1"><c r="A1"><v>3</v></c></row></sheetData>'))).toBe(-1);
    expect(highestStringIndex(Buffer.from('<x:c r="A1" t="s"><x:v>4</x:v></x:c>'))).toBe(4);
    expect(highestStringIndex(Buffer.from('<row r="1" t="s"><c r="A1"><v>9</v></c></row>'))).toBe(-1);
  });

  it('keeps the first strings and the closing tag, and leaves a table without extra strings alone', () => {
    const table = sst('<si><t>a</t></si><si><r><t>b</t></r></si><si/><si><t>d</t></si>');
    expect(firstStrings(table, 2).toString()).toBe(
      '<?xml version="1.0"?><sst xmlns="x" count="9" uniqueCount="9"><si><t>a</t></si><si><r><t>b</t></r></si></sst>',
    );
    expect(firstStrings(table, 3).toString()).toContain('<si/></sst>');
    expect(firstStrings(table, 4)).toBe(table);
    expect(firstStrings(table, 10)).toBe(table);
    expect(firstStrings(table, 0).toString()).toBe('<?xml version="1.0"?><sst xmlns="x" count="9" uniqueCount="9"></sst>');
  });

  it('leaves a table it cannot read safely as it is', () => {
    const broken = Buffer.from('<sst><si><t>a</t></si><si><t>b</t>', 'utf8');
    expect(firstStrings(broken, 1)).toBe(broken);
  });
});
