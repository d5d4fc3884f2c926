import { useState } from 'react';
import type { ReactNode } from 'react';
import { useAppInfo } from '@renderer/features/app-info/useAppInfo';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { StorageProblems } from '@renderer/components/StorageProblems';
import { useStorageProblems } from '@renderer/features/app-info/useStorageProblems';

export type Page = { id: string; label: string; render: () => ReactNode };

type Props = { pages: readonly Page[] };

/** Frame of every screen: title bar, navigation, content. Carries the app-ready marker for tests and tools. */
export function AppShell({ pages }: Props) {
  const app = useAppInfo();
  const problems = useStorageProblems();
  const [current, setCurrent] = useState(pages[0]?.id);
  const page = pages.find((p) => p.id === current) ?? pages[0];

  return (
    <div className="shell" data-app-state={app.state}>
      <header className="shell-header">
        <div className="brand">
          <span className="brand-name">Kostenbrücke</span>
          <span className="brand-claim">Abrechnungsdaten mit Messdiensten austauschen</span>
        </div>
        {app.state === 'ready' && app.info.mode === 'browser' && (
          <span
            className="mode-hint"
            title="Kostenbrücke läuft im Browser-Modus. Schließen Sie dieses Fenster nicht, solange Sie arbeiten."
          >
            Im Browser geöffnet
          </span>
        )}
      </header>
      <div className="shell-body">
        <nav className="shell-nav" aria-label="Hauptbereiche">
          <ul>
            {pages.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className={p.id === page?.id ? 'nav-item active' : 'nav-item'}
                  aria-current={p.id === page?.id ? 'page' : undefined}
                  onClick={() => {
                    setCurrent(p.id);
                  }}
                >
                  {p.label}
                </button>
              </li>
            ))}
          </ul>
          {app.state === 'ready' && <p className="version">Version {app.info.version}</p>}
        </nav>
        <main className="shell-main">
          {app.state === 'loading' && <p className="muted">Kostenbrücke wird gestartet …</p>}
          {app.state === 'error' && <ErrorNotice title="Kostenbrücke konnte nicht gestartet werden" message={app.message} />}
          {app.state === 'ready' && <StorageProblems problems={problems} />}
          {app.state === 'ready' && page?.render()}
        </main>
      </div>
    </div>
  );
}
