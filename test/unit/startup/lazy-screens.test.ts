/**
 * The start bundle holds only the frame and the Übersicht: every other screen is imported by its route through
 * `lazyScreen(() => import(…))`, so a static import of a screen in a routes file would pull it (and its libraries,
 * e.g. the data grid) back into what every start evaluates.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = join(import.meta.dirname, '../../../renderer/features');
const routeFiles = readdirSync(FEATURES)
  .filter((feature) => feature !== 'dashboard')
  .map((feature) => join(FEATURES, feature, 'routes.tsx'))
  .filter((file) => existsSync(file));

describe('screens load apart from the start bundle', () => {
  it('finds the routes files of the screens', () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(8);
  });

  it.each(routeFiles.map((f) => [f.replace(/.*features\//, '')]))('%s imports its screens lazily', (name) => {
    const source = readFileSync(join(FEATURES, name), 'utf8');
    const staticScreenImports = source.match(/^import \{[^}]*\} from '@renderer\/features\/[^']+';$/gm) ?? [];
    expect(staticScreenImports).toEqual([]);
    expect(source).toMatch(/lazyScreen\(\(\) => import\('@renderer\/features\//);
  });
});
