/**
 * Mail for AI (issue 25) on both engines, against a real IMAP server on 127.0.0.1 (Dovecot,
 * tests/api/dovecot.ts) seeded by APPEND, and the OpenAI fake (tests/fakes/engineFake.ts):
 * the sync lists the messages (subject, sender, date, size, flags) and keeps up with the
 * server, bodies read as text and sanitized HTML, labels land on the server as keywords, an
 * AI draft in the mail's language is saved to Drafts; IMAP down or a refused sign-in, a bad
 * AI answer, no IMAP_URL or no key: translated errors and nothing changed; page rights.
 */
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineFake, type EngineFake } from '../fakes/engineFake.ts';
import { startDovecot, type Dovecot } from './dovecot.ts';
import { engines, serverHelpers, startTestServer, type Json, type TestServer } from './harness.ts';

const english = [
  'From: Emma Clarke <emma@example.test>',
  'To: shop@example.test',
  'Subject: Where is my parcel?',
  'Date: Wed, 18 Nov 2026 10:00:00 +0000',
  'Message-ID: <parcel-1@example.test>',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Hello, my order 2026-00412 has not arrived yet. Could you check it?',
  '',
].join('\r\n');

const german = [
  'From: =?utf-8?q?J=C3=BCrgen_M=C3=BCller?= <juergen@example.test>',
  'To: shop@example.test',
  'Subject: =?utf-8?q?R=C3=BCckfrage_zur_Rechnung_4711?=',
  'Date: Thu, 19 Nov 2026 09:30:00 +0100',
  'Message-ID: <rechnung-4711@example.test>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Guten Tag, k=C3=B6nnen Sie das Zahlungsziel der Rechnung 4711 verl=C3=A4ngern?',
  '--b1',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<html><head><style>p{color:red}</style><script>alert(1)</script></head><body><p onclick="x()">Guten Tag, <b>Rechnung 4711</b></p><img src="https://tracker.example.test/p.gif"><a href="javascript:alert(2)">x</a><a href="https://example.test/r">Rechnung</a></body></html>',
  '--b1--',
  '',
].join('\r\n');

const hungarian = [
  'From: anna@example.test',
  'To: shop@example.test',
  'Subject: =?utf-8?b?U3rDoWxsw610w6FzaSBpZMWR?=',
  'Date: Fri, 20 Nov 2026 08:00:00 +0000',
  'Message-ID: <szallitas@example.test>',
  'Content-Type: text/plain; charset=iso-8859-2',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'J=F3 napot, mikor =E9rkezik a csomag?',
  '',
].join('\r\n');

const completion = (content: unknown) => ({
  json: {
    model: 'gpt-4o',
    choices: [{ message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) } }],
    usage: { prompt_tokens: 120, completion_tokens: 60 },
  },
});

type Row = Record<string, Json>;

describe.each(engines)('mail for AI on %s', (engine) => {
  let dovecot: Dovecot, fake: EngineFake, s: TestServer, admin: string, warehouse: string;
  const { ok, rows, one } = serverHelpers(() => s);
  beforeAll(async () => {
    dovecot = await startDovecot();
    fake = await startEngineFake();
    await dovecot.append(english);
    await dovecot.append(german, ['\\Seen']);
    await dovecot.append(hungarian, ['\\Flagged']);
    s = await startTestServer(engine, {
      env: { IMAP_URL: dovecot.url, IMAP_TICK_MS: '0', OPENAI_API_KEY: 'k-openai', OPENAI_BASE_URL: fake.url, DEEPSEEK_API_KEY: 'k-deepseek', DEEPSEEK_BASE_URL: fake.url, AI_RETRY_BASE_MS: '5' },
    });
    admin = (await s.login('admin@example.com')).token;
    warehouse = (await s.login('warehouse@example.com')).token;
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
    await dovecot?.stop();
  });

  /** A client of the test's own on the server, with INBOX (or `folder`) open. */
  const onServer = async <T>(fn: (c: ImapFlow) => Promise<T>, folder = 'INBOX'): Promise<T> => {
    const c = await dovecot.client();
    const lock = await c.getMailboxLock(folder);
    try {
      return await fn(c);
    } finally {
      lock.release();
      await c.logout();
    }
  };
  const list = async () => (await ok(admin, 'email_list', 'list', { startRow: 0, endRow: 100 })).rows as Row[];
  const idOf = async (subject: string) => (await one('select email_id::int as id from app.emails where subject = $1', [subject])).id as number;

  it('says where the mailbox is, never its password', async () => {
    const r = await s.action(admin, 'email_sync', 'list');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ configured: true, server: `imap://127.0.0.1:${dovecot.port}`, mailbox: 'INBOX' });
    expect(JSON.stringify(r.body)).not.toContain(dovecot.password);
  });

  it('synchronises the messages: subject, sender, date, size, flags, and their bodies', async () => {
    expect((await list()).length).toBe(7); // the demo rows of a past sync
    const r = await ok(admin, 'email_sync', 'set');
    expect(r).toEqual({ mailbox: 'INBOX', added: 3, updated: 0, removed: 7 }); // the demo rows' UIDVALIDITY is not this server's
    const got = await list();
    expect(got.map((m) => [m.subject, m.sender, m.date, m.flags])).toEqual([
      ['Szállítási idő', 'anna@example.test', '2026-11-20T08:00:00.000Z', '\\Flagged'],
      ['Rückfrage zur Rechnung 4711', 'Jürgen Müller <juergen@example.test>', '2026-11-19T08:30:00.000Z', '\\Seen'],
      ['Where is my parcel?', 'Emma Clarke <emma@example.test>', '2026-11-18T10:00:00.000Z', ''],
    ]);
    expect(Object.keys(got[0]!).sort()).toEqual(['date', 'email_id', 'flags', 'size', 'subject', 'sender'].sort());
    expect(got.map((m) => m.size)).toEqual([Buffer.byteLength(hungarian), Buffer.byteLength(german), Buffer.byteLength(english)]);

    const de = await ok(admin, 'email_message', 'list', { email_id: got[1]!.email_id });
    expect(de.body_text).toContain('können Sie das Zahlungsziel der Rechnung 4711 verlängern?');
    expect(de.body_html).toContain('<b>Rechnung 4711</b>');
    expect(de.body_html).toContain('<a href="https://example.test/r" rel="noopener noreferrer" target="_blank">Rechnung</a>');
    for (const gone of ['<script', 'alert', 'onclick', '<img', 'tracker', '<style', 'color:red', 'javascript:']) expect(de.body_html).not.toContain(gone);
    expect(de.labels.map((l: Row) => l.imap_label)).toEqual(['Complaint', 'Invoice', 'Supplier', 'Urgent']);
    const hu = await ok(admin, 'email_message', 'list', { email_id: got[0]!.email_id });
    expect(hu.body_text).toContain('Jó napot, mikor érkezik a csomag?'); // ISO-8859-2, quoted-printable
    expect(hu.body_html).toBe('');

    // Again: nothing new, nothing changed.
    expect(await ok(admin, 'email_sync', 'set')).toEqual({ mailbox: 'INBOX', added: 0, updated: 0, removed: 0 });
  });

  it('keeps up with the server: flags changed and messages expunged elsewhere', async () => {
    const en = await onServer(async (c) => (await c.search({ header: { 'message-id': '<parcel-1@example.test>' } }, { uid: true })) as number[]);
    await onServer(async (c) => void (await c.messageFlagsAdd(en, ['\\Answered'], { uid: true })));
    expect(await ok(admin, 'email_sync', 'set')).toEqual({ mailbox: 'INBOX', added: 0, updated: 1, removed: 0 });
    expect((await one("select flags from app.v_emails where subject = 'Where is my parcel?'")).flags).toBe('\\Answered');
    await dovecot.append(english.replace('parcel-1', 'parcel-2').replace('Where is my parcel?', 'Second parcel'));
    await onServer(async (c) => void (await c.messageDelete({ header: { 'message-id': '<szallitas@example.test>' } })));
    expect(await ok(admin, 'email_sync', 'set')).toEqual({ mailbox: 'INBOX', added: 1, updated: 0, removed: 1 });
    expect((await list()).map((m) => m.subject)).toEqual(['Rückfrage zur Rechnung 4711', 'Where is my parcel?', 'Second parcel']);
  });

  it('applies labels back to the server as IMAP keywords, and takes them off', async () => {
    const id = await idOf('Where is my parcel?');
    const flagsOnServer = () => onServer(async (c) => [...((await c.fetchOne('*', { flags: true }, {})) || { flags: new Set<string>() }).flags!].sort());
    expect(await ok(admin, 'email_labels', 'set', { email_id: id, add: ['Invoice', 'Urgent'] })).toEqual({ flags: ['Invoice', 'Urgent', '\\Answered'] });
    const onServerNow = await onServer(async (c) => {
      const uid = (await one('select uid::int from app.emails where email_id = $1', [id])).uid as number;
      const m = await c.fetchOne(String(uid), { flags: true }, { uid: true });
      return m ? [...m.flags!].filter((f) => f !== '\\Recent').sort() : [];
    });
    expect(onServerNow).toEqual(['Invoice', 'Urgent', '\\Answered']);
    expect((await one('select flags from app.v_emails where email_id = $1', [id])).flags).toBe('Invoice Urgent \\Answered');
    expect(await ok(admin, 'email_labels', 'set', { email_id: id, remove: ['Urgent'] })).toEqual({ flags: ['Invoice', '\\Answered'] });
    expect(await flagsOnServer()).not.toContain('Urgent');

    // Only the labels page's labels: not a system flag, not an unknown keyword, not nothing.
    for (const [payload, status, error] of [
      [{ email_id: id, add: ['\\Deleted'] }, 400, 'bad_request'],
      [{ email_id: id, add: ['Nope'] }, 404, 'not_found'],
      [{ email_id: id }, 400, 'bad_request'],
      [{ email_id: 999_999, add: ['Invoice'] }, 404, 'not_found'],
    ] as const) {
      const r = await s.action(admin, 'email_labels', 'set', payload);
      expect(r.status, JSON.stringify(payload)).toBe(status);
      expect(r.body.error).toBe(error);
    }
    expect(await flagsOnServer()).not.toContain('\\Deleted');
    // A label added on the labels page can be applied at once.
    await ok(admin, 'imap_labels', 'add', { imap_label: 'Waiting_2', description: 'Waiting for the customer', color: '#0ea5e9' });
    expect((await ok(admin, 'email_labels', 'set', { email_id: id, add: ['Waiting_2'] })).flags).toContain('Waiting_2');
    const bad = await s.action(admin, 'imap_labels', 'add', { imap_label: 'two words', color: '#0ea5e9' });
    expect(bad.status).toBe(400);
  });

  it('drafts a reply in the mail language with OpenAI and saves it to Drafts', async () => {
    const id = await idOf('Rückfrage zur Rechnung 4711');
    fake.reset();
    fake.answer(() =>
      completion({ language: 'de', subject: 'AW: Rückfrage zur Rechnung 4711', body: 'Guten Tag Herr Müller,\n\ngerne verlängern wir das Zahlungsziel auf 30 Tage.\n\nMit freundlichen Grüßen' }),
    );
    const draft = await ok(admin, 'email_draft', 'set', { email_id: id, instructions: 'Zusagen: 30 Tage' });
    expect(draft).toEqual({ language: 'de', subject: 'AW: Rückfrage zur Rechnung 4711', body: expect.stringContaining('gerne verlängern wir') });
    expect(fake.requests.length).toBe(1);
    const req = fake.requests[0]!;
    expect(req.path).toBe('/chat/completions');
    expect(req.headers.authorization).toBe('Bearer k-openai');
    const body = req.body as Json;
    expect(body).toMatchObject({ model: 'gpt-4o', response_format: { type: 'json_object' }, temperature: 0.5 });
    expect(body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('write the whole reply in that same language') });
    expect(body.messages[1].role).toBe('user');
    expect(body.messages[1].content).toContain('Subject: Rückfrage zur Rechnung 4711');
    expect(body.messages[1].content).toContain('können Sie das Zahlungsziel der Rechnung 4711 verlängern?');
    expect(body.messages[1].content).toContain('Zusagen: 30 Tage');
    expect(await rows("select engine, operation, prompt_tokens, completion_tokens, ok from app.ai_usage where operation = 'email_draft'")).toEqual([
      { engine: 'openai', operation: 'email_draft', prompt_tokens: 120, completion_tokens: 60, ok: true },
    ]);

    const saved = await ok(admin, 'email_draft_save', 'set', { email_id: id, subject: draft.subject, body: draft.body });
    expect(saved.mailbox).toBe('Drafts');
    const inDrafts = await onServer(async (c) => {
      const m = await c.fetchOne('*', { flags: true, envelope: true, source: true }, {});
      return m ? { flags: [...m.flags!], env: m.envelope!, source: m.source!.toString() } : undefined;
    }, 'Drafts');
    expect(inDrafts?.flags).toEqual(expect.arrayContaining(['\\Draft', '\\Seen']));
    expect(inDrafts?.env.subject).toBe('AW: Rückfrage zur Rechnung 4711');
    expect(inDrafts?.env.to?.[0]?.address).toBe('juergen@example.test');
    expect(inDrafts?.env.from?.[0]?.address).toBe(dovecot.user);
    expect(inDrafts?.env.inReplyTo).toBe('<rechnung-4711@example.test>');
    expect(inDrafts?.source).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
  });

  it('drafts on DeepSeek when picked: its reasoner at temperature × 1.5, no response_format, its key; a fenced JSON reply is read', async () => {
    const id = await idOf('Where is my parcel?');
    fake.reset();
    const reply = { language: 'en', subject: 'Re: Where is my parcel?', body: 'Dear customer,\n\nyour parcel left our warehouse today.' };
    fake.answer(() => completion('```json\n' + JSON.stringify(reply) + '\n```'));
    const draft = await ok(admin, 'email_draft', 'set', { email_id: id, engine: 'deepseek' });
    expect(draft).toEqual(reply);
    const req = fake.requests[0]!;
    expect([req.path, req.headers.authorization]).toEqual(['/chat/completions', 'Bearer k-deepseek']);
    const body = req.body as Json;
    expect(Object.keys(body).sort()).toEqual(['max_tokens', 'messages', 'model', 'temperature', 'top_p']);
    expect([body.model, body.temperature, body.top_p, body.max_tokens]).toEqual(['deepseek-reasoner', 0.75, 1, 1000]);
    expect((await rows("select engine, ok from app.ai_usage where operation = 'email_draft' order by usage_id desc limit 1"))[0]).toEqual({ engine: 'deepseek', ok: true });
  });

  it('says a bad AI answer and changes nothing', async () => {
    const id = await idOf('Where is my parcel?');
    fake.reset();
    fake.answer(() => completion({ reply: 'no language, no body' }));
    const r = await s.action(admin, 'email_draft', 'set', { email_id: id });
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ error: 'engine_bad_answer', params: { engine: 'OpenAI' } });
    fake.answer(() => ({ status: 500, text: 'boom' }));
    const r2 = await s.action(admin, 'email_draft', 'set', { email_id: id });
    expect(r2.status).toBe(502);
    expect(r2.body.error).toBe('engine_failed');
    expect(JSON.stringify([r.body, r2.body])).not.toContain('k-openai');
  });

  it('IMAP down or a refused sign-in: a translated error without the password, the stored rows unchanged', async () => {
    const before = await list();
    const bad = dovecot.url.replace(encodeURIComponent(dovecot.password), 'wrong-password');
    const refused = await startTestServer(engine, { env: { IMAP_URL: bad, IMAP_TICK_MS: '0' } });
    const closed = await startTestServer(engine, { env: { IMAP_URL: 'imap://shop%40example.test:imap-secret-1@127.0.0.1:1/INBOX', IMAP_TICK_MS: '0' } });
    try {
      const t1 = (await refused.login('admin@example.com')).token;
      const r1 = await refused.action(t1, 'email_sync', 'set');
      expect(r1.status).toBe(502);
      expect(r1.body).toMatchObject({ error: 'imap_auth_failed', params: { host: `imap://127.0.0.1:${dovecot.port}` } });
      expect(JSON.stringify(r1.body)).not.toContain('wrong-password');
      const rows1 = (await refused.action(t1, 'email_list', 'list', { startRow: 0, endRow: 100 })).body.data.rows;
      expect(rows1.length).toBe(7); // its own database: the demo rows, untouched

      const t2 = (await closed.login('admin@example.com')).token;
      const r2 = await closed.action(t2, 'email_sync', 'set');
      expect(r2.status).toBe(502);
      expect(r2.body).toMatchObject({ error: 'imap_failed', params: { host: 'imap://127.0.0.1:1' } });
      expect(JSON.stringify(r2.body)).not.toContain('imap-secret-1');
      const id = (await closed.db.query<{ id: number }>('select min(email_id)::int as id from app.emails')).rows[0]!.id;
      const r3 = await closed.action(t2, 'email_labels', 'set', { email_id: id, add: ['Invoice'] });
      expect(r3.body.error).toBe('imap_failed');
      expect((await closed.db.query<{ flags: string }>('select flags from app.v_emails where email_id = $1', [id])).rows[0]!.flags).not.toContain('Invoice');
    } finally {
      await refused.close();
      await closed.close();
    }
    expect(await list()).toEqual(before);
  });

  it('without IMAP_URL and without a key: the stored rows show, the calls say what to set', async () => {
    const bare = await startTestServer(engine);
    try {
      const t = (await bare.login('admin@example.com')).token;
      expect((await bare.action(t, 'email_sync', 'list')).body.data).toEqual({ configured: false, server: null, mailbox: null });
      const rowsShown = (await bare.action(t, 'email_list', 'list', { startRow: 0, endRow: 100 })).body.data.rows;
      expect(rowsShown.length).toBe(7);
      const r = await bare.action(t, 'email_sync', 'set');
      expect(r.status).toBe(503);
      expect(r.body.error).toBe('imap_not_configured');
      const id = rowsShown[0].email_id;
      expect((await bare.action(t, 'email_labels', 'set', { email_id: id, add: ['Invoice'] })).body.error).toBe('imap_not_configured');
      const d = await bare.action(t, 'email_draft', 'set', { email_id: id });
      expect(d.status).toBe(503);
      expect(d.body).toMatchObject({ error: 'not_configured', params: { engine: 'OpenAI' } });
      // The message is still readable from the database.
      expect((await bare.action(t, 'email_message', 'list', { email_id: id })).body.data.body_text.length).toBeGreaterThan(20);
    } finally {
      await bare.close();
    }
  });

  it('needs the page rights', async () => {
    const id = await idOf('Where is my parcel?');
    for (const [entity, action, payload] of [
      ['email_list', 'list', { startRow: 0, endRow: 10 }],
      ['email_sync', 'set', undefined],
      ['email_message', 'list', { email_id: id }],
      ['email_labels', 'set', { email_id: id, add: ['Invoice'] }],
      ['email_draft', 'set', { email_id: id }],
      ['imap_labels', 'list', { startRow: 0, endRow: 10 }],
    ] as const) {
      const r = await s.action(warehouse, entity, action, payload);
      expect(r.status, `${entity} ${action}`).toBe(403);
    }
  });
});
