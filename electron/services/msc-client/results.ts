/**
 * Billing Result on the MSC client (docs/msc-results.md): the result of a BILLED period and its documents (PDF).
 * Both are reads, retried like any GET. A document is checked to be a PDF before it is handed on, so an HTML error
 * page or a truncated body never lands in the archive as a tenant's statement.
 */
import { appError } from '@shared/domain/app-error';
import { formatGermanDate } from '@shared/domain/dates';
import { BillingResult, DocumentId } from '@shared/msc/billing-result';
import type { PathParamName } from '@shared/msc/operations';
import { BillingUnitNumber, describeIssues, IsoDate } from '@shared/msc/primitives';
import type { z } from 'zod';
import { parseReply } from '@main/services/msc-client/errors';
import type { HttpReply } from '@main/services/msc-client/http';
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

function checked(schema: z.ZodType, value: unknown, what: string, label: string): void {
  const parsed = schema.safeParse(value);
  if (parsed.success) return;
  const issues = describeIssues(parsed.error).map((i) => i.replace('(Wurzel)', label));
  throw appError('VALIDATION', `${what}: ungültige Eingabe – ${issues.join('; ')}`, { issues });
}

const PDF_MAGIC = '%PDF-';

function period(bu: string, to: string): string {
  return `Liegenschaft ${bu}, Zeitraum bis ${IsoDate.safeParse(to).success ? formatGermanDate(to) : to}`;
}

export function createResultsClient({ call, fail }: ResultsDeps): ResultsClient {
  return {
    async getBillingResult(billingunit, to, opts) {
      const what = `Abruf des Abrechnungsergebnisses (${period(billingunit, to)})`;
      checked(BillingUnitNumber, billingunit, what, 'Liegenschaftsnummer');
      checked(IsoDate, to, what, 'Zeitraum-Ende');
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
      checked(BillingUnitNumber, billingunit, what, 'Liegenschaftsnummer');
      checked(IsoDate, to, what, 'Zeitraum-Ende');
      checked(DocumentId, documentid, what, 'Dokumentkennung');
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
        const error = appError('MSC_RESPONSE', `${what}: Die Antwort des Messdienstes ist kein PDF-Dokument.`, {
          contentType: type,
          size: bytes.length,
        });
        error.appError.key = 'reply.invalid';
        throw error;
      }
      return bytes;
    },
  };
}
