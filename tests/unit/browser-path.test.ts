/**
 * The test run's browser (tests/setup/browserPath.ts): CHROMIUM_PATH wins when it exists and
 * is never silently replaced when it does not; without it a system browser is found.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYSTEM_BROWSERS, findBrowser } from '../setup/browserPath.ts';
import { existsSync } from 'node:fs';

describe('the tests find their browser', () => {
  it('takes CHROMIUM_PATH when it exists, and none when it names nothing', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'browser-')), 'chrome');
    writeFileSync(file, '');
    expect(findBrowser({ CHROMIUM_PATH: file })).toBe(file);
    expect(findBrowser({ CHROMIUM_PATH: `${file}-missing` })).toBeUndefined();
  });

  it('finds the system browser the global set-up made sure of', () => {
    const system = SYSTEM_BROWSERS.find((p) => existsSync(p));
    expect(system, 'the global set-up installs Debian chromium when none is there').toBeDefined();
    expect(findBrowser({})).toBe(system);
  });
});
