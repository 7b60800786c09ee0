/**
 * The shoppers' Ask-AI chat in Chromium (issue 26) against a local OpenAI-compatible fake:
 * the header button (shown by the islands script) opens the sidebar, a question is answered
 * as text — markup in the model's answer stays text — with the shop's product links below.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page (run through the DevTools protocol: the CSP allows no inline script). */
async function axeProblems(): Promise<string[]> {
  await t.page.evaluate(axeSource);
  const found = await t.page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe;
    return (await axe.run()).violations.map((v) => `${v.id} (${v.impact})`);
  });
  return found.filter((v) => v.includes('(serious)') || v.includes('(critical)'));
}

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
    expect(await axeProblems()).toEqual([]);
    await t.page.getByRole('button', { name: 'Schließen' }).click();
    await expect.poll(() => t.page.locator('#chat').isVisible()).toBe(false);
  });
});
