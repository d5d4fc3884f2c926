/**
 * Issue 19, item 12: a damaged preferences.json silently fell back to the defaults and was overwritten by the
 * next change. It is set aside with its content and reported instead.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createPreferencesStore } from '@main/app/preferences';
import { DEFAULT_PREFERENCES } from '@shared/ipc/channels/preferences';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kb-prefs-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('sets a damaged preferences file aside, reports it, and a later change does not overwrite the damaged copy', async () => {
  const damaged = '{"language":"en","the';
  await writeFile(join(dir, 'preferences.json'), damaged);
  const store = createPreferencesStore(dir);

  expect(await store.get()).toEqual(DEFAULT_PREFERENCES);
  await store.update({ language: 'en' });

  const [problem] = store.problems();
  expect(problem).toMatchObject({ key: 'preferences', file: join(dir, 'preferences.json') });
  expect(problem?.message).toContain('Voreinstellungen (Sprache, Ansicht) war beschädigt und wurde beiseitegelegt');
  expect(await readFile(problem!.movedTo!, 'utf8')).toBe(damaged);
  expect((await readdir(dir)).filter((n) => n.startsWith('preferences.json.corrupt-'))).toHaveLength(1);
  expect(store.problems()).toHaveLength(1);
});
