/** `npm run arge` as a script runs it: a child process, files on disk, stdout, stderr and the exit code. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baseSubmission, baseTemplate } from '@test/fixtures/billing-input';

const dir = mkdtempSync(join(tmpdir(), 'arge-cli-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

type Run = { code: number; stdout: string; stderr: string };
function arge(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/arge.ts', ...args],
      { cwd: process.cwd(), encoding: 'utf8' },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('npm run arge', () => {
  const template = join(dir, 'T.json');
  const fill = join(dir, 'F.json');
  const out = join(dir, 'out');
  writeFileSync(template, JSON.stringify(baseTemplate()));
  writeFileSync(fill, JSON.stringify(baseSubmission()));

  it(
    'export writes the DTM and DTK files, prints their paths, and read prints one JSON object per record',
    { timeout: 60_000 },
    async () => {
      const run = await arge(
        'export',
        '--template',
        template,
        '--fill',
        fill,
        '--customer',
        '12345',
        '--msc',
        '40',
        '--out',
        out,
      );
      expect(run.stderr).toContain('Hinweis: Lieferung vom 14.02.2025 (Brennstoff 1): Die CO2-Angaben');
      expect(run.code).toBe(0);
      const printed = run.stdout.trim().split('\n');
      expect(printed).toHaveLength(2);
      expect(printed[0]).toMatch(/DTM305_\d{14}\.DAT$/);
      expect(printed[1]).toMatch(/DTK305_\d{14}\.DAT$/);
      expect(readdirSync(out).sort()).toEqual(printed.map((p) => p.slice(out.length + 1)).sort());

      const read = await arge('read', ...printed);
      expect(read.code).toBe(0);
      const records = read.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; line: number; fields: Record<string, string> });
      expect(records.filter((r) => r.type === 'M')).toHaveLength(baseSubmission().billingrecipients.length);
      const schmidt = records.find((r) => r.type === 'M' && r.fields.pmReference === 'P-1001')!;
      expect(schmidt.fields).toMatchObject({
        userName1: 'Schmidt',
        heatingPrepaymentGross: '1200.00',
        occupancy: '2025-01-01/2025-12-31',
        vacancy: '0',
      });
      expect(records.find((r) => r.type === 'K' && r.fields.costKey === '228')?.fields.costText).toBe('Legionellenprüfung');
    },
  );

  it('read exits non-zero naming file and line of a malformed record', { timeout: 60_000 }, async () => {
    const [name] = readdirSync(out).filter((n) => n.startsWith('DTK'));
    const bytes = readFileSync(join(out, name!));
    const broken = join(dir, 'DTK305_BROKEN.DAT');
    bytes[3 * 1026 + 80] = 0x4f; // a letter "O" inside the gross amount of line 4
    writeFileSync(broken, bytes.subarray(0, bytes.length - 300));
    const run = await arge('read', broken);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'DTK305_BROKEN.DAT, Zeile 4: Im K-Satz steht in Feld 11 an Stelle 81 ein Zeichen, das in einem Zahlenfeld nicht stehen darf.',
    );
    expect(run.stderr).toMatch(
      /DTK305_BROKEN\.DAT, Zeile \d+: Die Datei endet mitten im K-Satz \(726 von 1024 Zeichen\); sie ist abgeschnitten\./,
    );
    const english = await arge('read', broken, '--lang', 'en');
    expect(english.stderr).toContain('DTK305_BROKEN.DAT, line 4: in the K record, field 11 has a character at position 81');
  });

  it('export refuses a draft the records cannot carry, names the place and writes nothing', { timeout: 60_000 }, async () => {
    const f = baseSubmission();
    f.ancillaryinvoices[0]!.amounts.grossamount = '100000000.00';
    const badFill = join(dir, 'bad.json');
    writeFileSync(badFill, JSON.stringify(f));
    const empty = join(dir, 'empty');
    const run = await arge('export', '--template', template, '--fill', badFill, '--customer', '12345', '--out', empty);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'Fehler: Nebenkostenrechnung, Kostenart 236, vom 10.12.2025: Betrag (brutto) 100.000.000,00 ist zu groß',
    );
    expect(() => readdirSync(empty)).toThrow();
  });
});
