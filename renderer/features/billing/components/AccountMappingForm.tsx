import { useState } from 'react';
import type { AccountMapping, AccountToMap } from '@shared/domain/excel';
import type { Template } from '@shared/msc/billing-input';

type Props = {
  accounts: readonly AccountToMap[];
  costTypes: Template['costtypes'];
  onApply: (mapping: AccountMapping) => void;
  onCancel: () => void;
};

/**
 * Unknown accounts of the bookkeeping export → agreed cost types; the import runs again with the mapping. Accounts
 * remembered for the connection are applied by the main process and never reach this form.
 */
export function AccountMappingForm({ accounts, costTypes, onApply, onCancel }: Props) {
  const [choice, setChoice] = useState<Record<string, string>>(() =>
    Object.fromEntries(accounts.map((a) => [a.account, a.suggestion ?? ''])),
  );
  const complete = accounts.every((a) => (choice[a.account] ?? '') !== '');

  return (
    <form
      className="account-mapping"
      aria-label="Konten zuordnen"
      onSubmit={(e) => {
        e.preventDefault();
        if (complete) onApply(choice);
      }}
    >
      <p>
        Diese Konten kennt Kostenbrücke noch nicht. Bitte ordnen Sie jedem Konto eine mit dem Messdienst vereinbarte Kostenart zu.
        Die Zuordnung wird für diese Verbindung gespeichert und beim nächsten Einlesen verwendet.
      </p>
      <table className="data-table compact">
        <thead>
          <tr>
            <th scope="col">Konto</th>
            <th scope="col">Buchungstexte</th>
            <th scope="col">Kostenart</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => {
            const id = `account-${a.account}`;
            return (
              <tr key={a.account}>
                <td>
                  <label htmlFor={id}>{a.account}</label>
                </td>
                <td className="muted">
                  {a.texts.slice(0, 3).join('; ')}
                  {a.rows.length > 0 && ` (Zeile ${a.rows.slice(0, 5).join(', ')})`}
                </td>
                <td>
                  <select
                    id={id}
                    value={choice[a.account] ?? ''}
                    onChange={(e) => {
                      setChoice((c) => ({ ...c, [a.account]: e.target.value }));
                    }}
                  >
                    <option value="">Bitte wählen …</option>
                    {costTypes.map((c) => (
                      <option key={c.key} value={c.key}>
                        {c.key} {c.text}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={!complete}>
          Zuordnen und erneut einlesen
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Abbrechen
        </button>
      </div>
    </form>
  );
}
