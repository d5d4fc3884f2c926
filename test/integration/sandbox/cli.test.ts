import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OverviewPage } from '@shared/msc/billing-unit-data';
import { api, tempDir, tokenFor } from '@test/integration/sandbox/helpers';

let dir: Awaited<ReturnType<typeof tempDir>>;
let child: ChildProcessWithoutNullStreams;
let output = '';

/** Resolves with stdout once `pattern` appears in it. */
function waitForOutput(pattern: RegExp, timeoutMs = 20_000): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const m = pattern.exec(output);
      if (m) {
        clearTimeout(timer);
        child.stdout.off('data', check);
        resolve(m);
      }
    };
    const timer = setTimeout(() => {
      reject(new Error(`no match for ${String(pattern)} in output:\n${output}`));
    }, timeoutMs);
    child.stdout.on('data', check);
    check();
  });
}

beforeAll(async () => {
  dir = await tempDir();
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
  child = spawn(tsx, ['electron/sandbox/cli.ts', '--port', '0', '--data', dir.path, '--reset', '--seed-large', '20'], {
    cwd: process.cwd(),
  });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    output += chunk;
  });
});

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  await dir.remove();
});

it('prints the URL on its own line with the profiles, demo credentials and operator token, serves, and stops on SIGTERM', async () => {
  const [, url] = await waitForOutput(/^(http:\/\/127\.0\.0\.1:\d+)$/m);
  const [, operatorToken] = await waitForOutput(/^Operator-Token: (\S+)$/m);
  expect(output).toContain('client_id=demo client_secret=demo-secret');
  expect(output).toMatch(/seed: \/billingunits/);
  expect(output).toMatch(/bved-v1: \/billingunitdata\/v1\/billingunits/);

  const page = OverviewPage.parse((await api(url!, await tokenFor(url!)).get('/billingunits?limit=1')).body);
  expect(page.totalentries).toBe(23);
  expect((await api(url!, operatorToken).get('/_operator/manual')).status).toBe(200);

  child.kill('SIGTERM');
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code).toBe(0);
  expect(output).toContain('Demo-Messdienst beendet.');
});
