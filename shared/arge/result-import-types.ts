/** The shapes of an ARGE result import (docs/arge.md, "D, E835, E898 files"): input, findings, outcome. */
import type { ReadIssue } from '@shared/arge/read';
import type { ExpectedVat } from '@shared/msc/billing-input';
import type { BillingResult, ResultDocument } from '@shared/msc/billing-result';

export type ImportFile = { name: string; bytes: Uint8Array };

export type PeriodRecipient = {
  residentialunitMscnumber: string;
  residentialunitPmnumber?: string | undefined;
  partnerPmnumber: string;
  validfrom: string;
  validto: string;
  vacancy: boolean;
  name?: string | undefined;
};

export type PeriodFacts = {
  billingunit: string;
  period: { from: string; to: string };
  expectedvat: ExpectedVat;
  recipients: readonly PeriodRecipient[];
};

export type ImportIssue =
  | (ReadIssue & { severity: 'error' | 'warning' })
  | {
      severity: 'error' | 'warning';
      code:
        | 'ARGE_NO_D_FILE'
        | 'ARGE_FILE_NOT_RECOGNISED'
        | 'ARGE_NO_RECORDS_FOR_PROPERTY'
        | 'ARGE_OTHER_PROPERTY'
        | 'ARGE_NOT_A_RECIPIENT'
        | 'ARGE_CRITERION_DIFFERS'
        | 'ARGE_DUPLICATE_COST_TYPE'
        | 'ARGE_CURRENCY'
        | 'ARGE_UNKNOWN_USER'
        | 'ARGE_PDF_MISSING';
      file: string;
      line?: number;
      unit?: string;
      criterion?: string;
      /** The recipient's name and the unit's PM number, for ARGE_PDF_MISSING. */
      name?: string;
      unitPm?: string;
      /** The partner number the period has for that user, for ARGE_CRITERION_DIFFERS. */
      partner?: string;
      currency?: string;
      lastDay?: string;
      property?: string;
      costKey?: string;
      path?: string;
    };

export type TaxShare = {
  residentialunitMscnumber: string;
  partnerPmnumber: string;
  validto: string;
  costKey: string;
  costText?: string;
  taxServiceType: string;
  invoiceTotalGross: string;
  userShareAmount: string;
  userSharePercent: string;
  laborTotal: string;
  userLaborShare: string;
};

export type ImportedDocument = { document: ResultDocument; file: string };

export type ResultImport =
  | {
      ok: true;
      result: BillingResult;
      documents: ImportedDocument[];
      taxShares: TaxShare[];
      files: string[];
      issues: ImportIssue[];
    }
  | { ok: false; issues: ImportIssue[] };
