// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-*/', 'coverage/', 'test-results/', 'playwright-report/', 'reports/', 'screenshots/', 'renderer/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      // The classic hooks rules. The React Compiler's rules (refs, set-state-in-effect, immutability, static-components)
      // are left off: the project does not compile with the React Compiler, and its patterns (a ref holding the latest
      // callback, a lazily imported component read with use()) are deliberate.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // Playwright fixtures receive a function called `use`, which is not React's.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // A test that re-throws with the failing input in the message needs no `cause`.
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'preserve-caught-error': 'off' },
  },
  {
    // The layers point one way: the page code (renderer/, blocks/) runs in the browser and in the server render, and never
    // reaches into the Node-side builder (scripts/). The builder, the tests and the lead server may import page code.
    // The renderer knows no block either: its entry points are handed the registry (renderer/lib/blocks.ts).
    // Tests are exempt: block tests check each example with the checker's ajv, renderer tests hand the renderer the site's registry.
    files: ['renderer/**/*.{ts,tsx}', 'blocks/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./renderer', './blocks'],
              from: './scripts',
              message: 'renderer/ and blocks/ run in the page; Node-side builder code lives in scripts/ and is never imported from here.',
            },
            {
              // The renderer takes the block registry as an argument at its entry points; blocks import the renderer's parts.
              target: './renderer',
              from: './blocks',
              message: 'renderer/ knows no block: its entry points take the registry (blocks/registry.ts) as an argument, from whoever renders.',
            },
          ],
        },
      ],
    },
  },
  {
    // Measuring code (bench/: the audit, the benches, the screenshot scripts) sits beside the builder and may use it;
    // the builder and the page code never depend on what measures them.
    files: ['scripts/**/*.{ts,tsx,mjs}', 'renderer/**/*.{ts,tsx}', 'blocks/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./scripts', './renderer', './blocks', './server'],
              from: './bench',
              message: 'bench/ measures the builder and the site; nothing they are made of imports it.',
            },
          ],
        },
      ],
    },
  },
);
