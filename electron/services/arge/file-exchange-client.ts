/**
 * The MSC client of a file-exchange connection (docs/arge.md, "File-exchange connection"): the same interface as
 * the client of an MSC with the API, answered from the agreement store, so the screens, the editor, the check and
 * the archive work unchanged. The test check is the ARGE check; the binding submission writes the DTM and DTK files
 * ("Dateien erzeugen") with the connection's customer number, MSC key and order-criteria setting, and marks the
 * period done. What only an MSC can do (bill, send results, match units itself) is refused with a clear message.
 */
import type { Agreement } from '@shared/arge/agreement';
import { agreementPeriod, agreementPeriods, templateFromAgreement } from '@shared/arge/agreement-template';
import { checkDraftForArge, exportDraftToArge } from '@shared/arge/export';
import type { ExportOptions } from '@shared/arge/from-draft';
import { appError } from '@shared/domain/app-error';
import type { Connection, FileExchangeTarget } from '@shared/domain/connection';
import type { BillingUnitSummary, SetupStatus } from '@shared/msc/billing-unit-data';
import type { Template } from '@shared/msc/billing-input';
import type { MscClient } from '@main/services/msc-client/index';
import type { AgreementStore } from '@main/services/arge/agreement-store';
import { argeCheckMessages } from '@main/services/arge/check-messages';

export type FileExchangeConnection = Pick<Connection, 'name' | 'mscCode'> & { target: FileExchangeTarget };

export type FileExchangeDeps = { connection: FileExchangeConnection; store: AgreementStore; now?: () => Date };

const PAGE = 100;

/** The answer of `task` as a promise; what it throws becomes the rejection, as from an MSC's reply. */
const later = <T>(task: () => T): Promise<T> => Promise.resolve().then(task);

/** The ARGE options of a property on this connection: M field 6 follows the connection's order-criteria setting. */
export function exportOptionsOf(connection: FileExchangeConnection, agreement: Agreement): ExportOptions {
  return {
    customerNumber: connection.target.customerNumber,
    mscKey: connection.mscCode,
    orderCriterion: connection.target.orderCriterion,
    property: {
      street: agreement.address.street,
      postalcode: agreement.address.postalcode,
      city: agreement.address.city,
      country: 'DEU',
      ...(agreement.pmnumber === undefined ? {} : { pmnumber: agreement.pmnumber }),
    },
  };
}

export function createFileExchangeClient({ connection, store, now = () => new Date() }: FileExchangeDeps): MscClient {
  const agreementOf = (bu: string): Agreement => {
    const stored = store.get(bu);
    if (!stored) {
      throw appError(
        'VALIDATION',
        { key: 'fileExchange.noAgreement', params: { billingunit: bu, connection: connection.name } },
        `Für die Liegenschaft ${bu} ist bei „${connection.name}“ keine Vereinbarung erfasst.`,
        { reason: 'not-found' },
      );
    }
    return stored.agreement;
  };
  const summaryOf = (bu: string): BillingUnitSummary => {
    const stored = store.get(bu);
    if (!stored) agreementOf(bu);
    const a = (stored as NonNullable<typeof stored>).agreement;
    return {
      billingunitMscnumber: a.billingunit,
      ...(a.pmnumber === undefined ? {} : { billingunitPmnumber: a.pmnumber }),
      customerMscnumber: connection.target.customerNumber,
      address: a.address,
      setupstatus: 'COMPLETED',
      lastupdate: (stored as NonNullable<typeof stored>).updatedAt,
    };
  };
  const status = (bu: string): SetupStatus => ({
    ...summaryOf(bu),
    matched: agreementOf(bu).units.map((u) => ({
      residentialunitMscnumber: u.residentialunitMscnumber,
      residentialunitPmnumber: u.residentialunitPmnumber,
    })),
  });
  const templateOf = (bu: string, to: string): Template => {
    const agreement = agreementOf(bu);
    const period = agreementPeriod(agreement, to);
    if (!period)
      throw appError(
        'VALIDATION',
        { key: 'fileExchange.noPeriod', params: { billingunit: bu, to } },
        `Die Liegenschaft ${bu} hat keinen vereinbarten Zeitraum bis ${to}.`,
        { reason: 'not-found' },
      );
    return templateFromAgreement(agreement, period, store.roles(bu));
  };
  const refuseWritten = (bu: string, to: string): void => {
    if (store.written(bu).has(to))
      throw appError(
        'CONFLICT',
        { key: 'fileExchange.filesWritten', params: { billingunit: bu } },
        `Für die Liegenschaft ${bu} sind die Dateien dieses Zeitraums schon erzeugt.`,
      );
  };
  // Each refused operation has its own key, so the English text does not embed the German phrase `what`.
  const onlyWithApi = (key: 'sendSetup' | 'getBillingResult' | 'getBillingResultDocument', what: string) => (): Promise<never> =>
    Promise.reject(
      appError(
        'CONFLICT',
        { key: `fileExchange.onlyWithApi.${key}`, params: { connection: connection.name } },
        `${what} gibt es bei „${connection.name}“ nicht: Mit diesem Messdienst werden Dateien ausgetauscht, nicht über die Schnittstelle.`,
      ),
    );

  return {
    listBillingUnits: (query = {}) =>
      later(() => {
        const offset = Number(query.offset ?? 0);
        const limit = Number(query.limit ?? PAGE);
        const all = store.list().map((s) => summaryOf(s.agreement.billingunit));
        return { totalentries: all.length, offset, limit, billingunits: all.slice(offset, offset + limit) };
      }),
    async *iterateBillingUnits() {
      for (const s of await later(() => store.list())) yield summaryOf(s.agreement.billingunit);
    },
    getSetupStatus: (bu) => later(() => status(bu)),
    getMatchingResult: (bu) => later(() => ({ ...status(bu), unmatchedDerived: false })),
    sendSetup: onlyWithApi('sendSetup', 'Das Übermitteln von Nutzeinheiten'),
    listBillingPeriods: (bu) =>
      later(() =>
        agreementPeriods(
          agreementOf(bu),
          now().toISOString().slice(0, 10),
          new Map([...store.written(bu)].map(([to, set]) => [to, { transactionid: set.transactionid, at: set.at }])),
        ),
      ),
    getTemplate: (bu, to) => later(() => templateOf(bu, to)),
    validate: (bu, to, filled) =>
      later(() => {
        refuseWritten(bu, to);
        const issues = checkDraftForArge(templateOf(bu, to), filled, exportOptionsOf(connection, agreementOf(bu)));
        return issues.length === 0 ? { ok: true } : { ok: false, messages: argeCheckMessages(issues, filled) };
      }),
    async send(bu, to, filled, { ignoreWarnings }) {
      const written = store.written(bu).get(to);
      if (written) return { status: 'already-commissioned', transactionid: written.transactionid };
      const result = exportDraftToArge(templateOf(bu, to), filled, exportOptionsOf(connection, agreementOf(bu)), now());
      const warnings = result.issues.filter((i) => i.severity === 'warning');
      if (!result.ok || (!ignoreWarnings && warnings.length > 0)) {
        return { status: 'rejected', messages: argeCheckMessages(result.issues, filled) };
      }
      const set = await store.writeFiles(bu, to, result.files);
      return { status: 'commissioned', transactionid: set.transactionid, confirmedBy: 'reply', files: set.files };
    },
    async deliverOnSiteRoles(bu, unit, roles) {
      if (!agreementOf(bu).units.some((u) => u.residentialunitMscnumber === unit)) {
        return {
          status: 'rejected',
          httpStatus: 404,
          messages: [
            {
              type: 'ERROR',
              shortmessage: 'UNIT_UNKNOWN',
              message: `Die Nutzeinheit ${unit} steht nicht in der Vereinbarung der Liegenschaft ${bu}.`,
              path: '',
            },
          ],
        };
      }
      const record = await store.putRoles(bu, unit, roles);
      return { status: 'accepted', transactionid: record.transactionid, acceptedat: record.acceptedat, messages: [] };
    },
    getOnSiteRoles: (bu, unit) => later(() => store.getRoles(bu, unit)),
    getBillingResult: onlyWithApi('getBillingResult', 'Abrechnungsergebnisse über die Schnittstelle'),
    getBillingResultDocument: onlyWithApi('getBillingResultDocument', 'Dokumente über die Schnittstelle'),
    health: () =>
      later(() => ({ latencyMs: 0, apiVersion: null, expectedApiVersion: 'ARGE 3.05', totalBillingUnits: store.list().length })),
    close: () => Promise.resolve(),
  };
}
