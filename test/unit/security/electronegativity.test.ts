/**
 * Electronegativity over the Electron code (main, window and security code, preload, services) and the renderer's
 * HTML with its CSP: no HIGH or MEDIUM finding may be left, except one suppressed in electronegativity.config.json
 * with its reason.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

type Config = {
  excludeChecks: { check: string; reason: string }[];
  suppress: { issue: string; file: string; reason: string }[];
};
type Finding = { issue: string; severity: string; file: string; location: string; sample: string };

const root = join(import.meta.dirname, '../../..');
const config = JSON.parse(readFileSync(join(root, 'electronegativity.config.json'), 'utf8')) as Config;
const electronVersion = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies.electron;

/** Splits one CSV line of the report (quoted fields may hold commas). */
function fields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

const stages: string[] = [];
afterAll(() => {
  for (const s of stages) rmSync(s, { recursive: true, force: true });
});

/** Scans a copy of the code; `change` may weaken the copy to show that the scan would notice. */
function scan(change?: (stage: string) => void): Finding[] {
  const stage = mkdtempSync(join(tmpdir(), 'kb-electronegativity-'));
  stages.push(stage);
  cpSync(join(root, 'electron'), join(stage, 'electron'), { recursive: true });
  cpSync(join(root, 'renderer/index.html'), join(stage, 'index.html'));
  change?.(stage);
  const report = join(stage, 'report.csv');
  const run = spawnSync(
    join(root, 'node_modules/.bin/electronegativity'),
    [
      ...['-i', stage, '-r', '-v', 'false', '-o', report],
      ...['-e', electronVersion ?? ''],
      ...['-x', config.excludeChecks.map((c) => c.check).join(',')],
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (run.status !== 0) throw new Error(`electronegativity failed: ${run.stderr}${run.stdout}`);
  const [, ...lines] = readFileSync(report, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  return lines.map((line) => {
    const [issue = '', severity = '', , file = '', location = '', sample = ''] = fields(line);
    return { issue, severity, file, location, sample };
  });
}

describe('Electronegativity', () => {
  it('finds no high or medium issue beyond the suppressed ones, and every suppression still matches', () => {
    expect(electronVersion).toMatch(/^\d+\.\d+\.\d+$/);
    const findings = scan();
    const serious = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM');
    const suppressed = (f: Finding) => config.suppress.some((s) => s.issue === f.issue && s.file === f.file);
    expect(serious.filter((f) => !suppressed(f))).toEqual([]);
    for (const s of config.suppress) {
      expect(s.reason.length, `reason for ${s.issue}`).toBeGreaterThan(20);
      expect(
        serious.some((f) => f.issue === s.issue && f.file === s.file),
        `stale suppression ${s.issue} ${s.file}`,
      ).toBe(true);
    }
  }, 150_000);

  it('would find a weakened window: context isolation switched off is reported', () => {
    const findings = scan((stage) => {
      const file = join(stage, 'electron/window.ts');
      const weakened = readFileSync(file, 'utf8').replace(/contextIsolation:\s*true/, 'contextIsolation: false');
      expect(weakened).toContain('contextIsolation: false');
      writeFileSync(file, weakened);
    });
    expect(findings.map((f) => f.issue)).toContain('CONTEXT_ISOLATION_JS_CHECK');
  }, 150_000);
});
