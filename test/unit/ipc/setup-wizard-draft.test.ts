/**
 * Where the send-for-matching wizard stands is kept in the data folder: typed rows come back after the app is
 * closed and started again on the same folder; forgetting it removes it; a damaged file counts as none.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WizardDraft } from '@shared/ipc/channels/setup-wizard';
import { WIZARD_FOLDER } from '@main/app/wizard-drafts';
import { tempDir } from '@test/unit/ipc/helpers';
import { openGateApp } from '@test/support/gate-app';

const where = { connectionId: 'demo', billingunit: '100200301' };
const typed: WizardDraft = {
  step: 'edit',
  purpose: 'new',
  rows: [{ key: 'row-1', pm: 'LE-NEU-01', description: '', floor: '5. OG', position: '', livingarea: '48,5', meternumbers: '' }],
};

describe('the wizard across a restart', () => {
  it('keeps typed rows until the wizard forgets them', async () => {
    const dataDir = await tempDir('kb-wizard-');
    let app = openGateApp(dataDir);
    expect(await app.call('setup-wizard:get', where)).toBeNull();
    await app.call('setup-wizard:save', { ...where, draft: typed });
    await app.context.close();

    app = openGateApp(dataDir);
    expect(await app.call('setup-wizard:get', where)).toEqual(typed);
    expect(await app.call('setup-wizard:get', { ...where, billingunit: '100200302' })).toBeNull();
    await app.call('setup-wizard:save', { ...where, draft: null });
    expect(await app.call('setup-wizard:get', where)).toBeNull();
    await app.context.close();
  });

  it('starts afresh when the saved file is damaged, and refuses a draft outside the contract', async () => {
    const dataDir = await tempDir('kb-wizard-');
    const app = openGateApp(dataDir);
    await app.call('setup-wizard:save', { ...where, draft: typed });
    await writeFile(join(dataDir, WIZARD_FOLDER, 'demo', '100200301.json'), '{"step":"edit","rows":');
    expect(await app.call('setup-wizard:get', where)).toBeNull();
    await expect(
      app.call('setup-wizard:save', {
        ...where,
        draft: { step: 'edit', purpose: 'new', rows: 'alle' } as unknown as WizardDraft,
      }),
    ).rejects.toThrow(/VALIDATION/);
    await app.context.close();
  });
});
