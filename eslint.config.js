// Lint rules: ESLint's and typescript-eslint's recommended sets, without type information so a
// run stays fast. `npm run typecheck` does the type checking. The import boundaries of the
// architecture are rules here too, so a wrong-way import fails CI (see server/README files).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const rule = (regex, message) => ({ regex, message });
const NO_WORKERS = rule('(^|/)workers/', 'The server never imports workers/: the process entry passes the handlers in.');
const NO_TEST_HELPERS = rule('(^|/)test/', 'Test helpers are for tests only.');
const MODULE_ENTRY_ONLY = rule(
  '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$)',
  'Another module is reached only through its index.ts (its public entry).',
);
const MODULES_BY_ENTRY = rule('(^|/)modules/[^/]+/(?!index\\.ts$|[^/]+\\.routes\\.ts$)', 'Modules are reached only through their index.ts.');
const KERNEL_UPWARD = rule(
  '^(\\.\\./)+(modules|plugins|realtime|seed|test)/|^(\\.\\./)+(app|runtime|main|openapi)\\.ts$',
  'The kernel imports only server/contract (and itself).',
);
const CLIENT_SERVER = rule('(^|/)server/(?!contract/)', 'The client imports only server/contract.');
const WORKERS_SERVER = rule('(^|/)server/(?!kernel/|contract/)', 'Workers import only the server kernel and contract.');
const FEATURES = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Features never import each other; client/src/app composes them. */
const otherFeatures = (feature) =>
  rule(
    `(^|/)features/(?!${feature}/)|^(\\.\\./)+(${FEATURES.filter((f) => f !== feature).join('|')})/`,
    'Features never import each other: compose them in client/src/app.',
  );
const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx', ...ignores],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', '.data/**', 'client/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', window: 'readonly', document: 'readonly', navigator: 'readonly', localStorage: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', URL: 'readonly', fetch: 'readonly', Buffer: 'readonly' },
    },
    rules: {
      // Unused arguments named with a leading underscore are intentional (fixed signatures).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Empty catch blocks are used where a failure is deliberately ignored, with a comment.
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // Production code only: tests may use the harness and wire workers in.
  restrict(['server/kernel/**/*.ts'], [KERNEL_UPWARD, NO_WORKERS]),
  restrict(['server/modules/**/*.ts'], [MODULE_ENTRY_ONLY, NO_WORKERS, NO_TEST_HELPERS]),
  restrict(['server/plugins/**/*.ts', 'server/realtime/**/*.ts', 'server/seed/**/*.ts'], [MODULES_BY_ENTRY, NO_WORKERS, NO_TEST_HELPERS]),
  // main.ts is the API process's composition root: it alone hands the in-process handlers in.
  restrict(['server/*.ts'], [NO_WORKERS, NO_TEST_HELPERS], ['server/main.ts']),
  restrict(['client/src/**/*.ts', 'client/src/**/*.tsx'], [CLIENT_SERVER]),
  ...FEATURES.map((feature) => restrict([`client/src/features/${feature}/**/*.{ts,tsx}`], [CLIENT_SERVER, otherFeatures(feature)])),
  restrict(['workers/**/*.ts'], [WORKERS_SERVER], ['workers/test/**']),
);
