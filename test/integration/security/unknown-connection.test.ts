/**
 * A well-formed connection id that is not configured is refused before anything is written: no workspace folder
 * appears for it, and nothing stays open.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKSPACES_FOLDER } from '@main/app/workspaces';
import { useGateApp } from '@test/support/gate-app';

const app = useGateApp('kb-unknown-connection-');

async function foldersUnder(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

describe('an unknown connection id', () => {
  it.each([
    ['drafts:list', () => app.call('drafts:list', { connectionId: 'gibt-es-nicht' })],
    ['units:list', () => app.call('units:list', { connectionId: 'gibt-es-nicht' })],
    ['archive:list', () => app.call('archive:list', { connectionId: 'gibt-es-nicht' })],
  ] as const)('is refused by %s before a workspace folder is created', async (_channel, call) => {
    const { dataDir } = await app.call('app:info', undefined);
    await expect(call()).rejects.toThrow(/VALIDATION Diese Verbindung gibt es nicht/);
    expect(await foldersUnder(join(dataDir, WORKSPACES_FOLDER))).not.toContain('gibt-es-nicht');
  });

  it('still opens the workspace of a configured connection', async () => {
    expect(await app.call('drafts:list', { connectionId: 'demo' })).toEqual([]);
    const { dataDir } = await app.call('app:info', undefined);
    expect(await foldersUnder(join(dataDir, WORKSPACES_FOLDER))).toEqual(['demo']);
  });
});
