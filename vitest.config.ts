import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // API suites each start servers with their own databases; two cores → two at a time.
    maxWorkers: 2,
  },
});
