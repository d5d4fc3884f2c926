export type Tone = 'ok' | 'error' | 'pending' | 'neutral';

type Props = { tone: Tone; label: string };

export function StatusBadge({ tone, label }: Props) {
  return (
    <span className={`badge badge-${tone}`}>
      <span className="badge-dot" aria-hidden="true" />
      {label}
    </span>
  );
}
