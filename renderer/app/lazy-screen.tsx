/**
 * Screens other than the first one load as chunks of their own, so the start bundle holds only the frame and the
 * Übersicht. Once the first screen is drawn, `preloadScreens` fetches the others while the clerk reads it, so
 * opening one later is as fast as before (a screen already loaded renders at once, without the fallback).
 */
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Loader = () => Promise<ComponentType>;

const loaders: Loader[] = [];

/** `load` resolves to the screen's component; the first registered screens are preloaded first. */
export function lazyScreen(load: Loader): ComponentType {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const once = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  loaders.push(once);
  const Lazy = lazy(() => once().then((component) => ({ default: component })));
  function Screen() {
    const Loaded = loaded;
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<ScreenLoading />}>
        <Lazy />
      </Suspense>
    );
  }
  return Screen;
}

function ScreenLoading() {
  const { t } = useTranslation();
  return <Text c="dimmed">{t('frame.loadingScreen')}</Text>;
}

let preloading: Promise<void> | undefined;

/** Loads every lazy screen one after the other, when the browser is idle; a failed load is retried on opening. */
export function preloadScreens(): Promise<void> {
  preloading ??= (async () => {
    for (const load of loaders) {
      // Idle time first: the first screen's own reads and drawing go before.
      await new Promise<void>((resolve) => {
        requestIdleCallback(
          () => {
            resolve();
          },
          { timeout: 500 },
        );
      });
      await load().catch(() => undefined);
    }
  })();
  return preloading;
}
