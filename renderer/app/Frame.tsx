import { useEffect } from 'react';
import type { MouseEvent } from 'react';
import { Badge, Group, NavLink, Stack, Text } from '@mantine/core';
import { NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useChannel } from '@renderer/lib/queries';
import { useActiveConnection, usePreferences } from '@renderer/lib/useActiveConnection';
import { useWorkspaceEvents } from '@renderer/lib/useWorkspaceEvents';
import { setLanguage } from '@renderer/i18n/index';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { StorageProblems } from '@renderer/components/StorageProblems';
import { TeamBanner } from '@renderer/features/team/TeamBanner';
import { ConnectionSwitcher } from '@renderer/app/ConnectionSwitcher';
import { StatusBar } from '@renderer/app/StatusBar';
import { NAV_ITEMS } from '@renderer/app/nav';
import { preloadScreens } from '@renderer/app/lazy-screen';
import type { Connection } from '@shared/domain/connection';
import '@renderer/app/frame.css';

/**
 * Frame of every screen: header with the connection switcher, side navigation, the screen, the status bar.
 * It carries the app-ready marker (`data-app-state`) that tests and tools wait for.
 */
export function Frame() {
  const { t } = useTranslation();
  const info = useChannel('app:info', undefined);
  const preferences = usePreferences();
  const active = useActiveConnection();
  const language = preferences.data?.language;
  const eventsConnected = useWorkspaceEvents();
  useEffect(() => {
    if (language) void setLanguage(language);
  }, [language]);

  const failed = info.error ?? preferences.error;
  // Ready only with the event stream open: a change made from then on reaches this page.
  const state = failed ? 'error' : info.data && language && eventsConnected ? 'ready' : 'loading';
  const connection = active.state === 'ready' ? active.connection : undefined;
  // The other screens load while the clerk reads the first one, so opening them later waits for nothing.
  useEffect(() => {
    if (state === 'ready') void preloadScreens();
  }, [state]);

  return (
    <div className="frame" data-app-state={state}>
      <a className="skip-link" href="#main-content" onClick={skipToMain}>
        {t('frame.skipToContent')}
      </a>
      <header className="frame-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Text fw={700} size="lg">
              Kostenbrücke
            </Text>
            <Text c="dimmed" size="sm">
              {t('frame.claim')}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {info.data?.mode === 'browser' && (
              <Badge variant="light" color="gray" title={t('frame.browserModeHint')}>
                {t('frame.browserMode')}
              </Badge>
            )}
            <ConnectionSwitcher active={active} />
          </Group>
        </Group>
      </header>
      <nav className="frame-nav" aria-label={t('frame.navLabel')}>
        <Stack gap={2} justify="space-between" h="100%" p="xs">
          <NavItems kind={connection?.target.kind} />
          {info.data && (
            <Text size="xs" c="dimmed" px="sm">
              {t('frame.version', { version: info.data.version })}
            </Text>
          )}
        </Stack>
      </nav>
      <main className="frame-main" id="main-content" tabIndex={-1}>
        {state === 'loading' && <Text c="dimmed">{t('frame.starting')}</Text>}
        {failed && <ErrorNotice title={t('frame.startFailed')} error={failed} />}
        {state === 'ready' && (
          <>
            <StorageProblems />
            <TeamBanner />
            <Outlet />
          </>
        )}
      </main>
      <footer className="frame-footer">
        <StatusBar connection={connection} />
      </footer>
    </div>
  );
}

/** The hash router owns the URL fragment, so the skip link moves the focus itself instead of navigating. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById('main-content');
  const title = main?.querySelector<HTMLElement>('h1[tabindex]');
  (title ?? main)?.focus();
}

/**
 * The Demo-Messdienst entry shows only while the embedded demo connection is the active one, the agreements of the
 * properties only while a file-exchange connection is (docs/arge.md).
 */
function NavItems({ kind }: { kind: Connection['target']['kind'] | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const extra =
    kind === 'embedded-demo'
      ? [{ path: '/demo-messdienst', labelKey: 'demo:nav' }]
      : kind === 'file-exchange'
        ? [{ path: '/vereinbarungen', labelKey: 'agreement:nav' }]
        : [];
  const items = [...NAV_ITEMS, ...extra];
  return (
    <Stack gap={2}>
      {items.map((item) => {
        const current = item.path === '/' ? pathname === '/' : pathname.startsWith(item.path);
        return (
          <NavLink
            key={item.path}
            component={RouterLink}
            to={item.path}
            label={t(item.labelKey)}
            active={current}
            aria-current={current ? 'page' : undefined}
          />
        );
      })}
    </Stack>
  );
}
