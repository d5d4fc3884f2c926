/**
 * A team desk's own certificate paths (electron/app/desk-certificates.ts): kept per connection, removed one by one,
 * and a file that cannot be read is kept beside, not lost, while the desk asks for its files again.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeskCertificates, DESK_CERTIFICATES_FILE } from '@main/app/desk-certificates';

const dirs: string[] = [];
async function dir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'kb-desk-certs-'));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

const one = { certPath: '/daten/zertifikate/cert-1.pem', keyPath: '/daten/zertifikate/key-1.pem' };
const two = { certPath: '/daten/zertifikate/cert-2.pem', keyPath: '/daten/zertifikate/key-2.pem', caPath: '/daten/ca.pem' };

describe("a desk's own certificate paths", () => {
  it('keeps them per connection across a restart and removes one without touching the other', async () => {
    const d = await dir();
    const path = join(d, DESK_CERTIFICATES_FILE);
    const store = createDeskCertificates(path);
    await Promise.all([store.set('a', one), store.set('b', two)]);
    const again = createDeskCertificates(path);
    expect(await again.get('a')).toEqual(one);
    expect(await again.get('b')).toEqual(two);
    await again.delete('a');
    expect(await again.get('a')).toBeUndefined();
    expect(await again.get('b')).toEqual(two);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ version: 1, connections: { b: two } });
  });

  it('keeps an unreadable file beside and starts without paths', async () => {
    const d = await dir();
    const path = join(d, DESK_CERTIFICATES_FILE);
    await writeFile(path, '{ kaputt');
    const store = createDeskCertificates(path);
    expect(await store.get('a')).toBeUndefined();
    expect((await readdir(d)).some((f) => f.startsWith(`${DESK_CERTIFICATES_FILE}.corrupt-`))).toBe(true);
    await store.set('a', one);
    expect(await store.get('a')).toEqual(one);
  });
});
