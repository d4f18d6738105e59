// Lint rules: ESLint's and typescript-eslint's recommended sets, without type information so a
// run stays fast. `npm run typecheck` does the type checking.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
);
