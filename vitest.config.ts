import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/setup/sequencer.ts';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
    // Finds (or installs) the browser and the tools the tests drive, or stops with one message.
    globalSetup: ['tests/setup/tools.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // API suites each start servers with their own databases; two cores → two at a time.
    maxWorkers: 2,
    // Longest files first (tests/setup/durations.json): the two workers end together.
    sequence: { sequencer: LongestFirst },
    // expect.poll waits for the browser and the server: 1 s (vitest's default) is too short
    // on a loaded CI machine (a product list's first page has taken longer there).
    expect: { poll: { timeout: 10_000 } },
  },
});
