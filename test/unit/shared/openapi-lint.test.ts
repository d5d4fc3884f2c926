/**
 * resources/openapi.yaml against an independent linter: @redocly/cli with its recommended rules reports no error
 * and no warning (issue 9). The sanity case lints a copy with a known defect, so a linter that reports nothing at
 * all cannot pass this test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';

const YAML_FILE = fileURLToPath(new URL('../../../resources/openapi.yaml', import.meta.url));
const REDOCLY = fileURLToPath(new URL('../../../node_modules/.bin/redocly', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'kb-openapi-lint-'));

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

type Report = { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };

function lint(file: string): Report {
  expect(existsSync(REDOCLY), '@redocly/cli is not installed: it belongs in devDependencies').toBe(true);
  const run = spawnSync(REDOCLY, ['lint', file, '--extends=recommended', '--format=json'], {
    encoding: 'utf8',
    // No telemetry or update check: the build machines have no internet.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    timeout: 60_000,
  });
  const json = run.stdout.slice(run.stdout.indexOf('{'));
  expect(json, `redocly printed no report: ${run.stderr}`).not.toBe('');
  return JSON.parse(json) as Report;
}

const problems = (r: Report): string[] => r.problems.map((p) => `${p.ruleId}: ${p.message}`);

describe('@redocly/cli lint (recommended rules)', () => {
  it('finds no error and no warning in resources/openapi.yaml', () => {
    const report = lint(YAML_FILE);
    expect(problems(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('does report a document without licence and without error replies', () => {
    const doc = parse(readFileSync(YAML_FILE, 'utf8')) as {
      info: Record<string, unknown>;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    delete doc.info.license;
    const described = doc.paths['/openapi.yaml']?.get;
    if (described) described.responses = { '200': described.responses['200'] };
    const broken = join(scratch, 'broken.yaml');
    writeFileSync(broken, stringify(doc));

    const report = lint(broken);

    expect(problems(report)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^info-license:/), expect.stringMatching(/^operation-4xx-response:/)]),
    );
    expect(report.totals.warnings).toBeGreaterThan(0);
  }, 60_000);
});
