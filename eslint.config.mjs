// One flat config for every project; Nx tags in each package.json drive the module boundaries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const webRoot = join(root, 'apps/web');
const SERVER_APPS = ['gateway', 'billing', 'provider-worker', 'consensus-worker'];
const NO_TEST_IMPORTS = {
  group: ['**/test/**'],
  message: 'The app does not import its tests or their support.',
};
const webFeatures = readdirSync(join(webRoot, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * bulletproof-react's zones: a feature imports only itself and the shared folders, app/ composes
 * features, and the shared folders import neither. A spec may mount the app's providers.
 */
function webZones({ specs }) {
  return [
    ...webFeatures.map((feature) => ({
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [`./${feature}`],
      message: 'Features do not import each other: compose them in src/app.',
    })),
    ...(specs ? [] : [{ target: './src/features', from: './src/app' }]),
    { target: ['./src/components', './src/hooks', './src/lib'], from: ['./src/features', './src/app'] },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.nx/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    plugins: { '@nx': nx },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          enforceBuildableLibDependency: false,
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its rejection. Each file is checked against
    // its nearest tsconfig.json; vite.config.ts belongs to tsconfig.node.json instead, named here.
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['apps/web/vite.config.ts'],
          defaultProject: 'apps/web/tsconfig.node.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // node:test's test() and describe() return promises that the test runner itself awaits.
    files: ['scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web's layout follows bulletproof-react's (webZones above).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      ...importPlugin.flatConfigs.typescript.settings,
      'import/resolver': { typescript: { project: join(webRoot, 'tsconfig.json') } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { basePath: webRoot, zones: webZones({ specs: false }) }],
      'import/no-cycle': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.spec.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': ['error', { basePath: webRoot, zones: webZones({ specs: true }) }],
    },
  },
  {
    // Inside each server app no import runs back up: no cycle between files, and the folders that
    // serve a feature's other side (the socket of questions/) are used by it, never the reverse.
    files: SERVER_APPS.map((app) => `apps/${app}/src/**/*.ts`),
    plugins: { import: importPlugin },
    settings: {
      ...importPlugin.flatConfigs.typescript.settings,
      'import/resolver': {
        typescript: {
          project: SERVER_APPS.map((app) => join(root, 'apps', app, 'tsconfig.json')),
          noWarnOnMultipleProjects: true,
        },
      },
    },
    rules: {
      // Cycles through node_modules are not ours to break, and following them is most of the rule's cost.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          basePath: join(root, 'apps/gateway/src'),
          zones: [
            {
              target: './questions',
              from: './council-stream',
              message: 'questions/ does not import the socket side: depend on QuestionAskedListener.',
            },
          ],
        },
      ],
    },
  },
  {
    // The app never imports its tests or their support.
    files: SERVER_APPS.map((app) => `apps/${app}/src/**/*.ts`),
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_TEST_IMPORTS] }] },
  },
  {
    // A repository is the bottom layer of its app: it holds SQL and is called by the use cases,
    // never the reverse. (A later block replaces a rule's options, so the first pattern repeats.)
    files: SERVER_APPS.map((app) => `apps/${app}/src/**/*.repository.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_TEST_IMPORTS,
            {
              group: [
                'service',
                'processor',
                'controller',
                'gateway',
                'runner',
                'module',
                'handler',
                'listener',
              ].map((kind) => `**/*.${kind}`),
              message: 'A repository imports no use case: move what both need into the repository or libs/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Nest injects by constructor parameter type, so those imports must stay value imports.
    files: [
      'apps/gateway/**/*.ts',
      'apps/billing/**/*.ts',
      'apps/provider-worker/**/*.ts',
      'apps/consensus-worker/**/*.ts',
      'libs/server-kit/**/*.ts',
      'libs/db/**/*.ts',
      'libs/llm/**/*.ts',
      'libs/testing/**/*.ts',
      'tools/**/*.ts',
    ],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['**/*.cjs', '**/*.mjs', 'scripts/**/*.js'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
