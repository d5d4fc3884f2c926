import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { ActiveConnection } from '@renderer/lib/useActiveConnection';

/** Screens whose URL names a connection (`/liegenschaften/:connectionId/…`); switching leaves them for their list. */
const CONNECTION_ROUTE = /^\/(liegenschaften|abrechnung|archiv|vereinbarungen)\/[^/]+\/.+/;

/** Which measuring service the screens work on; hidden while there is only one to choose. */
export function ConnectionSwitcher({ active }: { active: ActiveConnection }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (active.state !== 'ready') return null;
  if (active.connections.length < 2) {
    return (
      <Text size="sm" data-testid="active-connection">
        {active.connection.name}
      </Text>
    );
  }
  return (
    <Select
      aria-label={t('frame.connection')}
      size="xs"
      w={240}
      allowDeselect={false}
      data={active.connections.map((c) => ({ value: c.id, label: c.name }))}
      value={active.connection.id}
      onChange={(id) => {
        if (id === null || id === active.connection.id) return;
        active.select(id);
        const section = CONNECTION_ROUTE.exec(pathname)?.[1];
        if (section !== undefined) void navigate(`/${section}`);
      }}
    />
  );
}
