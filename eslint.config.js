import { defineConfig, globalIgnores } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * One linter for the whole repository (`npm run lint`). The architecture rules are explained, with
 * the reasons, in docs/architecture.md; every message below points there.
 */

const WHY = 'See docs/architecture.md.';

/** Source files ESLint reads. */
const CODE = '**/*.{ts,tsx,js,mjs,cjs}';

/** Product code: what ships. Tests, scripts and migrations are not product code. */
const PRODUCT = ['common/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'client/src/**/*.{ts,tsx}'];
const TESTS = ['**/*.test.{ts,tsx}', 'server/test/**', 'client/e2e/**'];

/**
 * The server files that may run SQL: the repositories of each feature (`repo.ts`, `*-repo.ts`), the
 * database module, and the platform modules that own a table of their own (outbox, scheduler
 * heartbeats, idempotency keys, the platform identity): each of those is its own repo. (The
 * migrations, outside server/src, are SQL too.)
 */
const SQL_OWNERS = [
  'server/src/**/repo.ts',
  'server/src/**/*-repo.ts',
  'server/src/db/**',
  'server/src/platform/outbox.ts',
  'server/src/platform/health.ts',
  'server/src/platform/idempotency.ts',
  'server/src/platform/platform.ts',
];

/** `no-restricted-syntax` entries; ESLint replaces (does not merge) the rule per file, so blocks compose these lists. */
const NO_CAST_TO_NEVER_OR_ANY = [
  {
    selector: 'TSAsExpression > TSNeverKeyword.typeAnnotation',
    message: `No \`as never\`: give the value its real type (a type guard, a narrower signature). ${WHY}`,
  },
  { selector: 'TSAsExpression > TSAnyKeyword.typeAnnotation', message: `No \`as any\`: give the value its real type. ${WHY}` },
  { selector: 'TSTypeAssertion > TSNeverKeyword.typeAnnotation', message: `No \`<never>\` casts. ${WHY}` },
  { selector: 'TSTypeAssertion > TSAnyKeyword.typeAnnotation', message: `No \`<any>\` casts. ${WHY}` },
];
const NO_QUERIES = [
  {
    selector:
      "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom|executeQuery)$/]",
    message: `Queries live in the feature's repo (repo.ts / *-repo.ts): call a repo function. Services may open transactions (db.transaction()) and pass them on. ${WHY}`,
  },
];
const NO_DB_IN_ROUTES = [
  { selector: "MemberExpression[property.name='db']", message: `Routes call services; services hold the database. ${WHY}` },
  { selector: "VariableDeclarator > ObjectPattern > Property[key.name='db']", message: `Routes call services; services hold the database. ${WHY}` },
];

/** A route declares its chain (auth → idParam → idempotencyKey → validateBody/validateQuery → rateLimit → handler); the handler reads what the chain parsed. */
const CHAIN_IN_ROUTES = [
  {
    selector: "CallExpression[callee.name=/^(validate|parseId|isId|readIdempotencyKey)$/]",
    message: `Declare it in the route's chain (validateBody, validateQuery, idParam, idempotencyKey from platform/http.ts) and read it with \`.of(req)\`. ${WHY}`,
  },
  {
    selector: "CallExpression[callee.property.name=/^(consume|penalty|reward|get)$/][callee.object.property.name='rateLimiter']",
    message: `Rate limits are middleware in the chain: rateLimit(policy, keyOf) / failureLimit(...) from platform/http.ts. ${WHY}`,
  },
];

/**
 * `local/no-family-names`: the generic pipelines (server/src/orders, server/src/settlement) never name
 * a game family — keno, the draw lotteries, football — in code, strings or comments: they reach a
 * family only through the game registry (server/src/games/registry.ts). What `grep -iE
 * 'keno|draw|lottery|football'` would find there is refused, except `draw_result` / `drawResult`: the
 * name, kept for compatibility, of every order's settlement record (a column and a wire field).
 */
const FAMILY_WORDS = /keno|football|lotter(?:y|ies)|hks01|draw/gi;
const SETTLEMENT_RECORD = /^(?:draw_result|drawResult)/;
const local = {
  rules: {
    'no-family-names': {
      meta: { type: 'problem', schema: [], messages: { named: `"{{word}}" names a game family: generic pipelines reach families through the game registry (server/src/games). ${WHY}` } },
      create(context) {
        return {
          Program() {
            const text = context.sourceCode.text;
            for (const match of text.matchAll(FAMILY_WORDS)) {
              if (SETTLEMENT_RECORD.test(text.slice(match.index))) continue;
              const start = context.sourceCode.getLocFromIndex(match.index);
              const end = context.sourceCode.getLocFromIndex(match.index + match[0].length);
              context.report({ loc: { start, end }, messageId: 'named', data: { word: match[0] } });
            }
          },
        };
      },
    },
  },
};

/** What a server feature or game family may import besides itself: the infrastructure, config.ts, and features' doors (service.ts; auth's guard). */
const SHARED_AND_DOORS = [
  { element: { type: 'server-infra' } },
  { element: { type: 'server' }, file: { categories: 'config' } },
  { element: { type: 'server-feature' }, file: { categories: { anyOf: ['public', 'auth-guard'] } } },
];

export default defineConfig(
  // Outputs, caches and local data.
  globalIgnores(['**/node_modules/', '**/dist/', '**/dev-dist/', '.tmp/', '.data/', '.data-*/', 'coverage/', 'test-results/', 'playwright-report/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  // ---- Every file: typescript-eslint's recommended rules ----
  {
    files: [CODE],
    extends: [tseslint.configs.recommended],
    rules: {
      // A leading underscore marks a binding that is unused on purpose (an Express error handler's `next`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `declare global { namespace FormatjsIntl … }` is how react-intl types message ids.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // server/src/platform/queues.ts's `QueueMap` is empty on purpose: each feature adds its queues to
      // it by declaration merging (the platform imports no feature). Every other empty type is an error.
      '@typescript-eslint/no-empty-object-type': ['error', { allowWithName: '^QueueMap$' }],
    },
  },
  // Tests, scripts and the (frozen) migrations read untyped JSON or follow Kysely's `Kysely<any>`
  // migration convention: `any` is allowed there, never in product code.
  {
    files: [...TESTS, 'scripts/**', 'migrations/**', '*.config.ts', 'client/*.config.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // ---- Product code: type-aware promise rules (fast enough: one program per package) ----
  {
    files: PRODUCT,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },

  // ---- common/: pure rules, no I/O ----
  {
    files: ['common/src/**/*.ts'],
    rules: {
      // An allow-list: its own files, zod, and vitest in its tests. No Node module, no driver, no server or client code.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|vitest$|\\.\\.?/)',
              message: `common/ is pure TypeScript shared by server and client: no I/O, so no Node API or driver; it imports only zod. ${WHY}`,
            },
          ],
        },
      ],
    },
  },

  // ---- Product code: no casts to never/any (tests may cast on purpose, to feed the rules input their types forbid) ----
  {
    files: PRODUCT,
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', ...NO_CAST_TO_NEVER_OR_ANY] },
  },

  // ---- server/: Kysely only in repos ----
  {
    files: ['server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...NO_CAST_TO_NEVER_OR_ANY, ...NO_QUERIES],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              message: `Only repos (repo.ts, *-repo.ts), db/ and the table-owning platform modules import Kysely; pass transactions as db/database.ts's Tx/Db/Executor. ${WHY}`,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/*/routes.ts', 'server/src/games/*/routes.ts', 'server/src/games/*/*-routes.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NO_CAST_TO_NEVER_OR_ANY, ...NO_QUERIES, ...NO_DB_IN_ROUTES, ...CHAIN_IN_ROUTES] },
  },
  {
    files: SQL_OWNERS,
    rules: {
      'no-restricted-syntax': ['error', ...NO_CAST_TO_NEVER_OR_ANY],
      '@typescript-eslint/no-restricted-imports': 'off',
    },
  },

  // ---- server/: the generic pipelines name no game family ----
  {
    files: ['server/src/orders/**/*.ts', 'server/src/settlement/**/*.ts'],
    plugins: { local },
    rules: { 'local/no-family-names': 'error' },
  },

  // ---- client/: hooks ----
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // ---- Import boundaries between folders ----
  {
    files: [CODE],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': [
        // The first descriptor that matches a file names its element: the specific ones come first.
        { type: 'common', pattern: 'common/src', partialMatch: false },
        { type: 'server-infra', pattern: 'server/src/{platform,db}', partialMatch: false },
        // A game family's folder (games/keno, games/draw, games/football; games/draw-core is what keno and the draw lotteries share).
        { type: 'server-game', pattern: 'server/src/games/*', capture: ['family'], partialMatch: false },
        // The files of games/ itself: the GameFamily interface, the registry, the list of families.
        { type: 'server-games', pattern: 'server/src/games', partialMatch: false },
        { type: 'server-feature', pattern: 'server/src/*', capture: ['feature'], partialMatch: false },
        // What is left of server/src: the composition root (main.ts, server.ts, app.ts) and config.ts.
        { type: 'server', pattern: 'server/src', partialMatch: false },
        { type: 'migrations', pattern: 'migrations', partialMatch: false },
        // boot/ starts the client and mounts app/ (the shell, the router); app/ never imports boot/.
        { type: 'client-boot', pattern: 'client/src/boot', partialMatch: false },
        { type: 'client-app', pattern: 'client/src/app', partialMatch: false },
        { type: 'client-shared', pattern: 'client/src/shared', partialMatch: false },
        { type: 'client-feature', pattern: 'client/src/features/*', capture: ['feature'], partialMatch: false },
        // What is left of client/src: main.tsx.
        { type: 'client', pattern: 'client/src', partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'config', pattern: 'server/src/config.ts' },
        { category: 'repo', pattern: ['server/src/**/repo.ts', 'server/src/**/*-repo.ts'] },
        { category: 'public', pattern: ['server/src/*/service.ts', 'server/src/games/*/service.ts'] },
        { category: 'game-entry', pattern: 'server/src/games/*/family.ts' },
        { category: 'auth-guard', pattern: 'server/src/auth/middleware.ts' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{from.element.type}} may not import {{to.file.path}} ({{to.element.type}}). Features reach another feature only through its service.ts ' +
            `(routes: auth/middleware.ts); repos stay inside their feature; platform/ and db/ import no feature; client features import only shared/. ${WHY}`,
          policies: [
            // common: nothing but itself.
            // server/src root files: the composition root wires every feature, but never reaches into a repo.
            { from: { element: { type: 'server' } }, allow: { to: { element: { types: { anyOf: ['server', 'server-infra', 'server-feature', 'server-games', 'server-game'] } } } } },
            { from: { element: { type: 'server' } }, disallow: { to: { file: { categories: 'repo' } } } },
            // platform/ and db/: shared infrastructure; config.ts; db/ runs the migrations. Never a feature.
            {
              from: { element: { type: 'server-infra' } },
              allow: {
                to: [
                  { element: { type: 'server-infra' } },
                  { element: { type: 'server' }, file: { categories: 'config' } },
                  { element: { type: 'migrations' } },
                ],
              },
            },
            // A feature: itself (any file), the infrastructure, config.ts, and other features' service.ts (auth's guard for routes).
            {
              from: { element: { type: 'server-feature' } },
              allow: {
                to: [
                  ...SHARED_AND_DOORS,
                  // The game registry and the GameFamily interface; a family's service (admin's result entry).
                  { element: { type: 'server-games' } },
                  { element: { type: 'server-game' }, file: { categories: 'public' } },
                ],
              },
            },
            // The generic pipelines reach a family only through the registry, never a family's own file.
            { from: { element: { type: 'server-feature', captured: { feature: '{orders,settlement}' } } }, disallow: { to: { element: { type: 'server-game' } } } },
            // A game family: itself, the draw core (keno and the draw lotteries), games/ (the interface), the infrastructure, config.ts and features' service.ts. Never another family.
            {
              from: { element: { type: 'server-game' } },
              allow: {
                to: [
                  ...SHARED_AND_DOORS,
                  { element: { type: 'server-games' } },
                  { element: { type: 'server-game', captured: { family: 'draw-core' } } },
                ],
              },
            },
            // games/ itself: the interface and the registry (types of features), and each family's entry (families.ts lists them).
            {
              from: { element: { type: 'server-games' } },
              allow: {
                to: [
                  { element: { type: 'server-infra' } },
                  { element: { type: 'server-feature' }, file: { categories: { anyOf: ['public', 'auth-guard'] } } },
                  { element: { type: 'server-game' }, file: { categories: 'game-entry' } },
                ],
              },
            },
            // Client: features use shared/ only; shared/ holds generic modules and imports nothing else of
            // the client (never a feature, app/ or boot/); main.tsx and boot/ start the client and mount
            // app/, which assembles the features: app/ never imports boot/ (no app ↔ boot cycle). Cycles
            // between shared/ modules are caught by scripts/architecture/import-cycles.test.ts.
            { from: { element: { type: 'client-feature' } }, allow: { to: { element: { type: 'client-shared' } } } },
            { from: { element: { type: 'client-shared' } }, allow: { to: { element: { type: 'client-shared' } } } },
            {
              from: { element: { types: { anyOf: ['client', 'client-boot'] } } },
              allow: { to: { element: { types: { anyOf: ['client', 'client-boot', 'client-app', 'client-shared', 'client-feature'] } } } },
            },
            {
              from: { element: { type: 'client-app' } },
              allow: { to: { element: { types: { anyOf: ['client-app', 'client-shared', 'client-feature'] } } } },
            },
          ],
        },
      ],
    },
  },
);
