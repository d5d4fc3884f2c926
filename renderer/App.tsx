import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { queryClient } from '@renderer/lib/queries';
import { i18n } from '@renderer/i18n/index';
import { createRouter } from '@renderer/app/router';
import { theme } from '@renderer/app/theme';

/**
 * Providers and routes only. Mantine writes no <style> element (its CSS variables and global classes come from
 * the static stylesheet), so the strict CSP needs no 'unsafe-inline' for styles.
 */
export function App() {
  const [router] = useState(createRouter);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false} forceColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <Notifications position="top-right" />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
