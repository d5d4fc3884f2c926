import type { CheckMessage, FilledTemplate, Template } from '@shared/msc/billing-input';
import { MESSAGE_GROUPS } from '@renderer/features/billing/billing-text';
import { describeCheckPath } from '@shared/domain/check-path';

type Props = { messages: readonly CheckMessage[]; filled: FilledTemplate; template: Template };

/** The MSC's messages grouped Fehler / Warnungen / Hinweise, each with the place it refers to. */
export function CheckMessages({ messages, filled, template }: Props) {
  return (
    <div className="check-messages">
      {MESSAGE_GROUPS.map(({ type, title }) => {
        const group = messages.filter((m) => m.type === type);
        if (group.length === 0) return null;
        return (
          <section key={type} className={`message-group message-${type.toLowerCase()}`} aria-label={title}>
            <h3>
              {title} ({group.length})
            </h3>
            <ul>
              {group.map((m, i) => (
                <li key={`${m.path}-${String(i)}`} data-testid="check-message" data-type={type}>
                  <p>{m.message}</p>
                  <p className="muted small" title={`${m.shortmessage} · ${m.path || '(gesamt)'}`}>
                    Betrifft: {describeCheckPath(m.path, filled, template)}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
