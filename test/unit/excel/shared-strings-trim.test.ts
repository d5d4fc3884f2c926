import { describe, expect, it } from 'vitest';
import { firstStrings, highestStringIndex } from '@main/services/excel/shared-strings-trim';
import { openXlsx } from '@main/services/excel/xlsx-package';
import { importUsageUnits } from '@main/services/excel/usage-unit-import';
import { usageUnitWorkbook } from '@test/fixtures/excel/workbooks';
import { sharedStringsBomb } from '@test/unit/excel/hostile-workbooks';

/** How many bytes of the prepared zip the shared-string table takes (its parts lie one after the other). */
function preparedSize(xlsx: Buffer): number {
  const opened = openXlsx(xlsx);
  if (!opened.ok) throw new Error(opened.issue.message);
  const sheet = opened.pkg.sheets[0];
  if (!sheet) throw new Error('no sheet');
  const prepared = opened.pkg.prepareSheet(sheet);
  if (!prepared.ok) throw new Error(prepared.issue.message);
  return prepared.zip.reduce((n, b) => n + b.length, 0);
}

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

  it('also reads single quotes, long prefixes and whitespace between the tags', () => {
    expect(highestStringIndex(Buffer.from("<c r='A1' t='s'><v>12</v></c><c r='A2' t=\"s\"><v>3</v></c>"))).toBe(12);
    expect(highestStringIndex(Buffer.from('<main-ns-1:c r="A1" t="s">\n  <main-ns-1:v>31</main-ns-1:v></main-ns-1:c>'))).toBe(31);
    expect(highestStringIndex(Buffer.from('<cc r="A1" t="s"><v>40</v></cc><c r="A2" t="s"><v>5</v></c>'))).toBe(5);
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

  it('cuts a prefixed table and is not misled by "si" inside the text', () => {
    const table = Buffer.from(
      '<x:sst xmlns:x="x"><x:si><x:t>Haus sind sieben</x:t></x:si><x:si/><x:si><x:t>Basis</x:t></x:si></x:sst>',
      'utf8',
    );
    expect(firstStrings(table, 1).toString()).toBe('<x:sst xmlns:x="x"><x:si><x:t>Haus sind sieben</x:t></x:si></x:sst>');
    expect(firstStrings(table, 2).toString()).toBe('<x:sst xmlns:x="x"><x:si><x:t>Haus sind sieben</x:t></x:si><x:si/></x:sst>');
    expect(firstStrings(table, 3)).toBe(table);
  });

  it('leaves a table it cannot read safely as it is', () => {
    const broken = Buffer.from('<sst><si><t>a</t></si><si><t>b</t>', 'utf8');
    expect(firstStrings(broken, 1)).toBe(broken);
  });

  it('an import cuts a table that outweighs its sheet and still reads every text it uses', async () => {
    const plain = await usageUnitWorkbook();
    const bloated = sharedStringsBomb(plain, 2, 'nie benutzt');
    expect(preparedSize(bloated)).toBeLessThan(preparedSize(plain) + 1024);
    expect(await importUsageUnits(bloated)).toEqual(await importUsageUnits(plain));
  });
});
