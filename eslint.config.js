// @ts-check
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['src/formats/*/compiled.ts', 'dist/**', 'node_modules/**', 'samples/**', 'coverage/**', 'docs/api/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      'no-eval': 'error',
      'no-new-func': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Prettier wraps code at 140 columns but cannot break a long string; this catches the rest.
      'max-len': ['error', { code: 300, ignoreUrls: true }],
    },
  },
);
