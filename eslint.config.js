// ESLint 9 flat config: `npm run lint` (also the second step of `npm test`). The layout rules it enforces are listed in
// docs/DEVELOPING.md "Layout rules"; the sets it uses in "Typecheck, lint and format".
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noFeatureCycles from './eslint-rules/no-feature-cycles.js';
import noForeignTableWrites from './eslint-rules/no-foreign-table-writes.js';

/** The server's presenters: the one place each JSON answer is written, whose types src/shared imports. */
const PRESENTERS = '**/src/server/{modules,areas}/*/*.presenter.ts';
/** The composition root, whose route table (`ApiSchema`) types the web's calls (docs/DEVELOPING.md "Typed API calls"). */
const ROUTE_TABLE = '**/src/server/platform/app.ts';

/** src/shared runs in the browser and on the server. */
const SHARED_RUNS_EVERYWHERE = {
  group: ['react', 'react-*', 'node:*', 'drizzle-orm', 'drizzle-orm/*', 'hono', 'hono/*', 'pg'],
  message: 'src/shared runs in the browser and on the server: no React, Node, Drizzle or Hono imports.',
};

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
            // src/shared reads the JSON shapes the API answers off the server's presenters, types only (the rule
            // below refuses values): docs/DEVELOPING.md "Layout rules".
            {
              target: './src/shared',
              from: './src/server/**',
              except: [PRESENTERS, ROUTE_TABLE],
              message:
                "src/shared takes only a presenter's types and the route table from src/server (the web app reads them through src/shared).",
            },
            // The web app imports nothing from src/server, not even types: it talks to the server over HTTP, and the
            // API's types reach it through src/shared.
            {
              target: './src/web',
              from: './src/server',
              message:
                'The web app imports nothing from src/server (not even types): the API types come from src/shared/api-types.ts.',
            },
            // components/ and lib/ are what every feature builds on: they never import a feature (a feature's piece
            // they need moves to them, or the route that composes them passes it in).
            {
              target: ['./src/web/components', './src/web/lib'],
              from: './src/web/features',
              message:
                'components/ and lib/ never import a feature: move the piece to components/ or lib/, or pass it in from the route.',
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
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              message: 'The web app imports nothing from src/server, not even types: they come through src/shared.',
            },
          ],
        },
      ],
    },
  },
  // A call's answer is its route's type (docs/DEVELOPING.md "Typed API calls"): the client takes no type argument
  // for it, and a cast of a call's answer to a hand-written type is refused here.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[':matches(TSAsExpression, TSTypeAssertion)', ':matches(TSAsExpression, TSTypeAssertion) > AwaitExpression']
          .flatMap((cast) => [
            `${cast} > CallExpression[callee.object.name='api']`,
            `${cast} > CallExpression[callee.object.object.name='api']`,
          ])
          .map((selector) => ({
            selector,
            message: "An API call's answer has its route's type (lib/api.ts): do not cast it to another.",
          })),
      ],
    },
  },
  // Web features form no circle (eslint-rules/no-feature-cycles.js): an import from one feature to another that
  // already uses it, directly or through others, is refused.
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'no-feature-cycles': noFeatureCycles } } },
    rules: { 'local/no-feature-cycles': 'error' },
  },
  // src/shared (docs/DEVELOPING.md "Layout rules"): runs in the browser and on the server; of src/server only
  // api-types.ts takes anything, and only types (the presenters' view types, the zone above).
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/api-types.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            SHARED_RUNS_EVERYWHERE,
            {
              group: ['**/server/**'],
              message:
                'In src/shared only api-types.ts imports from src/server (types only): take the type from there.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/api-types.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [SHARED_RUNS_EVERYWHERE, SERVER_TYPES_ONLY] }],
    },
  },
  // The server's layers (docs/DEVELOPING.md "Server layout"): db/ below everything; platform/'s middleware, lib,
  // storage and jobs receive what they need and import no module or area; modules/ import no area and not the
  // composition root (platform/app.ts, index.ts, bootstrap.ts); a table file imports only other table files, so the
  // tables form their own layer (a foreign key may name another module's table without a cycle of modules' code).
  {
    files: ['src/server/**/*.ts'],
    plugins: { 'server-layout': { rules: { 'no-foreign-table-writes': noForeignTableWrites } } },
    rules: {
      'server-layout/no-foreign-table-writes': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/server/db',
              from: ['./src/server/modules', './src/server/areas', './src/server/platform', './src/server/demo'],
              message: 'db/ imports no module, area, platform or demo file: it is below them all.',
            },
            // All of platform/ but the composition root (index.ts, app.ts, bootstrap.ts, outbox.ts): middleware, lib,
            // storage, jobs, env, context, static, banner (which shows the demo logins: demo/ is refused to the rest).
            {
              target: ['./src/server/platform/*/**', './src/server/platform/!(index|app|bootstrap|outbox).ts'],
              from: ['./src/server/modules', './src/server/areas'],
              message:
                'Platform code imports no module or area (only index.ts, app.ts, bootstrap.ts and outbox.ts wire them): it receives what it needs.',
            },
            {
              target: ['./src/server/platform/*/**', './src/server/platform/!(index|app|bootstrap|banner).ts'],
              from: './src/server/demo',
              message: 'Platform code imports no demo code (only the composition root and the start banner).',
            },
            {
              target: './src/server/platform/lib/logger.ts',
              from: './src/server/platform/middleware',
              message: 'The logger is below the middleware that uses it.',
            },
            {
              target: './src/server/modules',
              from: ['./src/server/areas'],
              message: 'A module never imports an area: areas read the modules, not the other way round.',
            },
            {
              target: ['./src/server/modules', './src/server/areas'],
              from: [
                './src/server/platform/app.ts',
                './src/server/platform/index.ts',
                './src/server/platform/bootstrap.ts',
                './src/server/demo',
              ],
              message: 'Only the composition root (platform/app.ts, index.ts, bootstrap.ts) wires modules and areas.',
            },
            {
              target: [
                '**/src/server/**/table.ts',
                '**/src/server/**/*.table.ts',
                '**/src/server/db/derived-tables.ts',
              ],
              from: '**/src/server/**',
              except: ['**/src/server/**/table.ts', '**/src/server/**/*.table.ts', '**/src/server/db/columns.ts'],
              message: 'A table file imports only other table files and db/columns.ts.',
            },
          ],
        },
      ],
    },
  },
  // Heavy libraries are loaded on first use (platform/lib/heavy-modules.ts): imported at the top of a module they are
  // loaded at start, before the embedded database's health check can answer (README "Performance").
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/platform/lib/heavy-modules.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['pdfkit', 'sharp', 'qrcode', 'nodemailer'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Load it on first use through platform/lib/heavy-modules.ts.',
          })),
        },
      ],
    },
  },
);
