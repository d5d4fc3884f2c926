/**
 * What the team integration tests share: a suite that needs PostgreSQL (it says why it cannot run where the binaries
 * are missing, and fails in CI, where `.ci/run` installs them), and waiting for another desk to catch up.
 */
import { describe, it } from 'vitest';
import { findPostgresBin } from '@test/support/postgres-cluster';

const found = findPostgresBin();

/** `describe(name, body)` where PostgreSQL is installed; elsewhere one test naming what is missing. */
export function describeOnPostgres(name: string, body: () => void): void {
  if ('missing' in found) {
    const missing = found.missing;
    describe(name, () => {
      (process.env.CI ? it : it.skip)(`cannot run: ${missing}`, () => {
        throw new Error(missing);
      });
    });
  } else {
    describe(name, body);
  }
}

/** Reads until `ok` holds, up to `ms`; the error names what was awaited and what was last read. */
export async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
