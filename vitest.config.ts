import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'renderer/**/*.test.ts', 'renderer/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
