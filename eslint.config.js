import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './eslint/import-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'node_modules',
      '.tmp',
      '.data',
      'test-results',
      'playwright-report',
      'src/types/database.types.ts',
      'supabase/functions',
      'packages/local-supabase/tests/fixtures/functions',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The type-aware rules (a promise is awaited, returned or explicitly voided, and never passed where
  // a void callback is expected) run in oxlint's type-aware mode (.oxlintrc.json, `npm run lint`):
  // built on TypeScript's native compiler, it checks them in a tenth of the CPU time that
  // typescript-eslint's type-checked program took, so ESLint itself parses without type information.
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling table is a named region that the keyboard can reach and scroll (axe's
      // scrollable-region-focusable), so a region may take tabIndex 0.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['src/**/__tests__/**/*.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
    rules: {
      ...testingLibrary.configs['flat/react'].rules,
      'testing-library/no-node-access': 'error',
      'testing-library/no-unnecessary-act': 'error',
      'testing-library/render-result-naming-convention': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, local },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'local/import-boundaries': 'error',
      'local/no-app-cycle': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The app's code uses zod/mini: a module is bundled whole, so one use of zod's classic API in any
    // lazy chunk puts zod core's string formats and checks into the entry chunk (docs/decisions.md).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/__tests__/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import from 'zod/mini' (the landing page's entry carries zod's core)." }] },
      ],
    },
  },
);
