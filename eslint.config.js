// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importDirections from './scripts/eslint-import-directions.js';

export default tseslint.config(
  {
    ignores: ['node_modules', 'dist', 'build', 'storybook-static', 'data', 'test-results', 'playwright-report', '.test-out', 'coverage'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, formwork: importDirections },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='eval']", message: 'Expressions are JSON Logic data; never eval.' },
        { selector: "NewExpression[callee.name='Function']", message: 'Expressions are JSON Logic data; never new Function.' },
      ],
      // ARCHITECTURE.md: the import directions between top-level folders.
      'formwork/import-directions': 'error',
    },
  },
);
