/**
 * The AI engines' and the storefront chat's rate limits live in the database (app.take_rate,
 * migration 080): one sliding minute window per bucket, whichever process takes the call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeAiCall, takeRate } from '../../src/server/ai/rateLimit.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

describe.each(engines)('rate limits in the database (%s)', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine);
  });
  afterAll(async () => s?.close());

  it('limits calls per user and engine per minute', async () => {
    const e = { name: 'deepl' as const, label: 'DeepL' };
    const t0 = Date.parse('2030-01-01T00:00:00Z');
    for (let i = 0; i < 3; i++) await takeAiCall(s.db, 99, e, 3, new Date(t0 + i));
    const refused = await takeAiCall(s.db, 99, e, 3, new Date(t0 + 10_000)).catch((x: unknown) => x);
    expect(refused).toMatchObject({ status: 429, code: 'ai_rate_limited', params: { engine: 'DeepL', seconds: 50 } });
    await takeAiCall(s.db, 98, e, 3, new Date(t0 + 10_000)); // another user
    await takeAiCall(s.db, 99, e, 3, new Date(t0 + 60_001)); // the window moved on
  });

  it('counts calls made at once exactly (the bucket lock)', async () => {
    const waits = await Promise.all(Array.from({ length: 12 }, () => takeRate(s.db, 'test:parallel', 5)));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    expect(waits.filter((w) => w > 0).every((w) => w >= 1 && w <= 60)).toBe(true);
  });
});
