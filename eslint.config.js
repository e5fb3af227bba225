// One linter for the whole tree; formatting is Prettier's job (eslint-config-prettier turns off clashing rules).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A later no-restricted-imports replaces an earlier one for the same files, so each block below
// lists every pattern that applies to its files.
const NO_WEB_CODE = {
  group: ['**/apps/web/**', '@paddock/web'],
  message: 'The server never imports web code.',
};
const NO_SIMULATOR = {
  group: [
    '**/apps/simulator/**',
    '**/simulator/src/**',
    '@paddock/simulator',
    '@paddock/simulator/*',
  ],
  message: 'The server never imports the simulator: apps/devstack runs it beside the server.',
};
const NO_DATABASE_IN_ROUTES = {
  group: ['**/db/schema', '**/db/schema.ts', 'drizzle-orm', 'drizzle-orm/*'],
  message:
    "Routes are HTTP only: SQL goes in the resource's repository, writes that touch several entities in src/commands/.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The domain is pure: no I/O and no clock. Time comes in as an argument.
    files: ['packages/domain/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'net'],
              message: 'The domain does no I/O.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'The domain does no I/O.' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'The domain never reads the clock: take `now` as an argument.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'The domain never reads the clock: take `now` as an argument.',
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'The domain is deterministic: take randomness as an argument.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app and the server meet only in packages/domain.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@paddock/server'],
              message: 'The web app never imports server code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_WEB_CODE] }] },
  },
  {
    // The server never starts the simulator: apps/devstack runs them side by side.
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_WEB_CODE, NO_SIMULATOR] }] },
  },
  {
    // Routes are HTTP only: each resource's SQL is in its repository, writes that touch several
    // entities are actions in src/commands/.
    files: ['apps/server/src/routes/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_WEB_CODE, NO_SIMULATOR, NO_DATABASE_IN_ROUTES] },
      ],
    },
  },
  prettier,
);
