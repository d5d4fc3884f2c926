/**
 * ARGE files of a period and the agreements of a file-exchange connection (docs/arge.md). The export takes the
 * template from the connection's client; the customer number, MSC key and order-criteria setting come from the
 * connection when it is a file exchange, else the customer number from the MSC's overview.
 */
import type { Handlers } from '@main/ipc/gate';
import type { FileStore } from '@main/app/file-store';
import type { Workspaces } from '@main/app/workspaces';
import type { MscConnections } from '@main/app/msc-connections';
import type { SettingsStore } from '@main/services/settings/settings-store';
import type { MscClient } from '@main/services/msc-client/index';
import { exportOptionsOf } from '@main/services/arge/file-exchange-client';
import { agreementFromRecords } from '@shared/arge/agreement-from-files';
import { exportDraftToArge } from '@shared/arge/export';
import type { ExportOptions } from '@shared/arge/from-draft';
import { readArgeFile, type ReadRecord } from '@shared/arge/read';
import { appError } from '@shared/domain/app-error';

type ArgeHandlers = Pick<
  Handlers,
  'arge:export' | 'arge:agreements' | 'arge:agreement-save' | 'arge:agreement-from-files' | 'arge:written-file'
>;

export type ArgeDeps = { ws: Workspaces; files: FileStore; settings: SettingsStore; msc: MscConnections };

async function customerNumberOf(client: MscClient, billingunit: string): Promise<string> {
  for await (const b of client.iterateBillingUnits()) {
    if (b.billingunitMscnumber === billingunit) return b.customerMscnumber;
  }
  throw appError(
    'MSC_RESPONSE',
    { key: 'fileExchange.noCustomerNumber', params: { billingunit } },
    `Die Liegenschaft ${billingunit} steht nicht in der Übersicht des Messdienstes; ohne ihre Kundennummer lassen sich keine ARGE-Dateien schreiben.`,
  );
}

export function argeHandlers({ ws, files, settings, msc }: ArgeDeps): ArgeHandlers {
  async function optionsFor(connectionId: string, billingunit: string, client: MscClient): Promise<ExportOptions> {
    const connection = await settings.get(connectionId);
    if (connection?.target.kind === 'file-exchange') {
      const stored = (await msc.agreements(connectionId)).get(billingunit);
      if (stored) return exportOptionsOf({ ...connection, target: connection.target }, stored.agreement);
    }
    return { customerNumber: await customerNumberOf(client, billingunit) };
  }

  return {
    'arge:export': async ({ connectionId, billingunit, periodTo, filled }) => {
      const client = await ws.client(connectionId);
      const template = await client.getTemplate(billingunit, periodTo);
      const options = await optionsFor(connectionId, billingunit, client);
      const result = exportDraftToArge(template, filled, options, new Date());
      if (!result.ok) return { ok: false, issues: result.issues };
      const offered = result.files.map((f) => {
        const stored = files.put(f.name, f.bytes);
        return { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength };
      });
      return { ok: true, files: offered, notes: result.issues };
    },
    'arge:agreements': async ({ connectionId }) => (await msc.agreements(connectionId)).list(),
    'arge:agreement-save': async ({ connectionId, agreement }) => {
      // The client reads the agreements live, so the Übersicht and the period lists show the change at once.
      return (await msc.agreements(connectionId)).save(agreement);
    },
    'arge:agreement-from-files': async ({ connectionId, fileIds }) => {
      const connection = await settings.get(connectionId);
      if (connection?.target.kind !== 'file-exchange')
        throw appError('VALIDATION', { key: 'connection.noFileExchange' }, 'Diese Verbindung tauscht keine Dateien aus.');
      const records: ReadRecord[] = [];
      let unreadable = 0;
      for (const id of fileIds) {
        const file = files.get(id);
        if (!file)
          throw appError('VALIDATION', { key: 'file.gone' }, 'Die gewählte Datei ist nicht mehr da. Bitte erneut wählen.');
        const read = readArgeFile(file.bytes, file.name);
        records.push(...read.records);
        unreadable += read.issues.length;
      }
      if (records.length === 0) {
        throw appError(
          'VALIDATION',
          { key: 'fileExchange.noRecords' },
          'In den gewählten Dateien steht kein lesbarer ARGE-Satz.',
          { reason: 'no-records' },
        );
      }
      const derived = agreementFromRecords(records, connection.target.orderCriterion);
      return { ...derived, unreadable };
    },
    'arge:written-file': async ({ connectionId, transactionid, name }) => {
      const bytes = await (await msc.agreements(connectionId)).readFile(transactionid, name);
      if (!bytes) {
        throw appError(
          'STORAGE',
          { key: 'fileExchange.writtenFileGone', params: { name } },
          `Die Datei ${name} ist im Datenordner nicht mehr vorhanden oder wurde seitdem verändert.`,
          {
            reason: 'written-file-missing',
          },
        );
      }
      const stored = files.put(name, bytes);
      return { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength };
    },
  };
}
