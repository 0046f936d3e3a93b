import { defineConfig } from 'vitest/config';

// The viewer's end-to-end tests, in headless Chromium: `npm run test:browser` (not part of `npm test`).
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
