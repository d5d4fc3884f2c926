/** Vite builds for the launchers (`npm start`, `npm run web`): the same configs `npm run build` uses. */
import { join } from 'node:path';
import { build } from 'vite';
import { ROOT_DIR } from '@main/app/paths';

const quiet = { logLevel: 'warn' as const };

/** `outDir`: elsewhere than out/renderer, so test runs working in parallel on one checkout do not overwrite each other. */
export async function buildRenderer(outDir?: string): Promise<void> {
  await build({
    configFile: join(ROOT_DIR, 'vite.renderer.config.ts'),
    root: join(ROOT_DIR, 'renderer'),
    ...(outDir === undefined ? {} : { build: { outDir, emptyOutDir: true } }),
    ...quiet,
  });
}

export async function buildMainAndPreload(): Promise<void> {
  const configFile = join(ROOT_DIR, 'vite.main.config.ts');
  await build({ configFile, mode: 'production', ...quiet });
  await build({ configFile, mode: 'preload', ...quiet });
}
