/**
 * A browser suite on a database of its own that starts empty, as README "Your own database"
 * has it: a new database on the TEST_DATABASE_URL server (else a new PGlite data directory),
 * migrated and seeded by the real start with DEMO_DATA=0 and the first administrator from
 * ADMIN_EMAIL / ADMIN_PASSWORD — no template, no demo data. Dropped when the file ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { freshDatabase, startTestServer, type TestServer } from '../api/harness.ts';
import { sharedBrowser, watchCsp, type CspViolation } from './browser.ts';

/** The first administrator's environment (README "Your own database"). */
export interface AdminEnv {
  ADMIN_EMAIL: string;
  ADMIN_PASSWORD: string;
  ADMIN_COMPANY?: string;
  ADMIN_COMPANY_CODE?: string;
  ADMIN_COMPANY_CURRENCY?: string;
  ADMIN_COMPANY_COUNTRY?: string;
}

/** The real server with the built UI on a new, empty database, started with DEMO_DATA=0 and `admin`; `close()` drops the database. */
async function startEmptyUiServer(admin: AdminEnv): Promise<TestServer> {
  const uiDir = process.env.E2E_DIST ?? join(process.cwd(), 'dist');
  const env = { ...admin, DEMO_DATA: '0' };
  if (process.env.TEST_DATABASE_URL) {
    const db = await freshDatabase();
    const s = await startTestServer('postgres', { uiDir, env, existing: { databaseUrl: db.url } }).catch(async (e: unknown) => {
      await db.drop();
      throw e;
    });
    return { ...s, close: () => s.close().finally(() => db.drop()) };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-empty-'));
  const s = await startTestServer('pglite', { uiDir, env, existing: { dataDir } });
  return { ...s, close: () => s.close().finally(() => rmSync(dataDir, { recursive: true, force: true })) };
}

export interface EmptySuite {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly cspViolations: CspViolation[];
}

/**
 * `browserSuite` (browser.ts) on an empty database of the file's own (startEmptyUiServer), at an
 * address of its own; a fresh context and page per test, no CSP violation allowed.
 */
export function emptyDatabaseSuite(admin: AdminEnv, viewport = { width: 1400, height: 900 }): EmptySuite {
  const s = {} as { server: TestServer; browser: Browser; context: BrowserContext; page: Page; cspViolations: CspViolation[] };
  beforeAll(async () => {
    [s.server, s.browser] = await Promise.all([startEmptyUiServer(admin), sharedBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(s.browser?.contexts().map((c) => c.close()) ?? []);
    await s.server?.close();
  });
  beforeEach(async () => {
    s.browser = await sharedBrowser();
    s.context = await s.browser.newContext({ viewport });
    s.cspViolations = await watchCsp(s.context);
    s.page = await s.context.newPage();
    s.context.setDefaultTimeout(45_000); // a stuck action names its element (see browserSuite)
  });
  afterEach(async () => {
    const violations = s.cspViolations;
    await s.context?.close();
    expect(violations, 'CSP violations').toEqual([]);
  });
  return s;
}
