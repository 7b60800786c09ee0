import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 A and AA rule set (issue 28). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Rules beyond the tags that the issue asks for by name, failing at any impact: landmarks
 * (one main, banner, navigation; all content in one), one h1 per page, and the accessible
 * name containing the visible label (an experimental rule axe does not run unasked).
 */
const NAMED = ['region', 'landmark-one-main', 'landmark-no-duplicate-main', 'landmark-no-duplicate-banner', 'landmark-unique', 'page-has-heading-one', 'label-content-name-mismatch'];

interface Violation {
  id: string;
  impact: string | null;
  tags: string[];
  nodes: { target: unknown; html: string }[];
}

/**
 * axe-core's findings on the page as it is now (run through the DevTools protocol: the
 * app's CSP allows no inline script), one line per failing node naming `where` (the route
 * and state), the rule, its impact, the node's selector and HTML: serious and critical ones
 * of the WCAG 2.1 AA tags, and any of the NAMED rules. The page's open popovers, menus and
 * dialogs are scanned as they stand.
 */
export async function axeProblems(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(
    async ({ tags, named }) => {
      const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: Violation[] }> } }).axe;
      const rules = Object.fromEntries(named.map((id) => [id, { enabled: true }]));
      const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'], iframes: false, ancestry: false, xpath: false });
      return r.violations
        .filter((v) => named.includes(v.id) || ((v.impact === 'serious' || v.impact === 'critical') && v.tags.some((t) => tags.includes(t))))
        .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 160) })) }));
    },
    { tags: TAGS, named: NAMED },
  );
  return found.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) ${JSON.stringify(n.target)} ${n.html}`));
}

/**
 * `axeProblems` once per route and grid theme (in the language it is first opened in), for
 * the page `page()` holds; `scannedElsewhere`: paths another file scans in the Balham theme.
 */
export function axeOncePer(page: () => Page, scannedElsewhere: string[] = []) {
  const scanned = new Set(scannedElsewhere.map((p) => `balham ${p}`));
  return async (path: string, url: string, theme = 'balham'): Promise<string[]> => {
    if (scanned.has(`${theme} ${path}`)) return [];
    scanned.add(`${theme} ${path}`);
    return axeProblems(page(), theme === 'balham' ? url : `${url} (${theme})`);
  };
}
