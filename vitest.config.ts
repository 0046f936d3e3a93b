import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The browser tests have their own run: npm run test:browser (vitest.browser.config.ts).
    exclude: ['**/node_modules/**', 'test/browser/**'],
    testTimeout: 30_000,
  },
});
