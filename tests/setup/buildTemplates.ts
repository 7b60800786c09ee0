/**
 * The global set-up's builder (templates.global.ts runs it as a child process, so the vitest
 * process that serves the workers is never busy seeding): makes every test template of
 * TEMPLATE_SETS — PGlite's files and, when TEST_DATABASE_URL is set, the server's template
 * databases — the sets the suites use most first. What cannot be built is marked failed with
 * the reason, so a test waiting for it stops with that message instead of hanging.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildPgliteTemplate, buildServerTemplate, failedMarkOf, pgliteFileOf, serverMarkOf, TEMPLATE_SETS, templateDir, type DataSet } from '../api/templates.ts';

const admin = process.env.TEST_DATABASE_URL;

async function attempt(mark: string, make: () => Promise<void>): Promise<boolean> {
  try {
    await make();
    return true;
  } catch (e) {
    mkdirSync(templateDir, { recursive: true });
    writeFileSync(failedMarkOf(mark), e instanceof Error ? (e.stack ?? e.message) : String(e));
    return false;
  }
}

const pglite = async () => {
  let ok = true;
  for (const set of TEMPLATE_SETS) ok = (await attempt(pgliteFileOf(set), () => buildPgliteTemplate(set))) && ok;
  return ok;
};
const server = async () => {
  let ok = true;
  if (admin) for (const set of TEMPLATE_SETS as DataSet[]) ok = (await attempt(serverMarkOf(set, admin), () => buildServerTemplate(set, admin))) && ok;
  return ok;
};

// The engines side by side: PGlite's seed runs here, the server's in PostgreSQL's own processes.
const results = await Promise.all([pglite(), server()]);
process.exit(results.every(Boolean) ? 0 : 1);
