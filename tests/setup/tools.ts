/**
 * vitest's global set-up: `npm test` needs no manual step on a fresh machine. The browser and
 * the command-line tools some tests drive are found, and what is missing is installed the way
 * the platform allows — Debian's packages with apt-get when running as root; a browser
 * otherwise through Playwright's own installer where the network allows — or the run stops
 * at once with one message saying what to install (instead of a hundred failing tests).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { findBrowser } from './browserPath.ts';

/** A tool a test runs, and the Debian package that brings it. */
interface Tool {
  what: string;
  present: () => boolean;
  debian: string;
}

const onPath = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

const TOOLS: Tool[] = [
  { what: 'a Chromium browser (e2e tests)', present: () => findBrowser() !== undefined, debian: 'chromium' },
  { what: 'pdftotext and pdftoppm (print tests read PDFs back)', present: () => onPath('pdftotext') && onPath('pdftoppm'), debian: 'poppler-utils' },
  { what: 'zbarimg (print tests read barcodes back)', present: () => onPath('zbarimg'), debian: 'zbar-tools' },
  { what: 'xmllint (the e-invoice tests check the UBL XML)', present: () => onPath('xmllint'), debian: 'libxml2-utils' },
  { what: 'Dovecot (the IMAP tests start their own)', present: () => existsSync(process.env.DOVECOT_BIN ?? '/usr/sbin/dovecot'), debian: 'dovecot-imapd' },
];

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function aptInstall(packages: string[]): boolean {
  if (!isRoot() || !onPath('apt-get')) return false;
  console.log(`[test set-up] installing Debian packages: ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
    return true;
  } catch {
    return false;
  }
}

/** Playwright's own Chromium (a download: only where the network allows it). */
function playwrightInstall(): boolean {
  console.log('[test set-up] no browser and no root for apt-get: trying `npx playwright install chromium`');
  return spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' }).status === 0;
}

export default function setup(project: TestProject): void {
  if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH)) {
    throw new Error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which does not exist: point it at a Chromium or Chrome, or unset it`);
  }
  let missing = TOOLS.filter((t) => !t.present());
  if (missing.length > 0) aptInstall(missing.map((t) => t.debian));
  missing = TOOLS.filter((t) => !t.present());
  if (missing.some((t) => t.debian === 'chromium') && playwrightInstall()) missing = TOOLS.filter((t) => !t.present());
  if (missing.length > 0) {
    throw new Error(
      `npm test needs ${missing.map((t) => t.what).join('; ')}. Install the Debian packages as root: apt-get install ${missing.map((t) => t.debian).join(' ')}` +
        (missing.some((t) => t.debian === 'chromium') ? ' (for the browser also `npx playwright install chromium`, or CHROMIUM_PATH pointing at a Chromium or Chrome).' : '.'),
    );
  }
  const browser = findBrowser()!;
  process.env.CHROMIUM_PATH = browser;
  project.provide('chromiumPath', browser);
}

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
  }
}
