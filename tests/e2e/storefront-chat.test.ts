/**
 * The shoppers' Ask-AI chat in Chromium (issue 26) against a local OpenAI-compatible fake:
 * the header button (shown by the islands script) opens the sidebar, a question is answered
 * as text — markup in the model's answer stays text — with the shop's product links below.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config.ts';
import { startEngineFake, type EngineFake } from '../fakes/engineFake.ts';
import { browserSuite } from './browser.ts';

let fake: EngineFake | undefined;
const t = browserSuite({ width: 1280, height: 900 }, async () => {
  fake = await startEngineFake();
  return { engines: { ...configFromEnv({}).engines, openai: { key: 'sk-e2e', url: fake.url } } };
});
afterAll(() => fake?.close());

describe('storefront chat', () => {
  it('asks about the products and shows the answer as text with product links', async () => {
    fake!.answer(() => ({ json: { model: 'gpt-4o-mini', choices: [{ message: { content: 'Wir haben passende Hämmer. <img src=x onerror=alert(1)>' } }] } }));
    await t.page.goto(`${t.server.url}/storefront/shop-at.example.com/`);
    const open = t.page.getByRole('button', { name: 'KI fragen' });
    await open.click();
    await expect.poll(() => t.page.locator('#chat').isVisible()).toBe(true);
    await t.page.getByLabel('Ihre Frage').fill('Hammer');
    await t.page.locator('#chat form button[type=submit]').click();
    const answer = t.page.locator('#chat .chat-log p.a');
    await expect.poll(() => answer.innerText(), { timeout: 15_000 }).toBe('Wir haben passende Hämmer. <img src=x onerror=alert(1)>');
    expect(await t.page.locator('#chat .chat-log img').count()).toBe(0);
    const links = t.page.locator('#chat .chat-log li a');
    await expect.poll(() => links.count()).toBeGreaterThan(0);
    expect(await links.first().getAttribute('href')).toMatch(/^\/storefront\/shop-at\.example\.com\/product\/[a-z0-9._-]+$/);
    expect(fake!.requests).toHaveLength(1);
    await t.page.getByRole('button', { name: 'Schließen' }).click();
    await expect.poll(() => t.page.locator('#chat').isVisible()).toBe(false);
  });
});
