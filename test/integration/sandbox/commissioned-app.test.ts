/**
 * The app on a commissioned period (issue 9 item 3): the demo MSC answers 409 to VALIDATE as to SEND, and the clerk
 * reads the existing "already submitted bindingly" message for a test check and the "already commissioned" outcome
 * for a submission, also when it accepts warnings (which runs a test check first).
 */
import { describe, expect, it } from 'vitest';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { useGateApp } from '@test/support/gate-app';

const lastYear = { connectionId: 'demo', billingunit: '100200302', periodTo: '2024-12-31' };

describe('a commissioned period in the app', () => {
  const app = useGateApp('kb-commissioned-', { emptyResources: true });

  it('refuses a test check with the 409 message and answers a submission with already-commissioned', async () => {
    const h = app.context.handlers;
    const filled = demoSubmission(await h['templates:get'](lastYear));
    const refused = await h['templates:check']({ ...lastYear, filled }).then(
      () => undefined,
      (err: unknown) => err as { appError?: { code: string; key?: string; message: string } },
    );
    expect(refused?.appError).toMatchObject({ code: 'CONFLICT', key: 'reply.409' });
    expect(refused?.appError?.message).toContain('bereits beauftragt');
    await expect(h['templates:submit']({ ...lastYear, filled, ignoreWarnings: true })).resolves.toMatchObject({
      status: 'already-commissioned',
    });
    await expect(h['templates:submit']({ ...lastYear, filled, ignoreWarnings: false })).resolves.toMatchObject({
      status: 'already-commissioned',
    });
  });
});
