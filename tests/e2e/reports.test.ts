/**
 * Reports in the browser (issue 23 point 5): /de/reports/sales_detailed opens in German with
 * its chart drawn (a canvas) from the company's net revenue per month; a grid filter (a
 * brand) redraws the chart with that brand's months only, the same sums the database gives;
 * "Diagramm als PNG speichern" downloads a PNG. /de/reports/list_80_percent takes its period
 * and measure from the address and its inputs: the Pareto chart's bars are the grid's
 * ranking, its cumulative line ends at 100 %. ECharts loads only on the report routes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 1100 });
const { grid, header, bodyRows } = gridPage(
  () => t.page,
  () => t.server,
);
const de = JSON.parse(readFileSync('locales/de.json', 'utf8')) as Record<string, string>;
const chart = () => t.page.locator('.report-chart-canvas');
const json = async (attr: string) => JSON.parse((await chart().getAttribute(attr)) ?? 'null') as unknown;

/** The chart's data once drawn: categories and values. */
async function drawn(): Promise<{ categories: string[]; values: number[] }> {
  await expect.poll(() => chart().getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
  return { categories: (await json('data-categories')) as string[], values: (await json('data-values')) as number[] };
}

describe('reports', () => {
  it('draws detailed sales per month under the grid’s filters, in German, and saves the chart as PNG', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    // The chart's code is only requested on a report route.
    const scripts: string[] = [];
    t.page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await t.page.goto(`${t.server.url}/de/products/product_list`);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBeGreaterThan(5);
    const listScripts = scripts.length;
    expect(scripts.some((u) => /ReportChart|echarts/i.test(u))).toBe(false);

    await t.page.goto(`${t.server.url}/de/reports/sales_detailed`);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBeGreaterThan(5);
    await expect.poll(() => t.page.locator('h1').first().innerText()).toContain(de['screens.sales_detailed.title']);
    for (const field of ['sold_on', 'product_code', 'brand_name', 'net_company']) {
      await expect.poll(() => header(field).innerText(), { message: field }).toContain(de[`fields.${field}`]);
    }
    expect(scripts.slice(listScripts).some((u) => /ReportChart/.test(u))).toBe(true);

    const months = async (brand: string | null) =>
      (
        await t.server.db.query<{ month: string; net: string }>(
          `select sold_month as month, sum(net_company)::text as net from app.v_sales_detailed
           where company_code = 'SK01' and ($1::text is null or strpos(lower(brand_name), lower($1)) > 0) group by 1 order by 1`,
          [brand],
        )
      ).rows;
    const all = await drawn();
    const want = await months(null);
    expect(all.categories).toEqual(want.map((m) => m.month));
    all.values.forEach((v, i) => expect(v).toBeCloseTo(Number(want[i]!.net), 2));
    expect(await chart().locator('canvas').count()).toBe(1);
    await expect.poll(() => t.page.locator('.report-chart').getAttribute('aria-label')).toBe(de['reports.chart']);

    // A brand filter in the grid: the chart follows it.
    const brand = (
      await t.server.db.query<{ brand_name: string }>(
        `select brand_name from app.v_sales_detailed where company_code = 'SK01' and brand_name is not null group by 1 order by count(distinct sold_month), 1 limit 1`,
      )
    ).rows[0]!.brand_name;
    const before = JSON.stringify(all);
    await grid().getByRole('textbox', { name: de['fields.brand_name']! }).fill(brand);
    await expect.poll(async () => JSON.stringify({ categories: await json('data-categories'), values: await json('data-values') }), { timeout: 15_000 }).not.toBe(before);
    const filtered = await drawn();
    const wantBrand = await months(brand);
    expect(filtered.categories).toEqual(wantBrand.map((m) => m.month));
    filtered.values.forEach((v, i) => expect(v).toBeCloseTo(Number(wantBrand[i]!.net), 2));
    expect(filtered.values.reduce((a, b) => a + b, 0)).toBeLessThan(all.values.reduce((a, b) => a + b, 0));

    // Export: the chart as a PNG file.
    const [download] = await Promise.all([t.page.waitForEvent('download'), t.page.getByRole('button', { name: de['reports.chart_png']! }).click()]);
    expect(download.suggestedFilename()).toBe('sales_detailed.png');
    const png = readFileSync((await download.path())!);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.length).toBeGreaterThan(2000);
    expect(t.cspViolations).toEqual([]);
  }, 120_000);

  it('ranks the 80 % list for the period and measure chosen, with a Pareto chart of the grid’s ranking', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const days = (await t.server.db.query<{ first: string; last: string }>(`select min(sold_on)::text as first, max(sold_on)::text as last from app.v_sales_detailed where company_code = 'SK01'`))
      .rows[0]!;
    const from = new Date(Date.parse(`${days.first}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    await t.page.goto(`${t.server.url}/de/reports/list_80_percent?date_from=${from}&measure=quantity`);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBeGreaterThan(3);
    await expect.poll(() => t.page.locator('h1').first().innerText()).toContain(de['screens.list_80_percent.title']);
    await expect.poll(() => header('abc_class').innerText()).toContain(de['fields.abc_class']);
    // The inputs show the parameters, named in German.
    await expect.poll(() => t.page.getByLabel(de['fields.date_from']!).inputValue()).toBe(from);
    expect(await t.page.getByLabel(de['fields.measure']!).inputValue()).toBe('quantity');
    expect(await t.page.getByLabel(de['fields.measure']!).locator('option:checked').innerText()).toBe(de['options.measure.quantity']);

    const ranking = async (measure: string) =>
      (
        await t.server.db.query<{ product_code: string; v: string; cumulative_share: string }>(
          `select product_code, (case when $3 = 'quantity' then quantity else revenue end)::text as v, cumulative_share::text from app.list_80_percent('SK01', $1, $2, $3) order by sales_rank`,
          [from, null, measure],
        )
      ).rows;
    const byQuantity = await ranking('quantity');
    const p = await drawn();
    expect(await chart().getAttribute('data-kind')).toBe('pareto');
    expect(p.categories).toEqual(byQuantity.map((r) => r.product_code));
    p.values.forEach((v, i) => expect(v).toBeCloseTo(Number(byQuantity[i]!.v), 3));
    const cumulative = (await json('data-cumulative')) as number[];
    expect(cumulative.at(-1)).toBeCloseTo(100, 6);
    cumulative.forEach((c, i) => expect(c).toBeCloseTo(Number(byQuantity[i]!.cumulative_share), 3));
    // The grid's first rows are the chart's first bars.
    const keys = await bodyRows().evaluateAll((rows) => rows.slice(0, 5).map((r) => r.getAttribute('data-key')));
    expect(keys).toEqual(byQuantity.slice(0, 5).map((r) => r.product_code));

    // The measure chosen in its input: the address, the grid and the chart follow (revenue, in the view currency).
    await t.page.getByLabel(de['fields.measure']!).selectOption('revenue');
    await expect.poll(() => new URL(t.page.url()).searchParams.get('measure')).toBe('revenue');
    const byRevenue = await ranking('revenue');
    await expect.poll(async () => ((await json('data-categories')) as string[] | null)?.join(','), { timeout: 15_000 }).toBe(byRevenue.map((r) => r.product_code).join(','));
    await expect.poll(() => bodyRows().first().getAttribute('data-key')).toBe(byRevenue[0]!.product_code);
    expect(t.cspViolations).toEqual([]);
  }, 120_000);
});
