// Lint rules, including the import boundaries that keep each folder in its runtime.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'http',
  'https',
  'net',
  'crypto',
  'stream',
  'url',
  'util',
];

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'test-results/', 'playwright-report/', 'eslint.config.js', 'scripts/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../*'], message: 'Use the @shared/@main/@renderer aliases.' }] },
      ],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'shared/ runs in main and renderer: no Node imports.' },
            {
              group: ['react', 'react-dom', 'react/*', 'electron', '@main/*', '@renderer/*'],
              message: 'shared/ imports neither DOM/React, Electron nor app folders.',
            },
            { group: ['../../*'], message: 'Use the @shared alias.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'The renderer is DOM only: no Node imports.' },
            {
              group: ['electron', '@main/*', '**/electron/**'],
              message: 'The renderer reaches main only through renderer/lib/api.ts.',
            },
            { group: ['../../*'], message: 'Use the @renderer/@shared aliases.' },
          ],
          paths: [
            {
              name: '@mantine/core',
              importNames: ['AppShell', 'Grid', 'SimpleGrid'],
              message: 'These write <style> elements at run time, which the CSP forbids; lay out with static CSS.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXAttribute[name.name=/^(visibleFrom|hiddenFrom|lightHidden|darkHidden)$/]',
          message: 'Mantine global classes are off (CSP): use static CSS instead.',
        },
      ],
    },
  },
  {
    files: ['electron/**'],
    ignores: ['electron/main.ts', 'electron/window.ts', 'electron/security.ts', 'electron/preload.ts', 'electron/shell/**'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron'], message: 'Services are plain Node: inject Electron APIs from the composition root.' },
            // The locale JSON is data, not renderer code: the check report takes its words from the same files.
            {
              group: ['@renderer/*', '!@renderer/locales', '!@renderer/locales/*/*.json', 'react', 'react-dom'],
              message: 'Main code does not import the renderer (only its locale JSON).',
            },
            { group: ['../../*'], message: 'Use the @main/@shared aliases.' },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/preload.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...nodeBuiltins, '@main/*', '@renderer/*'], message: 'The preload imports only electron and @shared.' },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**', 'scripts/**', 'bench/**', '*.config.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
