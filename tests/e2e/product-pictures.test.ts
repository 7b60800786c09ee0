/**
 * Product pictures as a user meets them (issue 26 point 5): the images grid below a product
 * shows its generated pictures from this server (/p/…, drawn: naturalWidth > 0), files
 * dropped on the grid become new image rows shown at once, the picked row's picture is
 * replaced through Replace picture, and a file that is not a picture is refused by name.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browser.ts';
import { gridPage } from './gridPage.ts';

const s = browserSuite({ width: 1600, height: 1000 });
const { bodyRows, cell, openProducts } = gridPage(
  () => s.page,
  () => s.server,
);

const images = () => s.page.locator('.screen-grid[data-form="product_images"]');
const imageRows = () => images().locator('[role=row][data-key]');
/** The thumbnails of the images grid: [src, naturalWidth] once each has loaded or failed. */
const thumbs = () =>
  images()
    .locator('[data-action="image"] img')
    .evaluateAll((els) => (els as HTMLImageElement[]).map((img) => [img.getAttribute('src') ?? '', img.complete ? img.naturalWidth : -1] as const));

async function openImages(code: string) {
  await openProducts();
  await s.page.getByRole('grid').first().locator('[data-filter-field="product_code"] input').fill(code);
  await expect.poll(() => bodyRows().count()).toBe(1);
  await cell(code, 'product_name').click();
  await s.page.locator('.grid-detail').getByRole('tab', { name: 'Images' }).click();
  await expect.poll(() => imageRows().count()).toBeGreaterThan(0);
}

/** Drops files on the images grid as the browser does (dragenter, dragover, drop with a DataTransfer). */
async function dropFiles(files: { name: string; type: string; bytes: number[] }[]) {
  await images().evaluate((el, list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
    const at = el.querySelector('[role=grid]') ?? el;
    for (const type of ['dragenter', 'dragover', 'drop']) at.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files);
}

describe('product pictures in the images grid', () => {
  it('shows the generated pictures, adds dropped files as images shown at once, replaces a picked row’s picture', async () => {
    const code = (await s.server.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' and product_code like '%1' order by product_code limit 1`))
      .rows[0]!.product_code;
    await openImages(code);
    const before = await imageRows().count();
    // Every thumbnail is this server's picture, drawn.
    await expect.poll(async () => (await thumbs()).every(([src, w]) => src.startsWith('/p/') && w > 0)).toBe(true);

    const red = [
      ...(await sharp({ create: { width: 240, height: 160, channels: 3, background: '#d02020' } })
        .png()
        .toBuffer()),
    ];
    await dropFiles([{ name: 'red.png', type: 'image/png', bytes: red }]);
    await expect.poll(() => imageRows().count()).toBe(before + 1);
    const added = (await s.server.db.query<{ image_id: number; image: string }>('select image_id, image from app.v_product_images where product_code = $1 order by image_id desc limit 1', [code]))
      .rows[0]!;
    const addedThumb = images().locator(`[role=row][data-key="${added.image_id}"] [data-action="image"] img`);
    await expect.poll(() => addedThumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await addedThumb.getAttribute('src')).toBe(`/p/${added.image}.jpg?width=30&height=30&quality=80&format=webp`);
    // The dropped picture, as drawn: red in the middle of its thumbnail.
    const pixel = await addedThumb.evaluate((img: HTMLImageElement) => {
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      return [...g.getImageData(c.width >> 1, c.height >> 1, 1, 1).data.slice(0, 3)];
    });
    expect(pixel[0]).toBeGreaterThan(180);
    expect(pixel[1]).toBeLessThan(80);

    // Replace: pick the new row, then choose a file.
    await images().locator(`[role=row][data-key="${added.image_id}"]`).getByRole('checkbox', { name: 'Select row' }).click();
    const blue = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#2040e0' } })
      .jpeg()
      .toBuffer();
    await images().locator('[data-testid="picture-replace-input"]').setInputFiles({ name: 'blue.jpg', mimeType: 'image/jpeg', buffer: blue });
    await expect.poll(async () => (await s.server.db.query<{ image: string }>('select image from app.v_product_images where image_id = $1', [added.image_id])).rows[0]!.image).not.toBe(added.image);
    const replaced = (await s.server.db.query<{ image: string }>('select image from app.v_product_images where image_id = $1', [added.image_id])).rows[0]!.image;
    await expect.poll(() => addedThumb.getAttribute('src')).toBe(`/p/${replaced}.jpg?width=30&height=30&quality=80&format=webp`);
    await expect.poll(() => addedThumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await imageRows().count()).toBe(before + 1);

    // Not a picture: refused by name, nothing added.
    await dropFiles([{ name: 'notes.png', type: 'image/png', bytes: [...Buffer.from('plain text')] }]);
    await expect.poll(() => s.page.locator('.toast-danger').textContent()).toContain('notes.png');
    expect(await imageRows().count()).toBe(before + 1);
  });
});
