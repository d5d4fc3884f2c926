import type { ImportIssue } from '@shared/domain/excel';

type Props = { issues: readonly ImportIssue[]; label: string };

function where(i: ImportIssue): string {
  const parts: string[] = [];
  if (i.sheet !== undefined) parts.push(`Blatt „${i.sheet}“`);
  if (i.row !== undefined) parts.push(`Zeile ${String(i.row)}`);
  if (i.column !== undefined) parts.push(`Spalte ${i.column}`);
  return parts.join(' · ');
}

/** Problems of an Excel import; each message is a full German sentence, the place is repeated for scanning. */
export function ImportIssues({ issues, label }: Props) {
  return (
    <ul className="issue-list" aria-label={label}>
      {issues.map((i, n) => (
        <li key={n} className={i.severity === 'error' ? 'issue issue-error' : 'issue issue-warning'}>
          {where(i) !== '' && <span className="issue-where">{where(i)}</span>}
          <span>{i.message}</span>
        </li>
      ))}
    </ul>
  );
}
