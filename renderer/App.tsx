import { AppShell } from '@renderer/components/AppShell';
import type { Page } from '@renderer/components/AppShell';
import { ConnectionsPage } from '@renderer/features/connections/ConnectionsPage';

const pages: readonly Page[] = [{ id: 'connections', label: 'Verbindungen', render: () => <ConnectionsPage /> }];

export function App() {
  return <AppShell pages={pages} />;
}
