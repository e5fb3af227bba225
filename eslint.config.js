// One linter for the whole tree; formatting is Prettier's job (eslint-config-prettier turns off clashing rules).
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CONSOLE_SRC = path.resolve(import.meta.dirname, 'apps/web/src');
const SHARED_LAYERS = new Set(['data', 'lib', 'components', 'config']);

/** Where a file sits in the console: a feature (by name), the app (route modules), a shared layer. */
function consoleLayerOf(file) {
  const relative = path.relative(CONSOLE_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [top, name, ...rest] = relative.split(path.sep);
  if (top === 'features' && name !== undefined && rest.length > 0) return { feature: name };
  if (top === 'app') return { app: true };
  if (SHARED_LAYERS.has(top) && name !== undefined) return { shared: top };
  return undefined;
}

/**
 * The console's layers: route modules (src/app/) compose features; features never import each
 * other nor the app, and use what they share from data/, lib/, components/ and config/, which
 * import no feature (nor the app, but in their tests). Relative specifiers are resolved against
 * the importing file, which a pattern on the specifier alone cannot do.
 */
const consoleLayers = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        "Features never import each other: '{{from}}' imports the '{{to}}' feature. Move what they share to src/data/, src/lib/ or src/components/, or compose them in a route module (src/app/).",
      featureIntoApp:
        "Features never import the app: '{{from}}' imports src/app/. Route modules compose features, not the other way round.",
      sharedIntoFeature:
        "src/{{from}}/ is shared by every feature and imports none: it imports the '{{to}}' feature.",
      sharedIntoApp:
        'src/{{from}}/ is shared by every feature and never imports src/app/ (its tests may, to run as the app does).',
    },
    schema: [],
  },
  create(context) {
    const from = consoleLayerOf(context.filename);
    if (from === undefined || from.app) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = consoleLayerOf(path.resolve(path.dirname(context.filename), source.value));
      const report = (messageId, data) => context.report({ node: source, messageId, data });
      if (from.feature !== undefined) {
        if (to?.feature !== undefined && to.feature !== from.feature) {
          report('crossFeature', { from: from.feature, to: to.feature });
        } else if (to?.app) report('featureIntoApp', { from: from.feature });
      } else if (to?.feature !== undefined) {
        report('sharedIntoFeature', { from: from.shared, to: to.feature });
      } else if (to?.app && !/\.test\.tsx?$/.test(context.filename)) {
        report('sharedIntoApp', { from: from.shared });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

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
    "Routes are HTTP only: SQL goes in the resource's repository, writes that touch several entities in an action beside them (src/resources/<resource>/<verb-noun>.ts).",
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
    plugins: {
      'react-hooks': reactHooks,
      console: { rules: { layers: consoleLayers } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'console/layers': 'error',
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
    // Query keys come from the key factories of src/data/<resource>/keys.ts, so a mutation
    // invalidates the key its query used and the offline cache finds its answers again. Tests may
    // spell keys out: they pin the shapes the cache stores answers under (data/keys.test.ts).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/data/**', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "Property[key.name='queryKey'] > ArrayExpression",
          "Property[key.name='queryKey'] > TSAsExpression > ArrayExpression",
          "CallExpression[callee.property.name=/^(get|set)Quer(y|ies)(Data|State)$/][arguments.0.type='ArrayExpression']",
        ].map((selector) => ({
          selector,
          message:
            "A query key comes from its resource's key factory in src/data/ (e.g. siteKeys.detail(id)), not an array written here.",
        })),
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
    // entities are actions beside them in src/resources/<resource>/.
    files: ['apps/server/src/resources/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_WEB_CODE, NO_SIMULATOR, NO_DATABASE_IN_ROUTES] },
      ],
    },
  },
  {
    // No god files and no god closures: a file over 500 lines or a function over 150 is split
    // along its seams (a pure plan, a repository, the I/O around them). Tests read top to bottom
    // and may run longer; the schema is data.
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['**/*.test.{ts,tsx}', 'e2e/**/*.spec.ts', 'apps/server/src/db/schema.ts'],
    rules: {
      'max-lines': ['error', { max: 500 }],
      'max-lines-per-function': ['error', { max: 150 }],
    },
  },
  {
    // SQL lives in repositories: a query anywhere else hides what a resource or a subsystem
    // stores and keeps it from running inside an action's transaction. typescript-eslint's rule
    // (not the base one, so it adds to the blocks above rather than replacing them) lets a type
    // import through, for row types such as `typeof sites.$inferSelect`. The database's own
    // folder, the seed's row factories and tests write rows directly.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/seed/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema.ts'],
              allowTypeImports: true,
              message:
                'SQL lives in repositories: move this query into a <thing>.repository.ts beside its caller (ARCHITECTURE.md, Where things go).',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
