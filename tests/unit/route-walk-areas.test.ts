import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { baseRoutes } from '../../src/generated/routeList.ts';
import { LANGUAGE_GROUPS, REST, ROUTE_GROUPS, areaOf, groupOf, languageRoutesOf, mainRoutes, routeVisits, routeVisitsOf } from '../e2e/routeAreas.ts';

const e2e = new URL('../e2e/', import.meta.url);
const files = readdirSync(e2e).filter((f) => /^routes-.*\.test\.ts$/.test(f));
const text = (f: string) => readFileSync(new URL(f, e2e), 'utf8');

/** Issue 44: the route walks split per group of menu areas (tests/e2e/routeAreas.ts) open every route, each in exactly one file. */
describe('the route walk files (tests/e2e/routes-*.test.ts)', () => {
  it('walk every main-frame route once, in the file of its group (the areas no group names in the group of the REST)', () => {
    const groups = Object.keys(ROUTE_GROUPS);
    // A menu area in two groups would be walked twice; one group takes the REST.
    const areas = Object.values(ROUTE_GROUPS).flat();
    expect(areas.filter((a) => a === REST)).toHaveLength(1);
    expect(areas.filter((a, i) => areas.indexOf(a) !== i)).toEqual([]);
    // Each group has its file, and each file walks its group.
    for (const g of groups) expect(text(`routes-${g}.test.ts`)).toContain(`walkRoutes('${g}');`);
    expect(files.filter((f) => !f.startsWith('routes-languages-')).sort()).toEqual(groups.map((g) => `routes-${g}.test.ts`).sort());
    // Every route in exactly one group's visits; the product list in all seven languages.
    const walked = groups.flatMap((g) => routeVisitsOf(g));
    expect(walked).toHaveLength(routeVisits.length);
    expect(new Set(walked.filter((v) => v.form !== 'product_list').map((v) => v.path))).toEqual(new Set(mainRoutes.filter((r) => r.form !== 'product_list').map((r) => r.path)));
    expect(
      walked
        .filter((v) => v.form === 'product_list')
        .map((v) => v.lang)
        .sort(),
    ).toEqual([...LANGS].sort());
    // The languages rotate over the routes: each of the seven opens routes of the walk.
    expect(new Set(walked.map((v) => v.lang))).toEqual(new Set(LANGS));
  });

  it('leave few routes to the REST (a new area of many routes is named by a group: routeAreas.ts)', () => {
    const named = Object.values(ROUTE_GROUPS).flat();
    const rest = mainRoutes.filter((r) => !named.includes(areaOf(r.path))).map((r) => r.path);
    expect(rest.length, `routes of no group: ${rest.join(', ')}`).toBeLessThanOrEqual(8);
    // A new area is walked from the start, by the group of the REST.
    const restGroup = Object.keys(ROUTE_GROUPS).find((g) => ROUTE_GROUPS[g]!.includes(REST));
    expect(groupOf('/new_area/new_screen')).toBe(restGroup);
  });

  it('walk the routes of issues 22 and 23 in all seven languages, each in one languages file', () => {
    const groups = Object.keys(LANGUAGE_GROUPS);
    for (const g of groups) expect(text(`routes-languages-${g}.test.ts`)).toContain(`walkLanguages('${g}');`);
    expect(files.filter((f) => f.startsWith('routes-languages-')).sort()).toEqual(groups.map((g) => `routes-languages-${g}.test.ts`).sort());
    const walked = groups.flatMap((g) => languageRoutesOf(g).map((r) => r.path));
    expect(walked.filter((p, i) => walked.indexOf(p) !== i)).toEqual([]);
    // Issue 22: order to cash, the kanban board and the workflow diagram; issue 23: warehouse, purchasing, reports and the print documents.
    const issues = mainRoutes.filter((r) => ['sales', 'fsm', 'finance', 'warehouse', 'purchasing', 'reports'].includes(areaOf(r.path)) || r.path === '/partners/partner_list').map((r) => r.path);
    expect(walked).toEqual(expect.arrayContaining([...issues, '/settings/kanban', '/settings/gojs']));
    expect(Object.values(LANGUAGE_GROUPS).filter((g) => g.prints)).toHaveLength(1);
    // A listed path that is no route would be skipped silently.
    const known = new Set([...mainRoutes, ...baseRoutes].map((r) => r.path));
    expect(Object.values(LANGUAGE_GROUPS).flatMap((g) => (g.paths ?? []).filter((p) => !known.has(p)))).toEqual([]);
  });
});
