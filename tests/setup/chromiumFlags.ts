/** The flags of every Chromium the tests and benches launch (tests/e2e/browser.ts, tests/bench/run.ts). */

/**
 * Chromium features off in the test and bench browsers, Playwright's own first: Chromium reads only the
 * last --disable-features, so this one repeats the list Playwright passes (playwright-core
 * 1.65's; `launchChromium` adds what a newer Playwright passes beyond it). Then the omnibox
 * popup's WebUI (chrome://omnibox-popup.top-chrome, a `--top-chrome-webui` renderer): new
 * headless mode preloads it in every window, i.e. for every test's page, and no test sees it —
 * off, a test's page costs the browser about a third less CPU.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
export const DISABLED_FEATURES = [...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** The launch flags of every test and bench browser. */
export const chromiumArgs = (disabled: readonly string[] = DISABLED_FEATURES) => [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  `--disable-features=${disabled.join(',')}`,
];
