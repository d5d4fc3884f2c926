/**
 * `npm run arge -- export --template T.json --fill F.json --customer NR [--msc KEY] [--order-criterion unit]
 * [--out DIR] [--lang en]` writes the DTM and DTK files of a draft and prints their paths;
 * `npm run arge -- read FILE…` prints one JSON object per record and names every malformed record on stderr
 * (exit code 1). See docs/arge.md.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readArgeFile, ARGE_READ_LIMITS } from '@shared/arge/read';
import type { ReadIssue } from '@shared/arge/read';
import type { ExportOptions } from '@shared/arge/from-draft';
import { FilledTemplate, Template } from '@shared/msc/billing-input';
import { describeIssues } from '@shared/msc/primitives';
import { exportArgeFiles } from '@main/services/arge/export-files';
import { exportIssueText, readIssueText } from '@renderer/features/arge/issue-text';
import type { Lang } from '@renderer/features/arge/issue-text';

export type Io = { out: (line: string) => void; err: (line: string) => void };

const USAGE = [
  'Aufruf:',
  '  npm run arge -- export --template T.json --fill F.json --customer NR [--msc KEY] [--order-criterion partner|unit] [--out DIR] [--lang de|en]',
  '  npm run arge -- read DATEI… [--lang de|en]',
].join('\n');

async function readJson(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new Error(`${what} „${path}“ lässt sich nicht lesen.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${what} „${path}“ ist kein JSON.`);
  }
}

async function runExport(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      template: { type: 'string' },
      fill: { type: 'string' },
      customer: { type: 'string' },
      msc: { type: 'string' },
      'order-criterion': { type: 'string', default: 'partner' },
      out: { type: 'string', default: '.' },
      lang: { type: 'string', default: 'de' },
    },
  });
  const lang: Lang = values.lang === 'en' ? 'en' : 'de';
  if (values.template === undefined || values.fill === undefined || values.customer === undefined) {
    io.err(`--template, --fill und --customer sind Pflicht.\n${USAGE}`);
    return 2;
  }
  const criterion = values['order-criterion'];
  if (criterion !== 'partner' && criterion !== 'unit') {
    io.err(`--order-criterion muss „partner“ oder „unit“ sein, nicht „${criterion}“.`);
    return 2;
  }
  const template = Template.safeParse(await readJson(values.template, 'Die Schablone'));
  const fill = FilledTemplate.safeParse(await readJson(values.fill, 'Die ausgefüllte Schablone'));
  if (!template.success || !fill.success) {
    if (!template.success) for (const l of describeIssues(template.error)) io.err(`${values.template}: ${l}`);
    if (!fill.success) for (const l of describeIssues(fill.error)) io.err(`${values.fill}: ${l}`);
    return 1;
  }
  const opts: ExportOptions = {
    customerNumber: values.customer,
    orderCriterion: criterion,
    ...(values.msc === undefined ? {} : { mscKey: values.msc }),
  };
  const result = await exportArgeFiles(template.data, fill.data, opts, resolve(values.out));
  for (const issue of result.issues) {
    io.err(
      `${issue.severity === 'error' ? (lang === 'de' ? 'Fehler' : 'Error') : lang === 'de' ? 'Hinweis' : 'Note'}: ${exportIssueText(lang, issue)}`,
    );
  }
  if (!result.ok) return 1;
  for (const f of result.files) io.out(f.path);
  return 0;
}

async function runRead(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { lang: { type: 'string', default: 'de' } },
  });
  const lang: Lang = values.lang === 'en' ? 'en' : 'de';
  if (positionals.length === 0) {
    io.err(USAGE);
    return 2;
  }
  let failed = false;
  for (const path of positionals) {
    const file = basename(path);
    let issues: ReadIssue[];
    try {
      const size = (await stat(path)).size;
      if (size > ARGE_READ_LIMITS.bytes) {
        issues = [{ code: 'ARGE_FILE_TOO_LARGE', file, limit: ARGE_READ_LIMITS.bytes }];
      } else {
        const result = readArgeFile(new Uint8Array(await readFile(path)), file);
        for (const r of result.records) io.out(JSON.stringify({ file, line: r.line, type: r.type, fields: r.values }));
        issues = result.issues;
      }
    } catch {
      io.err(`${path}: ${lang === 'de' ? 'lässt sich nicht lesen' : 'cannot be read'}.`);
      failed = true;
      continue;
    }
    for (const issue of issues) io.err(readIssueText(lang, issue));
    if (issues.length > 0) failed = true;
  }
  return failed ? 1 : 0;
}

export async function runArgeCli(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'export') return await runExport(rest, io);
    if (command === 'read') return await runRead(rest, io);
  } catch (err) {
    io.err(err instanceof Error ? err.message : String(err));
    return 2;
  }
  io.err(USAGE);
  return 2;
}
