import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The dependency rule of STYLE.md: which top-level folders of src/ each folder may import (besides
 * itself and external packages). Lower layers never import higher ones; cli and main compose
 * everything; production code never imports src/testing. Keep docs/architecture.md in step.
 */
const LAYERS = {
  core: [],
  config: ['core'],
  protocol: ['core'],
  store: ['core', 'config'],
  providers: ['protocol', 'core', 'config'],
  tenancy: ['store', 'core'],
  auth: ['store', 'core', 'tenancy'],
  catalog: ['store', 'core', 'config', 'protocol'],
  limits: ['store', 'core', 'catalog'],
  webhooks: ['store', 'core', 'catalog', 'config'],
  payments: ['store', 'core'],
  billing: ['store', 'core', 'config', 'catalog', 'protocol', 'tenancy', 'webhooks'],
  gateway: ['protocol', 'providers', 'auth', 'catalog', 'limits', 'billing', 'tenancy', 'store', 'core', 'config'],
  console: ['auth', 'catalog', 'limits', 'billing', 'tenancy', 'webhooks', 'payments', 'store', 'core', 'config', 'protocol'],
  server: ['gateway', 'console', 'config', 'core', 'protocol', 'store'],
  telemetry: ['gateway', 'billing', 'providers', 'config', 'core'],
};
const TOP_LEVEL = [...Object.keys(LAYERS), 'cli', 'testing', 'main'];

/** `no-restricted-imports` for one folder: relative imports that climb into a folder it may not use. */
function layerRule(folder) {
  const forbidden = TOP_LEVEL.filter((name) => name !== folder && !LAYERS[folder].includes(name));
  return {
    files: [`src/${folder}/**/*.ts`],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: `^(\\.\\./)+(${forbidden.join('|')})(/|\\.js$)`,
          message: `src/${folder} may import only ${LAYERS[folder].join(', ') || 'nothing from src'} (STYLE.md layers; eslint.config.js LAYERS).`,
        }],
      }],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'web/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/config/**', 'src/**/*.test.ts', 'src/testing/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Only src/config reads the environment.' }],
    },
  },
  ...Object.keys(LAYERS).map(layerRule),
  {
    // The web console (web/): browser code, React's rules of hooks, and no server code except the
    // validation rules shared through src/console/contract (DESIGN.md: web reaches the server
    // through the client typed from /openapi.json).
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(\\.\\./)+src/(?!console/contract/)',
          message: 'web/ may import from the server only src/console/contract (shared validation rules); use the typed API client.',
        }],
      }],
    },
  },
  {
    // Plain-JS scripts (bench/) run on Node.
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['vitest.config.ts', 'eslint.config.js', 'web/vite.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
