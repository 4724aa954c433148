import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readModuleLayers } from './scripts/lib/module-layers.mjs';

/*
 * The server's layers (docs/modules.md "Layers"): core imports no module; a module imports another
 * module only through its index.ts (a table file may also import another module's table file, to name
 * a foreign-key target); platform modules import no business module. Modules and their layer come from
 * the manifests (scripts/lib/module-layers.mjs). Tests, the seed and the harness are exempt: they
 * assemble the whole app. apps/server/src/architecture.test.ts checks the same and the module order.
 */
const SERVER = 'apps/server/src';
const MODULES = readModuleLayers();
const BUSINESS = MODULES.filter((m) => m.layer === 'business').map((m) => m.name);
const PLATFORM = MODULES.filter((m) => m.layer !== 'business').map((m) => m.name);
const serverLayerZones = [
  {
    target: `${SERVER}/core/**/!(*.test).ts`,
    from: [`${SERVER}/modules/**`, `${SERVER}/seed/**`, `${SERVER}/test/**`, `${SERVER}/{app,server}.ts`],
    message: 'The core imports no module: a module hands the core what it needs through its manifest.',
  },
  ...MODULES.flatMap(({ name }) => [
    {
      target: `${SERVER}/modules/${name}/**/!(*.table|*.test).ts`,
      from: [`${SERVER}/modules/!(${name})/**`],
      except: ['**/modules/*/index.ts'],
      message: 'Import another module through its index.ts only (docs/modules.md); its tables are its own.',
    },
    {
      target: `${SERVER}/modules/${name}/**/*.table.ts`,
      from: [`${SERVER}/modules/!(${name})/**`],
      except: ['**/modules/*/*.table.ts'],
      message: "A table file names another module's table only for a foreign key (docs/modules.md).",
    },
  ]),
  ...(BUSINESS.length > 0
    ? PLATFORM.map((name) => ({
        target: `${SERVER}/modules/${name}/**/!(*.test).ts`,
        from: BUSINESS.map((b) => `${SERVER}/modules/${b}/**`),
        message:
          'A platform module never imports a business module: the business module plugs in through its manifest.',
      }))
    : []),
];

/**
 * The web app's layers (docs/modules.md "The web side"): shared <- features <- app. A feature reaches
 * another feature only through its `index.ts`; features and shared never import `app/`; shared never
 * imports a feature. Imports are relative, so each depth of a feature's folders has its own pattern for
 * "a file inside another feature" (`../../users/api/users` from `features/roles/components/`).
 */
const APP_IMPORT = String.raw`^(\.\./)+app(/|$)`;
const APP_MESSAGE = 'Features and shared code do not import app/: the app composes them (docs/modules.md).';
/** From `depth` folders below `features/<name>/`: a file inside another feature. */
const crossFeatureImport = (depth) => String.raw`^(\.\./){${depth + 1}}[a-z0-9-]+/.+`;
const CROSS_FEATURE_MESSAGE =
  "Another feature is reached through its index.ts (import '../../<feature>'), never its files.";
const SHARED_TO_FEATURE = String.raw`^(\.\./)+features(/|$)`;
const SHARED_MESSAGE = 'Shared code imports no feature: what two features share lives in shared/.';
/** The same rule for a lazy `import('...')`, which is not an import declaration. */
const lazyImport = (regex, message) => ({
  selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`,
  message,
});
const webFeatureLayers = (depth) => ({
  files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: APP_IMPORT, message: APP_MESSAGE },
          { regex: crossFeatureImport(depth), message: CROSS_FEATURE_MESSAGE },
        ],
      },
    ],
    'no-restricted-syntax': [
      'error',
      lazyImport(APP_IMPORT, APP_MESSAGE),
      lazyImport(crossFeatureImport(depth), CROSS_FEATURE_MESSAGE),
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-test/**',
      '**/data/**',
      'e2e/artifacts/**',
      'bench/results/**',
      'apps/server/drizzle/**',
      '**/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Import cycles fail the build (type-only imports are erased and do not count), and so do the layers.
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverLayerZones }] },
  },
  {
    // Tests read answers of many shapes; typing each one would say nothing the assertions do not.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A signed-in route's context is typed non-null (core/http/context.ts): an assertion there hides a bug.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // The repository rule (DESIGN.md): queries live only in repositories, tables and the db core.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/**/*.table.ts',
      'apps/server/src/**/*.views.ts',
      'apps/server/src/core/db/**',
      'apps/server/src/core/jobs/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
      'apps/server/src/seed/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'Queries belong in a *.repository.ts file.' },
            { name: 'pg', message: 'Queries belong in a *.repository.ts file.' },
            { name: '@electric-sql/pglite', message: 'Use core/db.' },
          ],
        },
      ],
    },
  },
  ...[0, 1, 2, 3].map(webFeatureLayers),
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: APP_IMPORT, message: APP_MESSAGE },
            { regex: SHARED_TO_FEATURE, message: SHARED_MESSAGE },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        lazyImport(APP_IMPORT, APP_MESSAGE),
        lazyImport(SHARED_TO_FEATURE, SHARED_MESSAGE),
      ],
    },
  },
  {
    // The rules of hooks, and the React Compiler's checks of what a component may do while rendering.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A missing dependency is a stale value: it fails the build like the rules of hooks.
      'react-hooks/exhaustive-deps': 'error',
      // Three of the compiler's checks judge code written for the React Compiler, which this app does not
      // use: reading a ref while rendering (the layout's kept-alive tabs, the editors' selection), state
      // set in an effect from a prop (the form renderer's answers) and a component picked from a static
      // table while rendering (the page registry). They flag 30 such places, none a bug without the
      // compiler; turning one on means rewriting those places first.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/static-components': 'off',
    },
  },
);
