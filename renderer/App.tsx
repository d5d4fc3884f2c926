import { AppShell } from '@renderer/components/AppShell';
import type { Page } from '@renderer/components/AppShell';
import { ConnectionsPage } from '@renderer/features/connections/ConnectionsPage';
import { BillingPage } from '@renderer/features/billing/BillingPage';
import { UnitsPage } from '@renderer/features/units/UnitsPage';

const pages: readonly Page[] = [
  { id: 'connections', label: 'Verbindungen', render: () => <ConnectionsPage /> },
  { id: 'units', label: 'Liegenschaften', render: () => <UnitsPage /> },
  { id: 'billing', label: 'Abrechnung', render: () => <BillingPage /> },
];

export function App() {
  return <AppShell pages={pages} />;
}
