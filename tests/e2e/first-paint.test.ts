import { describe, expect, it } from 'vitest';
import { browserSuite, signIn, sessionToken } from './browser.ts';
import { fileOf } from './buildFiles.ts';

/*
 * Issue 27, first rows: a signed-in screen page carries the grid's first rows as HTML
 * (server/http/firstPaint.ts), painted before the app's code has run; the app's first
 * commit replaces them with its own grid in the same frame (src/app/main.tsx).
 */
const t = browserSuite({ width: 1280, height: 800 });

/**
 * What a grid shows: per row its key and each rendered field's text, in display order
 * (blanks folded: the grid's path cell spaces with no-break spaces).
 */
const SNAPSHOT = `(sel) => [...document.querySelectorAll(sel + ' [role=row][data-key]')].slice(0, 12).map((r) => [r.getAttribute('data-key'), [...r.querySelectorAll('[data-field]')].map((c) => [c.getAttribute('data-field'), (c.textContent || '').replace(/\\s+/g, ' ').trim()])])`;
type Snapshot = [string, [string, string][]][];
const PAINT = '#first-paint .screen-grid';
const GRID = '#root .screen-grid[data-form="product_list"]';

describe('the server’s first paint of a screen page', () => {
  it('shows the first rows without the app’s code: its header, its rows, hidden from assistive technology, nothing to focus', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const cookies = await t.context.cookies();
    const bare = await t.browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    try {
      await bare.addCookies(cookies);
      const page = await bare.newPage();
      // An administrator's caption shows as the app would show it.
      await t.server.db.query("insert into app.captions (text_key, language_code, caption_text) values ('fields.product_name', 'de', 'Artikelname')");
      await page.goto(`${t.server.url}/de/products/product_list`);
      const paint = page.locator('#first-paint');
      expect(await paint.getAttribute('aria-hidden')).toBe('true');
      expect(await paint.locator('a[href], button, input, select, textarea, [tabindex]').count()).toBe(0);
      // Not the app's grid by its form: whatever finds that finds only the app's.
      expect(await page.locator('.screen-grid[data-form]').count()).toBe(0);
      expect(await paint.locator('[role=row][data-key]').count()).toBeGreaterThanOrEqual(20);
      expect(await paint.locator('[role=row][data-key]').first().getAttribute('data-key')).toBe('P000001');
      // In the page's language, and laid out by the page's CSS (written into its head).
      expect(await paint.locator('[role=columnheader][data-field="purchase_price_base"]').innerText()).toBe('Einkaufspreis');
      expect(await paint.locator('.page-title').innerText()).toBe('Produktliste');
      expect(await paint.locator('[role=columnheader][data-field="product_name"]').innerText()).toBe('Artikelname');
      // Rows placed by the grid's CSS and the first paint's own (its nonce'd style): one row height apart.
      const first = await paint.locator('[role=row][data-key="P000001"]').boundingBox();
      const second = await paint.locator('[role=row][data-key="P000002"]').boundingBox();
      expect(second!.y - first!.y).toBe(28);
      expect(await page.locator('head style').count()).toBe(1);
      expect(await page.locator('head link[rel=stylesheet], head link[rel=modulepreload]').count()).toBe(0);
      // The page's end names the same CSS files (cached for later pages; found by the lazy chunks' loader), never applied:
      // applied there, every element's style was computed again between the first paint and the app's start.
      const media = await page.locator('body link[rel=stylesheet]').evaluateAll((ls) => ls.map((l) => l.getAttribute('media')));
      expect(media.length).toBeGreaterThanOrEqual(1);
      expect(media.every((m) => m === 'not all')).toBe(true);
    } finally {
      await bare.close();
      await t.server.db.query("delete from app.captions where text_key = 'fields.product_name'");
    }
  });

  it('is replaced by the app’s grid in one frame, which shows the same texts in the same places', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    // A saved state: price sorted descending, brand hidden, weight first after the pinned code.
    const token = await sessionToken(t.context);
    const order = ['product_code', 'weight', 'product_name', 'supplier_product_code', 'brand_id', 'mf_id', 'main_product_category_id', 'vat_id', 'purchase_price_base', 'selling_price_shop'];
    const saved = await t.server.action(token, 'grid_state', 'set', {
      form: 'product_list',
      state: { v: 2, sorting: [{ id: 'selling_price_shop', desc: true }], columnOrder: order, columnVisibility: { brand_id: false } },
    });
    expect(saved.status).toBe(200);
    // When the first paint leaves the page: whether the app's rows are there before the next
    // frame is painted (an animation frame's callback runs before its rendering): no frame without rows.
    await t.page.addInitScript(`(() => {
      const w = window;
      const snap = ${SNAPSHOT};
      // The first paint whole: once the page is parsed (the app's code runs after its first frame).
      document.addEventListener('DOMContentLoaded', () => {
        const paint = document.getElementById('first-paint');
        if (!paint) return;
        w.paintSeen = snap('${PAINT}');
        const r = paint.querySelector('.grid-viewport').getBoundingClientRect();
        w.paintBox = [r.x, r.y];
        new MutationObserver((records, mo) => {
          if (document.getElementById('first-paint')) return;
          mo.disconnect();
          requestAnimationFrame(() => (w.rowsAtSwap = document.querySelectorAll('${GRID} [role=row][data-key]').length));
        }).observe(document.body, { childList: true });
      });
    })()`);
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    await expect.poll(() => t.page.evaluate('window.rowsAtSwap')).toBeGreaterThan(10);
    const painted = (await t.page.evaluate('window.paintSeen')) as Snapshot;
    const app = (await t.page.evaluate(`(${SNAPSHOT})('${GRID}')`)) as Snapshot;
    expect(painted.length).toBeGreaterThan(10);
    // The same rows in the same order; every field the app's grid renders (it renders the
    // columns in view) with the same text, in the same order.
    expect(painted.map((r) => r[0])).toEqual(app.slice(0, painted.length).map((r) => r[0]));
    expect(app[0]![1].length).toBeGreaterThan(5);
    app.slice(0, painted.length).forEach(([key, cells], i) => {
      const paintedCells = new Map(painted[i]![1]);
      for (const [field, text] of cells) expect(paintedCells.get(field), `${key} ${field}`).toBe(text);
      const shownOrder = painted[i]![1].map((c) => c[0]).filter((f) => cells.some((c) => c[0] === f));
      expect(shownOrder, key).toEqual(cells.map((c) => c[0]));
    });
    expect(painted[0]![1].slice(0, 3).map((c) => c[0])).toEqual(['product_code', 'weight', 'product_name']);
    expect(painted[0]![1].some((c) => c[0] === 'brand_id')).toBe(false);
    // In the same place: the grid's viewport where the app's is.
    const paintBox = (await t.page.evaluate('window.paintBox')) as [number, number];
    const gridBox = await t.page.locator(`${GRID} .grid-viewport`).boundingBox();
    expect(Math.abs(paintBox[0] - gridBox!.x), `x ${paintBox[0]} ${gridBox!.x} y ${paintBox[1]} ${gridBox!.y}`).toBeLessThanOrEqual(1);
    expect(Math.abs(paintBox[1] - gridBox!.y)).toBeLessThanOrEqual(1);
    expect(await t.page.locator('#first-paint').count()).toBe(0);
  });

  it('runs the app after the first paint when its code comes before the first rows (the entry waits for the page’s end)', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    // The page's start held back (the products locked in a transaction of the test's; PGlite runs one transaction at a
    // time): the page's head and the app's code come at once, its first rows only when the test lets the table go.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inTx!: () => void;
    const entered = new Promise<void>((r) => (inTx = r));
    const busy = t.server.db.transaction(async (tx) => {
      await tx.query('lock table app.products in access exclusive mode');
      inTx();
      await held;
    });
    await entered;
    // Where the first rows were when the app's code was asked for.
    const paintAtStart: boolean[] = [];
    await t.page.route(`**/${fileOf('src/app/start.tsx')}`, async (route) => {
      paintAtStart.push(await t.page.evaluate(() => !!document.getElementById('first-paint')));
      await route.continue();
    });
    const entry = t.page.waitForResponse((r) => /\/assets\/index-[\w-]+\.js$/.test(r.url()));
    const nav = t.page.goto(`${t.server.url}/en/products/product_list`);
    try {
      await entry;
      // The entry is in and has run its early calls (the refresh waits for the database too); no app code asked for yet.
      await expect.poll(() => t.page.evaluate(() => document.querySelector('meta[name="first-paint"]') !== null)).toBe(true);
      expect(paintAtStart).toEqual([]);
    } finally {
      release();
      await busy;
    }
    await nav;
    await expect.poll(() => t.page.locator(GRID).locator('[role=row][data-key]').count()).toBeGreaterThan(5);
    expect(paintAtStart).toEqual([true]);
  });

  it('brings the app its captions: the app’s own grid says an administrator’s text without asking for it', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.server.db.query("insert into app.captions (text_key, language_code, caption_text) values ('fields.product_name', 'de', 'Artikelname')");
    try {
      const asked: string[] = [];
      t.page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/captions/')) asked.push(r.url());
      });
      await t.page.goto(`${t.server.url}/de/products/product_list`);
      const header = t.page.locator('#root .screen-grid[data-form="product_list"] [role=columnheader][data-field="product_name"]');
      await expect.poll(() => header.count(), { timeout: 15_000 }).toBe(1);
      expect(await header.innerText()).toBe('Artikelname');
      await expect.poll(() => t.page.locator('#first-paint').count()).toBe(0);
      expect(asked).toEqual([]);
    } finally {
      await t.server.db.query("delete from app.captions where text_key = 'fields.product_name'");
    }
  });
});
