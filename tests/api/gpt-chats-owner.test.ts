/**
 * Conversations are private to who asked (issue 25, /settings/gpt_chats, `source.owner`,
 * engine/owner.ts) on both database engines: a user with the page's list, set and delete
 * rights lists, counts, renames, exports and deletes only her own conversations and reads
 * only their messages in the detail grid; another user's are as if they did not exist (404,
 * nothing written); the page's `perms` right (the administrator role, or granted) sees the
 * company's. Import is refused for such a screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, serverHelpers, startTestServer, type Json, type TestServer } from './harness.ts';

describe.each(engines)('private conversations (%s)', (engine) => {
  let s: TestServer;
  let admin: string;
  let catalog: string;
  let warehouse: string;
  let page: string;
  /** Conversations made for the test: catalog's (user 2) and warehouse's (user 3) in SK01, warehouse's in HU01. */
  const chat: Record<'mine' | 'mine2' | 'theirs' | 'theirsHu', number> = { mine: 0, mine2: 0, theirs: 0, theirsHu: 0 };
  const { ok, rows, one } = serverHelpers(() => s);

  async function newChat(userId: number, company: string, title: string): Promise<number> {
    const id = (await one(`insert into app.gpt_chats (company_code, user_id, engine, model, title) values ($1, $2, 'openai', 'gpt-4o', $3) returning gpt_chat_id`, [company, userId, title]))
      .gpt_chat_id;
    await rows(`insert into app.gpt_chat_messages (gpt_chat_id, role, content, prompt_tokens, completion_tokens) values ($1, 'user', $2, 5, 0), ($1, 'assistant', 'Reply', 0, 7)`, [
      id,
      `Question of ${title}`,
    ]);
    return id;
  }
  const listIds = async (token: string, company?: string): Promise<number[]> =>
    ((await ok(token, 'gpt_chats', 'list', { startRow: 0, endRow: 100 }, company)).rows as Json[]).map((r) => r.gpt_chat_id as number).sort((a, b) => a - b);
  const messagesOf = async (token: string, id: number): Promise<string[]> => ((await ok(token, 'gpt_chat_messages', 'filter', { gpt_chat_id: id })).rows as Json[]).map((r) => r.content as string);

  beforeAll(async () => {
    s = await startTestServer(engine);
    [admin, catalog, warehouse] = (await Promise.all(['admin', 'catalog', 'warehouse'].map(async (u) => (await s.login(`${u}@example.com`)).token))) as [string, string, string];
    page = (await one(`select page_code from app.backend_pages where url = '/settings/gpt_chats'`)).page_code;
    // The page's rights without `perms` for catalog and warehouse.
    await rows(`insert into app.user_pages (user_id, page_code, can_list, can_set, can_delete) values (2, $1, true, true, true), (3, $1, true, true, true)`, [page]);
    chat.mine = await newChat(2, 'SK01', 'Catalog one');
    chat.mine2 = await newChat(2, 'SK01', 'Catalog two');
    chat.theirs = await newChat(3, 'SK01', 'Warehouse one');
    chat.theirsHu = await newChat(3, 'HU01', 'Warehouse HU');
  });
  afterAll(async () => {
    await s?.close();
  });

  it("lists, counts and exports only the user's own conversations, and only their messages", async () => {
    expect(await listIds(catalog)).toEqual([chat.mine, chat.mine2]);
    expect(await listIds(warehouse)).toEqual([chat.theirs]);
    expect(await listIds(warehouse, 'HU01')).toEqual([chat.theirsHu]);
    // The administrator (the page's perms right) sees the company's, the demo conversations too.
    const all = await listIds(admin);
    expect(all).toEqual(expect.arrayContaining([chat.mine, chat.mine2, chat.theirs]));
    expect(all).not.toContain(chat.theirsHu);
    const demo = await rows(`select gpt_chat_id from app.gpt_chats where company_code = 'SK01' and user_id = 1`);
    expect(demo.length).toBeGreaterThan(0);
    expect(all.length).toBe(demo.length + 3);

    // The total of the grid's aggregate and a filter naming another's conversation.
    expect((await ok(catalog, 'gpt_chats', 'aggregate', {})).totals.count).toBe(2);
    expect((await ok(catalog, 'gpt_chats', 'filter', { gpt_chat_id: chat.theirs })).rows).toEqual([]);

    // The detail grid: her own conversation's messages; another's none, nor in the whole list.
    expect(await messagesOf(catalog, chat.mine)).toEqual(['Question of Catalog one', 'Reply']);
    expect(await messagesOf(catalog, chat.theirs)).toEqual([]);
    expect(await messagesOf(admin, chat.theirs)).toEqual(['Question of Warehouse one', 'Reply']);
    const every = (await ok(catalog, 'gpt_chat_messages', 'list', { startRow: 0, endRow: 1000 })).rows as Json[];
    expect(new Set(every.map((m) => m.gpt_chat_id))).toEqual(new Set([chat.mine, chat.mine2]));

    // The export of the grid: her own rows only.
    const r = await fetch(`${s.url}/api/export/gpt_chats`, {
      method: 'POST',
      headers: { authorization: `Bearer ${catalog}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv', language: 'en', sortModel: [{ colId: 'gpt_chat_id', sort: 'asc' }], columns: [{ field: 'title', header: 'Title' }] }),
    });
    expect(r.status).toBe(200);
    expect(
      (await r.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['Title', 'Catalog one', 'Catalog two']);
  });

  it("renames and deletes only her own: another's conversation is not found and stays as it was", async () => {
    const theirs = await one('select title, row_version from app.gpt_chats where gpt_chat_id = $1', [chat.theirs]);
    const rename = await s.action(catalog, 'gpt_chats', 'set', { gpt_chat_id: chat.theirs, row_version: theirs.row_version, title: 'Taken over' });
    expect(rename.status).toBe(404);
    const bulk = await s.action(catalog, 'gpt_chats', 'set', { rows: [{ gpt_chat_id: chat.theirs, row_version: theirs.row_version, title: 'Taken over' }] });
    expect(bulk.status).toBe(404);
    expect(await one('select title, row_version from app.gpt_chats where gpt_chat_id = $1', [chat.theirs])).toEqual(theirs);

    const preview = await s.action(catalog, 'gpt_chats', 'delete_preview', { keys: [chat.theirs] });
    expect(preview.status === 404 || preview.body.data?.count === 0, JSON.stringify(preview.body)).toBe(true);
    const del = await s.action(catalog, 'gpt_chats', 'delete', { keys: [chat.theirs] });
    expect(del.status === 404 || del.body.data?.deleted === 0, JSON.stringify(del.body)).toBe(true);
    expect((await rows('select 1 from app.gpt_chat_messages where gpt_chat_id = $1', [chat.theirs])).length).toBe(2);

    // Her own: renamed, then deleted with its messages.
    const mine = await one('select row_version from app.gpt_chats where gpt_chat_id = $1', [chat.mine2]);
    const renamed = await ok(catalog, 'gpt_chats', 'set', { gpt_chat_id: chat.mine2, row_version: mine.row_version, title: 'Renamed' });
    expect(renamed.row.title).toBe('Renamed');
    expect((await ok(catalog, 'gpt_chats', 'delete_preview', { keys: [chat.mine2] })).count).toBe(1);
    expect((await ok(catalog, 'gpt_chats', 'delete', { keys: [chat.mine2] })).deleted).toBe(1);
    expect(await rows('select 1 from app.gpt_chat_messages where gpt_chat_id = $1', [chat.mine2])).toEqual([]);
    expect(await listIds(catalog)).toEqual([chat.mine]);
  });

  it("the page's perms right lifts the scope: granted, a user sees and deletes the company's conversations", async () => {
    await rows('update app.user_pages set can_perms = true where user_id = 2 and page_code = $1', [page]);
    expect(await listIds(catalog)).toEqual(expect.arrayContaining([chat.mine, chat.theirs]));
    expect(await messagesOf(catalog, chat.theirs)).toEqual(['Question of Warehouse one', 'Reply']);
    expect((await ok(catalog, 'gpt_chats', 'delete', { keys: [chat.theirs] })).deleted).toBe(1);
    expect(await rows('select 1 from app.gpt_chats where gpt_chat_id = $1', [chat.theirs])).toEqual([]);
    // Withdrawn again: her own only.
    await rows('update app.user_pages set can_perms = false where user_id = 2 and page_code = $1', [page]);
    expect(await listIds(catalog)).toEqual([chat.mine]);
  });

  it('refuses to import into private conversations', async () => {
    const form = new FormData();
    form.set('file', new File(['gpt_chat_id,title\n1,x\n'], 'chats.csv', { type: 'text/csv' }));
    form.set('mode', 'inspect');
    form.set('language', 'en');
    const r = await fetch(`${s.url}/api/import/gpt_chats`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    expect(r.status).toBe(403);
  });
});
