import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * Main process and preload, two plain Vite builds.
 * main: ESM (package.json "type": "module"), dependencies stay external and load from node_modules.
 * preload: one CommonJS file with everything inlined, because a sandboxed preload can neither be ESM nor require
 * anything but electron (electron-trpc #116).
 */
const node = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default defineConfig(({ mode }) => {
  const preload = mode === 'preload';
  return {
    resolve: { tsconfigPaths: true },
    build: {
      outDir: preload ? 'out/preload' : 'out/main',
      emptyOutDir: true,
      target: 'node22',
      minify: false,
      sourcemap: true,
      reportCompressedSize: false,
      ...(preload
        ? {
            lib: { entry: 'electron/preload.ts', formats: ['cjs' as const], fileName: () => 'preload.cjs' },
            rollupOptions: { external: ['electron'] },
          }
        : {
            ssr: true,
            rollupOptions: {
              // The Excel import worker is an entry of its own, started from main by `new URL('./import-worker.js',
              // import.meta.url)`; shared chunks sit next to both, so that URL and `import.meta.dirname` hold.
              input: { main: 'electron/main.ts', 'import-worker': 'electron/services/excel/import-worker.ts' },
              external: ['electron', ...node],
              output: { format: 'es' as const, entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
            },
          }),
    },
  };
});
