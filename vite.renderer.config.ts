import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The React renderer, built once and loaded by Electron (file://) and by the browser bridge (http://127.0.0.1). */
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    // The polyfill would be an inline script, which the CSP forbids; Chromium needs none.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    // One local bundle loaded from disk or loopback: splitting it would save no download, so no size warning.
    chunkSizeWarningLimit: 2048,
  },
});
