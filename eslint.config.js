// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One lint for the whole repository: TypeScript, React and the hooks rules,
 * and the layers as errors. Formatting is Prettier's (`npm run lint` runs its
 * check too, with the Tailwind class order); eslint-config-prettier turns off
 * the rules Prettier owns.
 *
 * The layers (docs/architecture.md), each held by a test that breaks it
 * (test/unit/lint-layers.test.ts):
 * - app/ (request time) never imports pipeline/ (build time) or scripts/;
 * - code that reaches the browser never imports a *.server module, except
 *   for its types (route modules may: the Remix compiler strips their
 *   loaders and actions from the browser's chunks);
 * - nothing outside test/ imports a test helper;
 * - inside app/editing/, imports point down its stack of folders (EDITING_STACK).
 */

const TEST_HELPERS = {
  group: ['**/test/**', '~/../test/**'],
  message: 'Test helpers stay in test/: code outside it may not import them.',
};
const BUILD_TIME = {
  group: ['**/pipeline/**', '**/scripts/**'],
  message: 'app/ runs on requests: it may not import build-time code (pipeline/) or scripts/.',
};
const SERVER_ONLY = {
  group: ['**/*.server', '**/*.server.*', '**/*.server/**'],
  allowTypeImports: true,
  message: 'This code reaches the browser: only routes and other *.server modules import *.server code (a type import is fine).',
};
const PARENT_RELATIVE = {
  group: ['../*', '../**'],
  message: "In app/, another folder is reached through '~/' (e.g. '~/content/schema'), so every import of a module reads the same.",
};
const layers = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

/**
 * app/editing/'s folders, top to bottom: the use cases the routes call sit at
 * the top level, above them all. A folder imports its own files ('./x') and
 * the folders below it ('~/editing/<folder>/x'), never one above it or a
 * top-level use case, types included: the git code takes the publish config
 * from its caller, and never calls what follows a commit.
 */
const EDITING_STACK = ['setup', 'content-list', 'drafts', 'uploads', 'going-live', 'content-check', 'connection', 'git', 'documents'];
const editingBelow = (folder) => ({
  regex: `^~/editing/(?!(?:${EDITING_STACK.slice(EDITING_STACK.indexOf(folder)).join('|')})/)`,
  message: `app/editing/${folder}/ imports only its own folder and those below it (${EDITING_STACK.slice(EDITING_STACK.indexOf(folder) + 1).join(', ') || 'none'}): not a folder above it or a top-level use case (eslint.config.js, EDITING_STACK).`,
});
const BROWSER_IGNORES = ['app/**/*.server.{ts,tsx}', 'app/**/*.server/**', 'app/routes/**', 'app/root.tsx', 'app/entry.server.tsx'];

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'public/**',
      '.cache/**',
      '.generated/**',
      '.netlify/**',
      'node_modules/**',
      'coverage/**',
      '**/*.generated.ts',
      'test/fixtures/**',
      'test/lint-cases/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Control characters in a pattern are how this code refuses or strips them from what a visitor sends.
      'no-control-regex': 'off',
      ...layers(TEST_HELPERS),
    },
  },
  {
    // netlify/functions/content-check.ts may import pipeline/: it compiles a publish with the build's own code.
    files: ['app/**/*.{ts,tsx}', 'server.ts'],
    rules: layers(TEST_HELPERS, BUILD_TIME),
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: layers(TEST_HELPERS, BUILD_TIME, PARENT_RELATIVE),
  },
  {
    // What is bundled for the browser: everything in app/ but *.server modules, route modules and the server entry.
    files: ['app/**/*.{ts,tsx}'],
    ignores: BROWSER_IGNORES,
    rules: layers(TEST_HELPERS, BUILD_TIME, PARENT_RELATIVE, SERVER_ONLY),
  },
  // The same layers again for each folder of app/editing/, with its place in EDITING_STACK (a later block replaces the rule's options).
  ...EDITING_STACK.flatMap((folder) => [
    { files: [`app/editing/${folder}/**/*.{ts,tsx}`], rules: layers(TEST_HELPERS, BUILD_TIME, PARENT_RELATIVE, editingBelow(folder)) },
    {
      files: [`app/editing/${folder}/**/*.{ts,tsx}`],
      ignores: BROWSER_IGNORES,
      rules: layers(TEST_HELPERS, BUILD_TIME, PARENT_RELATIVE, SERVER_ONLY, editingBelow(folder)),
    },
  ]),
  {
    // Components and hooks; *.server modules hold no React, and their `use()` is not a hook.
    files: ['app/**/*.{ts,tsx}', 'test/**/*.tsx'],
    ignores: ['app/**/*.server.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } }, globals: { ...globals.browser } },
    settings: { react: { version: '18.3' } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      // Types say what a component takes.
      'react/prop-types': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['test/**/*.{ts,tsx,mjs,js}', 'vitest.config.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': 'off',
      // Tests reach into parsed YAML and form data of any shape to change one value.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  prettier,
);
