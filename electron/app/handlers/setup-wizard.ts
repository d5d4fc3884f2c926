/** Handlers of the `setup-wizard:*` channels: where each property's send-for-matching wizard stands. */
import type { Handlers } from '@main/ipc/gate';
import type { WizardDrafts } from '@main/app/wizard-drafts';

type WizardHandlers = Pick<Handlers, `setup-wizard:${string}` & keyof Handlers>;

export function setupWizardHandlers(drafts: WizardDrafts): WizardHandlers {
  return {
    'setup-wizard:get': ({ connectionId, billingunit }) => drafts.get(connectionId, billingunit),
    'setup-wizard:save': ({ connectionId, billingunit, draft }) => drafts.save(connectionId, billingunit, draft),
  };
}
