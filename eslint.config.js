// House rules a machine checks (STYLE.md): typescript-eslint's recommended rules everywhere, the hooks
// rules and the accessibility rules on the dashboard. Import directions are dependency-cruiser's job
// (.dependency-cruiser.cjs); `npm run lint` runs both.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Not type-aware on purpose: typescript-eslint's type-checked rules took 81 s for the tree on 2 cores
// (against 23 s without) and mostly flagged `any` from test answers' `.json()`; `tsc --noEmit` already
// checks the types.

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'playwright-report/**', 'test-results/**', 'data/**', '.vite/**', 'bench/**/results/**', 'bench/**/out/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (destructuring a field away, a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'bench/web/naive/**/*.{ts,tsx}', 'public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      // It only warns that the React Compiler would skip TanStack Virtual's components; the dashboard is not compiled by it.
      'react-hooks/incompatible-library': 'off',
      // Scrolling regions (virtual row groups, the message list) take the focus so the keyboard can scroll them (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['ol'], roles: ['tabpanel', 'rowgroup'] }],
    },
  },
);
