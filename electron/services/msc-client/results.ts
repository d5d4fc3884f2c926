/**
 * Billing Result on the MSC client (docs/msc-results.md): the result of a BILLED period and its documents (PDF).
 * Both are reads, retried like any GET. A document is checked to be a PDF before it is handed on, so an HTML error
 * page or a truncated body never lands in the archive as a tenant's statement.
 */
import { appError } from '@shared/domain/app-error';
import { formatGermanDate } from '@shared/domain/dates';
import { BillingResult, DocumentId } from '@shared/msc/billing-result';
import type { PathParamName } from '@shared/msc/operations';
import { BillingUnitNumber, IsoDate } from '@shared/msc/primitives';
import { parseReply } from '@main/services/msc-client/errors';
import type { HttpReply } from '@main/services/msc-client/http';
import { inputCheck } from '@main/services/msc-client/input-check';
import type { RetryPolicy } from '@main/services/msc-client/retry';

export type ResultsClient = {
  /** The result of a BILLED period; a period not billed yet fails with the MSC's 409 (code CONFLICT). */
  getBillingResult: (billingunit: string, to: string, opts?: { signal?: AbortSignal }) => Promise<BillingResult>;
  /** One document of the result as PDF bytes. */
  getBillingResultDocument: (
    billingunit: string,
    to: string,
    documentid: string,
    opts?: { signal?: AbortSignal },
  ) => Promise<Uint8Array>;
};

type ResultsCall = (
  name: 'getBillingResult' | 'getBillingResultDocument',
  c: {
    params: Partial<Record<PathParamName, string>>;
    retry: RetryPolicy;
    what: string;
    signal?: AbortSignal | undefined;
    binary?: boolean;
  },
) => Promise<HttpReply>;

export type ResultsDeps = { call: ResultsCall; fail: (reply: HttpReply, what: string) => never };

const PDF_MAGIC = '%PDF-';

const periodEnd = (to: string): string => (IsoDate.safeParse(to).success ? formatGermanDate(to) : to);

function period(bu: string, to: string): string {
  return `Liegenschaft ${bu}, Zeitraum bis ${periodEnd(to)}`;
}

export function createResultsClient({ call, fail }: ResultsDeps): ResultsClient {
  return {
    async getBillingResult(billingunit, to, opts) {
      const what = `Abruf des Abrechnungsergebnisses (${period(billingunit, to)})`;
      const checked = inputCheck('getBillingResult', what, { billingunit, to: periodEnd(to) });
      checked(BillingUnitNumber, billingunit, 'Liegenschaftsnummer');
      checked(IsoDate, to, 'Zeitraum-Ende');
      const reply = await call('getBillingResult', {
        params: { billingunit, 'billing-period-to': to },
        retry: 'idempotent',
        what,
        signal: opts?.signal,
      });
      if (reply.status !== 200) fail(reply, what);
      return parseReply(reply, BillingResult, what);
    },

    async getBillingResultDocument(billingunit, to, documentid, opts) {
      const what = `Abruf des Dokuments ${documentid} (${period(billingunit, to)})`;
      const checked = inputCheck('getBillingResultDocument', what, { billingunit, to: periodEnd(to), documentid });
      checked(BillingUnitNumber, billingunit, 'Liegenschaftsnummer');
      checked(IsoDate, to, 'Zeitraum-Ende');
      checked(DocumentId, documentid, 'Dokumentkennung');
      const reply = await call('getBillingResultDocument', {
        params: { billingunit, 'billing-period-to': to, documentid },
        retry: 'idempotent',
        what,
        signal: opts?.signal,
        binary: true,
      });
      if (reply.status !== 200) fail(reply, what);
      const bytes = reply.bytes ?? new TextEncoder().encode(reply.text);
      const type = reply.headers.get('content-type') ?? '';
      const magic = Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).toString('latin1');
      if (!type.toLowerCase().startsWith('application/pdf') || magic !== PDF_MAGIC) {
        throw appError('MSC_RESPONSE', { key: 'reply.notPdf' }, `${what}: Die Antwort des Messdienstes ist kein PDF-Dokument.`, {
          contentType: type,
          size: bytes.length,
        });
      }
      return bytes;
    },
  };
}
