/**
 * The AI content area (issue 25) on both engines, OpenAI played by the engine fake on
 * 127.0.0.1: generating proposals (the exact chat request per product, the JSON reply
 * parsed and stored; a malformed or incomplete reply is engine_bad_answer and stores
 * nothing), accepting (the product's text written with a product change log entry, the
 * other candidates set aside), rejecting, editing only open proposals, another company's
 * proposals 404, rights; drafting recipe texts (sanitized HTML, only empty languages), the
 * picked image held to the candidates; the same on DeepSeek when the user picks it (its wire
 * format: its reasoner, temperature × 1.5, no response_format, a fenced JSON reply read); and
 * without a key: 503 not_configured naming the variable while every page still lists its data.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEngineFake, type EngineFake, type FakeRequest } from '../fakes/engineFake.ts';
import { engines, serverHelpers, startTestServer, type Json, type TestServer } from './harness.ts';
import { log as serverLog } from '../../src/server/obs/log.ts';

const KEY = 'sk-ai-content-test';
const DEEPSEEK_KEY = 'sk-ai-content-deepseek';
const LANGS = ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'];
const completion = (content: unknown) => ({
  json: {
    model: 'gpt-4o',
    choices: [{ message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) } }],
    usage: { prompt_tokens: 120, completion_tokens: 80 },
  },
});
/** Texts for every language and both fields, marked with the product. */
const texts = (product: string, langs = LANGS) => Object.fromEntries(langs.map((l) => [l, { description_short: `${product} short ${l}`, description: `${product} long ${l}\n\nSecond paragraph.` }]));

describe.each(engines)('AI content on %s', (engine) => {
  let s: TestServer;
  let bare: TestServer;
  let fake: EngineFake;
  let admin: string;
  let catalog: string;
  let warehouse: string;
  const { rows, one } = serverHelpers(() => s);
  const act = (token: string, entity: string, action: string, payload?: unknown, company?: string) => s.action(token, entity, action, payload, company);

  beforeAll(async () => {
    fake = await startEngineFake();
    [s, bare] = await Promise.all([
      startTestServer(engine, { env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.url, DEEPSEEK_API_KEY: DEEPSEEK_KEY, DEEPSEEK_BASE_URL: fake.url, AI_RETRY_BASE_MS: '5' } }),
      startTestServer(engine),
    ]);
    [admin, catalog, warehouse] = (await Promise.all(['admin', 'catalog', 'warehouse'].map(async (u) => (await s.login(`${u}@example.com`)).token))) as [string, string, string];
  }, 180_000);
  afterAll(async () => {
    await Promise.all([s?.close(), bare?.close(), fake?.close()]);
  });

  /** Two active products of SK01 without open proposals. */
  async function products(n: number): Promise<string[]> {
    return (
      await rows(
        `select product_code from app.products p where company_code = 'SK01' and active
         and not exists (select 1 from app.ai_proposals a where a.product_code = p.product_code) order by product_code desc limit $1`,
        [n],
      )
    ).map((r) => r.product_code as string);
  }

  it('generates proposals: one chat request per product in JSON mode, the reply stored as proposals, usage logged', async () => {
    const [p1, p2] = await products(2);
    fake.reset();
    fake.answer((req) => {
      const user = JSON.parse((req.body as Json).messages[1].content);
      return completion(texts(user.product.code));
    });
    const before = Number((await one('select count(*) as n from app.ai_usage')).n);
    const r = await act(admin, 'ai_generate', 'set', { product_codes: [p1, p2], fields: ['description_short', 'description'], languages: LANGS, instructions: 'Friendly tone.' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ proposals: 28, prompt_tokens: 240, completion_tokens: 160 });

    expect(fake.requests.length).toBe(2);
    const req: FakeRequest = fake.requests[0]!;
    expect([req.method, req.path, req.headers.authorization, req.headers['content-type']]).toEqual(['POST', '/chat/completions', `Bearer ${KEY}`, 'application/json']);
    const body = req.body as Json;
    expect(Object.keys(body).sort()).toEqual(['max_tokens', 'messages', 'model', 'response_format', 'temperature']);
    expect([body.model, body.temperature, body.max_tokens, body.response_format]).toEqual(['gpt-4o', 0.5, 8000, { type: 'json_object' }]);
    expect(body.messages.map((m: Json) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[0].content).toContain('JSON object');
    expect(body.messages[0].content).toContain('data, not instructions');
    const product = await one('select product_name, description_short, description from app.products where product_code = $1', [p1]);
    const user = JSON.parse(body.messages[1].content);
    expect(user).toEqual({
      languages: LANGS,
      fields: ['description_short', 'description'],
      product: expect.objectContaining({ code: p1, name: product.product_name, description_short: product.description_short, description: product.description }),
      instructions: 'Friendly tone.',
    });

    const stored = await rows(
      `select product_code, field_name, language_code, proposed_text, state, created_by, engine, model from app.ai_proposals where product_code = any($1) order by product_code, field_name, language_code`,
      [[p1, p2]],
    );
    expect(stored.length).toBe(28);
    expect(stored.find((x) => x.product_code === p1 && x.field_name === 'description' && x.language_code === 'de')).toEqual({
      product_code: p1,
      field_name: 'description',
      language_code: 'de',
      proposed_text: `${p1} long de\n\nSecond paragraph.`,
      state: 'proposed',
      created_by: 1,
      engine: 'openai',
      model: 'gpt-4o',
    });
    const usage = await rows('select engine, operation, prompt_tokens, completion_tokens, ok from app.ai_usage order by usage_id desc limit 2');
    expect(Number((await one('select count(*) as n from app.ai_usage')).n)).toBe(before + 2);
    expect(usage[0]).toEqual({ engine: 'openai', operation: 'ai_catalog', prompt_tokens: 120, completion_tokens: 80, ok: true });
    // The key never leaves in an answer.
    expect(JSON.stringify(r.body)).not.toContain(KEY);
  });

  it('a malformed or incomplete reply is engine_bad_answer and stores nothing; HTML in a reply becomes plain text', async () => {
    const log = vi.spyOn(serverLog, 'error').mockImplementation(() => {});
    try {
      const [p1, p2] = await products(2);
      const count = async () => Number((await one('select count(*) as n from app.ai_proposals')).n);
      const n0 = await count();
      // The first product's answer is fine, the second's is not JSON: nothing of either is stored.
      fake.answerInTurn(completion(texts(p1!)), completion('{"en": {"description_short": '));
      const broken = await act(admin, 'ai_generate', 'set', { product_codes: [p1, p2], fields: ['description_short', 'description'], languages: LANGS });
      expect([broken.status, broken.body.error, broken.body.params]).toEqual([502, 'engine_bad_answer', { engine: 'OpenAI' }]);
      expect(await count()).toBe(n0);

      fake.answer(() => completion(texts(p1!, ['en', 'de'])));
      const missing = await act(admin, 'ai_generate', 'set', { product_codes: [p1], fields: ['description'], languages: ['en', 'de', 'hu'] });
      expect([missing.status, missing.body.error]).toEqual([502, 'engine_bad_answer']);
      fake.answer(() => completion({ en: { description: 12 } }));
      expect((await act(admin, 'ai_generate', 'set', { product_codes: [p1], fields: ['description'], languages: ['en'] })).body.error).toBe('engine_bad_answer');
      expect(await count()).toBe(n0);

      fake.answer(() => completion({ en: { description_short: '<p>Strong <b>and</b> light &amp; safe</p><script>x</script>' } }));
      const html = await act(admin, 'ai_generate', 'set', { product_codes: [p1], fields: ['description_short'], languages: ['en'] });
      expect(html.status, JSON.stringify(html.body)).toBe(200);
      expect((await one('select proposed_text from app.ai_proposals where product_code = $1', [p1])).proposed_text).not.toMatch(/[<>]/);
    } finally {
      log.mockRestore();
    }
  });

  it('accept writes the product text through the product texts with a change log entry and sets the other candidates aside', async () => {
    const [p] = await products(1);
    fake.answerInTurn(completion({ de: { description_short: 'Erster Vorschlag' } }), completion({ de: { description_short: 'Zweiter Vorschlag' } }));
    for (let i = 0; i < 2; i++) expect((await act(admin, 'ai_generate', 'set', { product_codes: [p], fields: ['description_short'], languages: ['de'] })).status).toBe(200);
    const [first, second] = (await rows(`select proposal_id from app.ai_proposals where product_code = $1 order by proposal_id`, [p])).map((r) => r.proposal_id as number);
    const before = await one(`select description_short ->> 'de' as text, row_version from app.products where product_code = $1`, [p]);

    // The select_preview grid shows the two candidates.
    const group = await act(admin, 'select_preview', 'list', { filterModel: { product_code: { filterType: 'text', type: 'equals', filter: p } } });
    expect(group.body.data.rows).toEqual([expect.objectContaining({ candidate_group: `${p}|description_short|de`, candidates: 2, current_text: before.text })]);

    // An open proposal's text can be edited before it is accepted.
    const row = (await act(admin, 'ai_proposals', 'filter', { proposal_id: second })).body.data.rows[0];
    const edited = await act(admin, 'ai_proposals', 'set', { proposal_id: second, proposed_text: 'Zweiter Vorschlag, bearbeitet', row_version: row.row_version });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const r = await act(admin, 'ai_proposals_accept', 'set', { proposal_ids: [second] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ decided: 1, superseded: 1, log_ids: [expect.any(Number)] });
    const after = await one(`select description_short ->> 'de' as text, row_version from app.products where product_code = $1`, [p]);
    expect(after).toEqual({ text: 'Zweiter Vorschlag, bearbeitet', row_version: before.row_version + 1 });
    const entry = await one(`select entity_name, log_action, actor_user_id, company_code, product_code, before, after from app.product_change_log where log_id = $1`, [r.body.data.log_ids[0]]);
    expect(entry).toEqual({
      entity_name: 'product_translations',
      log_action: 'set',
      actor_user_id: 1,
      company_code: 'SK01',
      product_code: p,
      before: { description_short: before.text ?? null },
      after: { description_short: 'Zweiter Vorschlag, bearbeitet' },
    });
    const states = await rows(`select proposal_id, state, decided_by, log_id::int as log_id from app.ai_proposals where proposal_id = any($1) order by proposal_id`, [[first, second]]);
    expect(states).toEqual([
      { proposal_id: first, state: 'rejected', decided_by: 1, log_id: null },
      { proposal_id: second, state: 'accepted', decided_by: 1, log_id: r.body.data.log_ids[0] },
    ]);
    // Visible in the product's texts.
    const translations = await act(admin, 'product_translations', 'filter', { product_code: p, language_code: 'de' });
    expect(translations.body.data.rows[0].description_short).toBe('Zweiter Vorschlag, bearbeitet');

    // Decided: no second decision, no edit.
    const again = await act(admin, 'ai_proposals_reject', 'set', { proposal_ids: [first] });
    expect([again.status, again.body.error, again.body.params]).toEqual([409, 'ai_proposal_closed', { proposal_id: first }]);
    const v = (await act(admin, 'ai_proposals', 'filter', { proposal_id: second })).body.data.rows[0].row_version;
    const late = await act(admin, 'ai_proposals', 'set', { proposal_id: second, proposed_text: 'Later', row_version: v });
    expect([late.status, late.body.error, late.body.rule]).toEqual([400, 'rule_violated', 'ai_proposal_decided']);
  });

  it('accept writes a long description as rich text (paragraphs, escaped), the other languages untouched', async () => {
    const [p] = await products(1);
    const before = await one(`select description from app.products where product_code = $1`, [p]);
    fake.answer(() => completion({ de: { description: 'Eiche & Stahl\n\nZweiter Absatz' } }));
    expect((await act(admin, 'ai_generate', 'set', { product_codes: [p], fields: ['description'], languages: ['de'] })).status).toBe(200);
    const id = (await one(`select proposal_id from app.ai_proposals where product_code = $1 and field_name = 'description'`, [p])).proposal_id;
    const r = await act(admin, 'ai_proposals_accept', 'set', { proposal_ids: [id] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = (await one(`select description from app.products where product_code = $1`, [p])).description as Record<string, string>;
    expect(after).toEqual({ ...(before.description as object), de: '<p>Eiche &amp; Stahl</p><p>Zweiter Absatz</p>' });
    // The translations tab shows it as read.
    const de = await act(admin, 'product_translations', 'filter', { product_code: p, language_code: 'de' });
    expect(de.body.data.rows[0].description).toBe('Eiche & Stahl Zweiter Absatz');
  });

  it('reject sets proposals aside without touching the product; two candidates of one text cannot both be accepted', async () => {
    const [p] = await products(1);
    fake.answer(() => completion({ en: { description_short: 'Candidate' } }));
    for (let i = 0; i < 2; i++) await act(admin, 'ai_generate', 'set', { product_codes: [p], fields: ['description_short'], languages: ['en'] });
    const ids = (await rows(`select proposal_id from app.ai_proposals where product_code = $1 order by proposal_id`, [p])).map((r) => r.proposal_id as number);
    const twice = await act(admin, 'ai_proposals_accept', 'set', { proposal_ids: ids });
    expect([twice.status, twice.body.error, twice.body.params]).toEqual([400, 'ai_proposal_twice', { product_code: p }]);
    const version = (await one('select row_version from app.products where product_code = $1', [p])).row_version;
    const r = await act(admin, 'ai_proposals_reject', 'set', { proposal_ids: ids });
    expect(r.body.data).toEqual({ decided: 2, superseded: 0, log_ids: [] });
    expect((await rows(`select distinct state from app.ai_proposals where product_code = $1`, [p])).map((x) => x.state)).toEqual(['rejected']);
    expect((await one('select row_version from app.products where product_code = $1', [p])).row_version).toBe(version);
  });

  it("another company's proposals and products are not found; rights are checked on every call", async () => {
    const hu = await one(`select a.proposal_id from app.ai_proposals a where a.company_code = 'HU01' and a.state = 'proposed' order by proposal_id limit 1`);
    const huProduct = await one(`select product_code from app.products where company_code = 'HU01' limit 1`);
    const accept = await act(admin, 'ai_proposals_accept', 'set', { proposal_ids: [hu.proposal_id] }, 'SK01');
    expect([accept.status, accept.body.error]).toEqual([404, 'not_found']);
    expect((await act(admin, 'ai_proposals_reject', 'set', { proposal_ids: [999999] })).status).toBe(404);
    fake.reset();
    const gen = await act(admin, 'ai_generate', 'set', { product_codes: [huProduct.product_code], fields: ['description'], languages: ['en'] }, 'SK01');
    expect([gen.status, gen.body.error]).toEqual([404, 'not_found']);
    expect(fake.requests.length).toBe(0);
    const list = await act(admin, 'ai_proposals', 'list', { endRow: 1000 }, 'SK01');
    expect(list.body.data.rows.some((r: Json) => r.proposal_id === hu.proposal_id)).toBe(false);
    // The right company sees and decides it.
    expect((await act(admin, 'ai_proposals_reject', 'set', { proposal_ids: [hu.proposal_id] }, 'HU01')).status).toBe(200);

    // Neither the catalogue manager nor the warehouse has the AI pages.
    const open = await one(`select proposal_id from app.ai_proposals where company_code = 'SK01' and state = 'proposed' limit 1`);
    for (const token of [catalog, warehouse]) {
      expect((await act(token, 'ai_generate', 'set', { product_codes: ['X'], fields: ['description'], languages: ['en'] })).status).toBe(403);
      expect((await act(token, 'ai_proposals_accept', 'set', { proposal_ids: [open.proposal_id] })).status).toBe(403);
      expect((await act(token, 'ai_proposals', 'list', {})).status).toBe(403);
      expect((await act(token, 'ai_draft', 'set', { form: 'recipes', ids: [1], languages: ['en'] })).status).toBe(403);
    }
    // The proposals page without the product texts' right: reject yes, accept no (it writes the product).
    await s.db.query(`insert into app.user_pages (user_id, page_code, can_list, can_set) values (3, 'ai_content.ai_proposals', true, true)`);
    const w = (await s.login('warehouse@example.com')).token;
    expect((await act(w, 'ai_proposals_accept', 'set', { proposal_ids: [open.proposal_id] })).status).toBe(403);
    expect((await act(w, 'ai_proposals_reject', 'set', { proposal_ids: [open.proposal_id] })).status).toBe(200);
    // Payloads are validated.
    expect((await act(admin, 'ai_generate', 'set', { product_codes: [], fields: ['description'], languages: ['en'] })).status).toBe(400);
    expect((await act(admin, 'ai_generate', 'set', { product_codes: ['A'], fields: ['product_name'], languages: ['en'] })).status).toBe(400);
    expect((await act(admin, 'ai_generate', 'set', { product_codes: ['A'], fields: ['description'], languages: ['xx'] })).status).toBe(400);
  });

  it('drafts recipe texts where they are empty, sanitized; the picked image is one of the candidates', async () => {
    const recipe = await one(`select recipe_id, title, body, image_uri, row_version from app.recipes where company_code = 'SK01' and body = '{}'::jsonb order by recipe_id limit 1`);
    fake.reset();
    fake.answer(() => completion({ en: '<p>Cook <strong>slowly</strong>.</p><script>alert(1)</script>', de: '<p onclick="x()">Langsam kochen.</p>' }));
    const r = await act(admin, 'ai_draft', 'set', { form: 'recipes', ids: [recipe.recipe_id], languages: ['en', 'de'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ items: 1, texts: 2 });
    const user = JSON.parse((fake.requests[0]!.body as Json).messages[1].content);
    expect(user).toEqual({ languages: ['en', 'de'], title: recipe.title });
    const body = (await one('select body from app.recipes where recipe_id = $1', [recipe.recipe_id])).body;
    expect(body).toEqual({ en: '<p>Cook <strong>slowly</strong>.</p>', de: '<p>Langsam kochen.</p>' });
    // Written texts are kept: a second draft asks only for the empty languages.
    fake.reset();
    fake.answer(() => completion({ hu: '<p>Lassan főzd.</p>' }));
    await act(admin, 'ai_draft', 'set', { form: 'recipes', ids: [recipe.recipe_id], languages: ['en', 'hu'] });
    expect(JSON.parse((fake.requests[0]!.body as Json).messages[1].content).languages).toEqual(['hu']);

    const row = (await act(admin, 'recipes', 'filter', { recipe_id: recipe.recipe_id })).body.data.rows[0];
    const pick = await act(admin, 'recipes', 'set', { recipe_id: recipe.recipe_id, selected_image_uri: recipe.image_uri[1], row_version: row.row_version });
    expect(pick.status, JSON.stringify(pick.body)).toBe(200);
    const wrong = await act(admin, 'recipes', 'set', { recipe_id: recipe.recipe_id, selected_image_uri: '/flags/zz.svg', row_version: pick.body.data.row.row_version });
    expect([wrong.status, wrong.body.error, wrong.body.rule]).toEqual([400, 'rule_violated', 'selected_image_candidate']);
    // New candidates and a pick among them in one write; candidates that drop the pick are refused.
    const both = await act(admin, 'recipes', 'set', {
      recipe_id: recipe.recipe_id,
      image_uri: ['/flags/it.svg', '/flags/fr.svg'],
      selected_image_uri: '/flags/fr.svg',
      row_version: pick.body.data.row.row_version,
    });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect([both.body.data.row.image_uri, both.body.data.row.selected_image_uri]).toEqual([['/flags/it.svg', '/flags/fr.svg'], '/flags/fr.svg']);
    const dropped = await act(admin, 'recipes', 'set', { recipe_id: recipe.recipe_id, image_uri: ['/flags/it.svg'], row_version: both.body.data.row.row_version });
    expect([dropped.status, dropped.body.rule]).toEqual([400, 'selected_image_candidate']);
  });

  it('on DeepSeek when picked: its reasoner at temperature × 1.5 without response_format, with its key; a fenced JSON reply is read', async () => {
    const [p1] = await products(1);
    fake.reset();
    fake.answer(() => completion('```json\n' + JSON.stringify(texts(p1!, ['en', 'de'])) + '\n```'));
    const r = await act(admin, 'ai_generate', 'set', { product_codes: [p1], fields: ['description_short', 'description'], languages: ['en', 'de'], engine: 'deepseek' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.proposals).toBe(4);
    expect(fake.requests.length).toBe(1);
    const req = fake.requests[0]!;
    expect([req.path, req.headers.authorization]).toEqual(['/chat/completions', `Bearer ${DEEPSEEK_KEY}`]);
    const body = req.body as Json;
    expect(Object.keys(body).sort()).toEqual(['max_tokens', 'messages', 'model', 'temperature']);
    expect([body.model, body.temperature, body.max_tokens]).toEqual(['deepseek-reasoner', 0.75, 8000]);
    expect(body.messages[0].content).toContain('JSON object');
    const stored = await rows(`select distinct engine, model from app.ai_proposals where product_code = $1`, [p1]);
    expect(stored).toEqual([{ engine: 'deepseek', model: 'deepseek-reasoner' }]);
    expect(await one(`select engine, operation, ok from app.ai_usage order by usage_id desc limit 1`)).toEqual({ engine: 'deepseek', operation: 'ai_catalog', ok: true });
    // Prose instead of JSON is engine_bad_answer, naming DeepSeek; nothing stored.
    const [p2] = await products(1);
    fake.answer(() => completion('Here are your texts: lovely.'));
    const bad = await act(admin, 'ai_generate', 'set', { product_codes: [p2], fields: ['description'], languages: ['en'], engine: 'deepseek' });
    expect([bad.status, bad.body.error, bad.body.params?.engine]).toEqual([502, 'engine_bad_answer', 'DeepSeek']);
    expect(await rows('select 1 from app.ai_proposals where product_code = $1', [p2])).toEqual([]);

    // A house's text drafted by DeepSeek: the same wire format.
    const house = await one(`select house_id, body from app.houses where company_code = 'SK01' and coalesce(body ->> 'en', '') = '' order by house_id limit 1`);
    fake.reset();
    fake.answer(() => completion('```json\n{"en": "<p>A quiet house.</p>"}\n```'));
    const d = await act(admin, 'ai_draft', 'set', { form: 'houses', ids: [house.house_id], languages: ['en'], engine: 'deepseek' });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const draft = fake.requests[0]!;
    expect(draft.headers.authorization).toBe(`Bearer ${DEEPSEEK_KEY}`);
    expect(draft.body).toMatchObject({ model: 'deepseek-reasoner', temperature: 0.75, max_tokens: 4000 });
    expect(Object.keys(draft.body as Json)).not.toContain('response_format');
    expect((await one('select body from app.houses where house_id = $1', [house.house_id])).body).toEqual({ ...house.body, en: '<p>A quiet house.</p>' });
    // An engine that is not one of the chat engines is refused before any call.
    fake.reset();
    const other = await act(admin, 'ai_generate', 'set', { product_codes: [p2], fields: ['description'], languages: ['en'], engine: 'deepl' });
    expect(other.status).toBe(400);
    expect(fake.requests.length).toBe(0);
  });

  it("without a pick, the company's engine of /settings/chatgpt: marked DeepSeek, a call goes to DeepSeek; one mark per company", async () => {
    const engineOf = async () => ((await act(admin, 'ai_engine_status', 'list')).body.data.engines as Json[]).filter((e) => e.company_default).map((e) => e.engine);
    expect(await engineOf()).toEqual(['openai']);
    const settings = (await act(admin, 'chatgpt', 'list', { startRow: 0, endRow: 10 })).body.data.rows as Json[];
    const deepseek = settings.find((r) => r.engine === 'deepseek')!;
    expect(settings.map((r) => [r.engine, r.is_default])).toEqual([
      ['openai', true],
      ['deepseek', false],
    ]);
    const marked = await act(admin, 'chatgpt', 'set', { engine: 'deepseek', row_version: deepseek.row_version, is_default: true });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(await rows(`select engine from app.chatgpt_settings where company_code = 'SK01' and is_default`)).toEqual([{ engine: 'deepseek' }]);
    expect(await engineOf()).toEqual(['deepseek']);
    try {
      const [p] = await products(1);
      fake.reset();
      fake.answer(() => completion(texts(p!, ['en'])));
      const r = await act(admin, 'ai_generate', 'set', { product_codes: [p], fields: ['description'], languages: ['en'] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect([fake.requests[0]!.headers.authorization, (fake.requests[0]!.body as Json).model]).toEqual([`Bearer ${DEEPSEEK_KEY}`, 'deepseek-reasoner']);
      // A pick still wins.
      fake.reset();
      const [p2] = await products(1);
      fake.answer(() => completion(texts(p2!, ['en'])));
      expect((await act(admin, 'ai_generate', 'set', { product_codes: [p2], fields: ['description'], languages: ['en'], engine: 'openai' })).status).toBe(200);
      expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    } finally {
      const openai = (await one(`select row_version from app.chatgpt_settings where company_code = 'SK01' and engine = 'openai'`)).row_version;
      await act(admin, 'chatgpt', 'set', { engine: 'openai', row_version: openai, is_default: true });
    }
    expect(await engineOf()).toEqual(['openai']);
  });

  it('without an OpenAI key: 503 not_configured naming the variable, and every page still lists its data', async () => {
    const token = (await bare.login('admin@example.com')).token;
    const status = await bare.action(token, 'ai_engine_status', 'list');
    expect(status.body.data.engines.find((e: Json) => e.engine === 'openai')).toEqual({ engine: 'openai', label: 'OpenAI', env: 'OPENAI_API_KEY', configured: false, company_default: true });
    expect(JSON.stringify((await s.action(admin, 'ai_engine_status', 'list')).body)).not.toContain(KEY);
    const product = (await bare.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' limit 1`)).rows[0]!.product_code;
    const r = await bare.action(token, 'ai_generate', 'set', { product_codes: [product], fields: ['description'], languages: ['en'] });
    expect([r.status, r.body.error, r.body.params]).toEqual([503, 'not_configured', { engine: 'OpenAI', variable: 'OPENAI_API_KEY' }]);
    expect(r.body.message).toContain('OPENAI_API_KEY');
    const d = await bare.action(token, 'ai_draft', 'set', { form: 'houses', ids: [1], languages: ['en'] });
    expect([d.status, d.body.error]).toEqual([503, 'not_configured']);
    // DeepSeek picked without its key: its own variable.
    const ds = await bare.action(token, 'ai_generate', 'set', { product_codes: [product], fields: ['description'], languages: ['en'], engine: 'deepseek' });
    expect([ds.status, ds.body.error, ds.body.params]).toEqual([503, 'not_configured', { engine: 'DeepSeek', variable: 'DEEPSEEK_API_KEY' }]);
    for (const form of ['ai_catalog', 'ai_proposals', 'select_preview', 'recipes', 'houses']) {
      const list = await bare.action(token, form, 'list', { endRow: 5 });
      expect(list.status, form).toBe(200);
      expect(list.body.data.rows.length, form).toBeGreaterThan(0);
    }
  });
});
