// ESLint 9 flat config: `npm run lint` (also the second step of `npm test`). The layout rules it enforces are listed in
// docs/DEVELOPING.md, "Typecheck, lint and format".
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The server's presenters: the one place each JSON answer is written, whose types the web app imports. */
const PRESENTERS = '**/src/server/modules/*/*.presenter.ts';

/** What the browser loads never imports the server's code: `import type` of a presenter is erased from the bundle. */
const SERVER_TYPES_ONLY = {
  group: ['**/server/**'],
  allowTypeImports: true,
  message: 'Only types may come from src/server (`import type`): the browser bundle must not hold server code.',
};

const features = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default defineConfig(
  {
    ignores: [
      'dist/',
      'data/',
      'data-bench/',
      'bench-results/',
      'test-results/',
      'playwright-report/',
      '.tmp-*/',
      'src/web/routeTree.gen.ts',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
  },
  {
    rules: {
      // A leading underscore marks a value left out on purpose (`const { password: _password, ...rest } = user`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // A variable a callback reads before its one assignment (e.g. the autocannon instance it stops) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // TanStack Router's guards throw redirect() and notFound() by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }] },
      ],
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], extends: [tseslint.configs.disableTypeChecked] },
  {
    files: ['tests/**/*.ts'],
    rules: {
      // Tests read API answers as JSON (`any`) and check them with expect(); typing every answer adds nothing.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // tsc already checks that imports resolve and names exist (import-x's recommended set repeats that, slowly).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: './src/web',
              message: 'src/shared is used by the server and the web app: it imports neither.',
            },
            // The web app and src/shared read the JSON shapes the API answers off the server's presenters, types
            // only (the rule below refuses values): docs/DEVELOPING.md "Layout rules".
            {
              target: ['./src/shared', './src/web'],
              from: './src/server/**',
              except: [PRESENTERS],
              message:
                "The web app talks to the server over HTTP; shared code lives in src/shared (only a presenter's types may be imported).",
            },
            // A feature uses another feature only through that feature's public entry, its index.ts.
            ...features.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: './src/web/features',
              except: [`./${feature}`, ...features.filter((other) => other !== feature).map((o) => `./${o}/index.ts`)],
              message: `Import another feature through its public entry (src/web/features/<name>/index.ts).`,
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: {
      // With verbatimModuleSyntax `import { type A } from 'x'` still loads 'x' (`import type` does not): a type-only
      // import of a presenter must not pull the server into the browser bundle.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [SERVER_TYPES_ONLY] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'node:*', 'drizzle-orm', 'drizzle-orm/*', 'hono', 'hono/*', 'pg'],
              message: 'src/shared runs in the browser and on the server: no React, Node, Drizzle or Hono imports.',
            },
            SERVER_TYPES_ONLY,
          ],
        },
      ],
    },
  },
);
