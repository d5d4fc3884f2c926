/**
 * An ARGE A file into the units' matching (docs/arge.md, "A files"): per property it names, the pairs of MSC user
 * number and the PM's order criterion are kept as the MSC's published matching (the setups store the API's answer
 * goes to), compared with the units sent from here; contradicting records and unknown properties are named.
 */
import { compareCriteria, criteriaFromA } from '@shared/arge/order-criteria';
import { readArgeFile } from '@shared/arge/read';
import type { ArgeImportIssue, CriteriaOutcome } from '@shared/ipc/channels/arge-import';
import type { ImportFile } from '@shared/arge/result-import';
import type { BillingUnitSummary, SetupStatus } from '@shared/msc/billing-unit-data';
import type { MscClient } from '@main/services/msc-client/client';
import type { Workspace } from '@main/services/workspace/workspace';
import { sentUnits } from '@main/app/handlers/units';

export async function importCriteria(
  w: Workspace,
  client: Pick<MscClient, 'iterateBillingUnits'>,
  files: readonly ImportFile[],
): Promise<CriteriaOutcome> {
  const issues: ArgeImportIssue[] = [];
  const known = new Map<string, BillingUnitSummary>();
  for await (const b of client.iterateBillingUnits()) known.set(b.billingunitMscnumber, b);
  const properties: CriteriaOutcome['properties'] = [];
  for (const file of files) {
    const read = readArgeFile(file.bytes, file.name);
    issues.push(...read.issues.map((i) => ({ ...i, severity: 'error' as const })));
    if (read.issues.length > 0) continue;
    const { properties: found, conflicts } = criteriaFromA(read.records);
    if (found.length === 0) issues.push({ severity: 'error', code: 'ARGE_NO_A_RECORDS', file: file.name });
    for (const c of conflicts) {
      issues.push({
        severity: 'warning',
        code: c.code,
        file: file.name,
        line: c.line,
        property: c.billingunitMscnumber,
        ...(c.code === 'ARGE_A_UNIT_TWICE' ? { unit: c.residentialunitMscnumber } : { criterion: c.residentialunitPmnumber }),
        first: c.first,
        second: c.second,
      });
    }
    for (const p of found) {
      const summary = known.get(p.billingunitMscnumber);
      if (!summary) {
        issues.push({ severity: 'warning', code: 'ARGE_A_UNKNOWN_PROPERTY', file: file.name, property: p.billingunitMscnumber });
        continue;
      }
      const sent = sentUnits(w.outbox.list(), p.billingunitMscnumber).map((u) => u.residentialunitPmnumber);
      const compared = compareCriteria(p, sent);
      const status: SetupStatus = {
        ...summary,
        setupstatus: 'COMPLETED',
        lastupdate: new Date().toISOString(),
        matched: p.matched,
      };
      await w.setups.publish(status, file.name);
      properties.push({
        billingunit: p.billingunitMscnumber,
        matched: p.matched.length,
        unmatched: compared.unmatched,
        unknown: compared.unknown.map((u) => u.residentialunitPmnumber),
      });
    }
  }
  return { properties, issues };
}
