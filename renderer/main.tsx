import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@renderer/app/contrast.css';
import { App } from '@renderer/App';
import { bridgeToken } from '@renderer/lib/bridge-client';
import { transportKind } from '@renderer/lib/api';
import '@renderer/styles.css';

// Take the launch token out of the address before the hash router reads it as a route.
if (transportKind === 'browser') bridgeToken();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
