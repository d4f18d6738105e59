// Lint rules: ESLint's and typescript-eslint's recommended sets, without type information so a
// run stays fast. `npm run typecheck` does the type checking. The import boundaries of the
// architecture are rules here too, judged on resolved paths (lint/boundaries.js), so a wrong-way
// import fails CI (see the README files under server/ and workers/). Layout is Prettier's job
// (`prettier --check` in `npm run lint`), so the config ends by turning off every ESLint rule that
// could disagree with it.
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettierOff from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';
import { boundaryConfig } from './lint/boundaries.js';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

export default tseslint.config(
  // lint/fixtures holds deliberately wrong imports for lint/boundaries.test.ts.
  { ignores: ['**/dist/**', 'node_modules/**', '.data/**', 'client/dev-dist/**', 'lint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        localStorage: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      // Unused arguments named with a leading underscore are intentional (fixed signatures).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Empty catch blocks are used where a failure is deliberately ignored, with a comment.
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  ...boundaryConfig(ROOT),
  prettierOff,
);
