import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import LongestFirst from './tests/setup/sequencer.ts';

/** What every project shares (a project repeats it: `extends` would run the root's global set-up once more per project). */
const shared = {
  testTimeout: 60_000,
  hookTimeout: 240_000,
  // expect.poll waits for the browser and the server: 1 s (vitest's default) is too short
  // on a loaded CI machine (a product list's first page has taken longer there).
  expect: { poll: { timeout: 10_000 } },
};

const project = (name: string, test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({ test: { name, include: [`tests/${name}/**/*.test.ts`], ...shared, ...test } });

/**
 * Three projects in one run on two workers: unit (pure functions and components' logic), api
 * (the real server over HTTP on PGlite and, with TEST_DATABASE_URL, the PostgreSQL server),
 * e2e (the built UI in Chromium). docs/testing.md says what runs where and how to run a part.
 */
export default defineConfig({
  test: {
    // Once per run, whichever projects run: the browser and tools the tests drive (or one
    // message saying what to install), then the template builder (templates.global.ts).
    globalSetup: ['tests/setup/tools.ts', 'tests/setup/templates.global.ts'],
    // Two cores → two at a time: API suites start servers, e2e files drive Chromium.
    maxWorkers: 2,
    // Longest files first (tests/setup/durations.json): the two workers end together.
    sequence: { sequencer: LongestFirst },
    // The slowest files after each run; a full run keeps durations.json current.
    reporters: ['default', './tests/setup/durationsReporter.ts'],
    ...shared,
    projects: [
      // Module state of their own in no file: one module graph per worker, not per file.
      project('unit', { isolate: false }),
      // Server state lives in caches keyed by the database or the screen (WeakMaps), never by the file: one graph per worker too.
      project('api', { isolate: false }),
      // One Chromium and one UI listener per worker, shared by its files (tests/e2e/browser.ts).
      project('e2e', { isolate: false }),
    ],
  },
});
