/** ARGE export of a period: the template from the MSC, the customer number from its overview, the files offered to save. */
import type { Handlers } from '@main/ipc/gate';
import type { FileStore } from '@main/app/file-store';
import type { Workspaces } from '@main/app/workspaces';
import { exportDraftToArge } from '@shared/arge/export';
import { AppErrorException } from '@shared/domain/app-error';

export function argeHandlers(ws: Workspaces, files: FileStore): Pick<Handlers, 'arge:export'> {
  return {
    'arge:export': async ({ connectionId, billingunit, periodTo, filled }) => {
      const client = await ws.client(connectionId);
      const template = await client.getTemplate(billingunit, periodTo);
      let customerNumber: string | undefined;
      for await (const b of client.iterateBillingUnits()) {
        if (b.billingunitMscnumber === billingunit) {
          customerNumber = b.customerMscnumber;
          break;
        }
      }
      if (customerNumber === undefined) {
        const message = `Die Liegenschaft ${billingunit} steht nicht in der Übersicht des Messdienstes; ohne ihre Kundennummer lassen sich keine ARGE-Dateien schreiben.`;
        throw new AppErrorException({ code: 'MSC_RESPONSE', message });
      }
      const result = exportDraftToArge(template, filled, { customerNumber }, new Date());
      if (!result.ok) return { ok: false, issues: result.issues };
      const offered = result.files.map((f) => {
        const stored = files.put(f.name, f.bytes);
        return { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength };
      });
      return { ok: true, files: offered, notes: result.issues };
    },
  };
}
