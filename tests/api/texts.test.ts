/**
 * Texts of issue 24 on both engines: captions (an override served in its language only,
 * gone when deleted, refused as 400 with a translated reason when it is not ICU or changes
 * the placeholders), the translation table (its "missing in …" rule and filter, a cell written
 * is a caption, emptied it is the catalogue's text again), packing templates (add, set,
 * bounds, duplicates, delete, in use), obd texts printed in the document's language in the
 * PDF (pdftotext), and captions in the print documents' texts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintBatch } from '../../src/core/print.ts';
import en from '../../locales/en.json' with { type: 'json' };
import hu from '../../locales/hu.json' with { type: 'json' };
import { queueMoveMails } from '../../src/server/mail/enqueue.ts';
import { intlFor } from '../../src/server/texts/captions.ts';
import { engines, serverHelpers, startSignedIn, type TestServer } from './harness.ts';

const run = async (cmd: string, args: string[]) => (await promisify(execFile)(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout;
const enCat = en as Record<string, string>;
const huCat = hu as Record<string, string>;

describe.each(engines)('texts on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  let dir: string;
  const { ok, rows, one } = serverHelpers(() => s);
  beforeAll(async () => {
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine));
    dir = mkdtempSync(join(tmpdir(), 'bo-texts-'));
  });
  afterAll(async () => {
    await s?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const captions = async (lang: string) => {
    const r = await fetch(`${s.url}/api/captions/${lang}`);
    expect(r.status).toBe(200);
    return (await r.json()) as Record<string, unknown>;
  };

  it('holds the whole catalogue, one row per key', async () => {
    const { n } = await one('select count(*)::int as n from app.catalogue_texts');
    expect(n).toBe(Object.keys(enCat).length);
    const home = await one("select texts from app.catalogue_texts where text_key = 'chrome.home'");
    expect(home.texts.hu).toBe(huCat['chrome.home']);
  });

  it('serves a caption in its language only, and the catalogue again once it is deleted', async () => {
    const added = await ok(admin, 'captions', 'add', { text_key: 'chrome.home', language_code: 'de', caption_text: 'Startseite des Lagers' });
    expect(added.row).toMatchObject({ text_key: 'chrome.home', language_code: 'de', caption_text: 'Startseite des Lagers', english_text: enCat['chrome.home'] });
    expect((await captions('de'))['chrome.home']).toBe('Startseite des Lagers');
    expect((await captions('hu'))['chrome.home']).toBeUndefined();
    expect(await captions('en')).not.toHaveProperty('chrome.home');
    // A caption with arguments ships precompiled, as the catalogue's parts do.
    await ok(admin, 'captions', 'add', { text_key: 'messages.translate_not_configured', language_code: 'de', caption_text: 'Kein Schlüssel für {engine} ({variable}).' });
    expect(Array.isArray((await captions('de'))['messages.translate_not_configured'])).toBe(true);
    // Unknown language: 404; another user without the page: 403.
    expect((await fetch(`${s.url}/api/captions/xx`)).status).toBe(404);
    expect((await s.action(catalog, 'captions', 'list', { startRow: 0, endRow: 10 })).status).toBe(403);
    expect((await s.action(catalog, 'captions', 'add', { text_key: 'chrome.home', language_code: 'hu', caption_text: 'x' })).status).toBe(403);

    // The server's own texts (print documents, e-mails) read the captions too.
    expect((await intlFor(s.db, 'de')).formatMessage({ id: 'chrome.home' })).toBe('Startseite des Lagers');
    expect((await intlFor(s.db, 'hu')).formatMessage({ id: 'chrome.home' })).toBe(huCat['chrome.home']);

    const del = await s.action(admin, 'captions', 'delete', { keys: [{ text_key: 'chrome.home', language_code: 'de' }] });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(await captions('de')).not.toHaveProperty('chrome.home');
  });

  it("writes the e-mails of workflow moves with the captions of the mail's language", async () => {
    // The last move of a demo order with an address was its shipping.
    const shipped = await one(
      `select x.* from (select distinct on (h.fsm_instance_id) h.fsm_instance_id, h.history_id, h.event_code, o.language_code, o.fsm_reference
         from app.fsm_history h join app.v_sales_orders o on o.fsm_instance_id = h.fsm_instance_id
         where btrim(o.email) <> '' order by h.fsm_instance_id, h.history_id desc) x where x.event_code = 'ship' limit 1`,
    );
    expect(shipped, 'a shipped order with an address in the demo').toBeDefined();
    await ok(admin, 'captions', 'add', { text_key: 'mail.order_shipped.subject', language_code: shipped.language_code, caption_text: 'Unterwegs: {reference}' });
    class Rollback extends Error {}
    let subject: unknown;
    await s.db
      .transaction(async (tx) => {
        expect(await queueMoveMails(tx, [Number(shipped.fsm_instance_id)])).toBe(1);
        subject = (await tx.query<{ subject: string }>('select subject from app.mail_outbox where fsm_history_id = $1', [shipped.history_id])).rows.at(-1)?.subject;
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
    expect(subject).toBe(`Unterwegs: ${shipped.fsm_reference}`);
    await ok(admin, 'captions', 'delete', { keys: [{ text_key: 'mail.order_shipped.subject', language_code: shipped.language_code }] });
  });

  it('refuses a caption that is not ICU or changes the placeholders: 400 with a translated reason, nothing written', async () => {
    const before = await one('select count(*)::int as n from app.captions');
    const shape = await s.action(admin, 'captions', 'add', { text_key: 'grid.bulk_pick_list_created', language_code: 'hu', caption_text: 'Elkészült a {szam} szedési lista' });
    expect(shape.status).toBe(400);
    expect(shape.body.error).toBe('invalid_value');
    expect(shape.body.params).toMatchObject({ field: 'payload.caption_text', reason: 'validation.icu_shape', label: 'fields.caption_text' });
    expect(String(shape.body.params.expected)).toContain('{number}');
    expect(String(shape.body.params.got)).toContain('{szam}');
    const syntax = await s.action(admin, 'captions', 'add', { text_key: 'chrome.home', language_code: 'hu', caption_text: 'Kezdőlap {' });
    expect(syntax.status).toBe(400);
    expect(syntax.body.params).toMatchObject({ field: 'payload.caption_text', reason: 'validation.icu_syntax' });
    // A key the catalogue does not have is a bad reference.
    const unknown = await s.action(admin, 'captions', 'add', { text_key: 'chrome.no_such_key', language_code: 'hu', caption_text: 'x' });
    expect(unknown.status).toBe(400);
    // The translation table checks its cells the same way (set and bulk set).
    const cell = await s.action(admin, 'translation_table', 'set', { text_key: 'grid.bulk_pick_list_created', ro: 'Listă creată' });
    expect(cell.status).toBe(400);
    expect(cell.body.params).toMatchObject({ field: 'payload.ro', reason: 'validation.icu_shape', label: 'fields.ro' });
    const bulk = await s.action(admin, 'translation_table', 'set', {
      rows: [
        { text_key: 'chrome.home', ro: 'Acasă!' },
        { text_key: 'chrome.home_x', ro: 'x' },
        { text_key: 'grid.bulk_pick_list_created', ro: '{' },
      ],
    });
    expect(bulk.status).toBe(400);
    expect((await one('select count(*)::int as n from app.captions')).n).toBe(before.n);
  });

  it('shows every key side by side, filters the missing ones, and writes a cell as a caption', async () => {
    const list = (payload: object) => ok(admin, 'translation_table', 'list', { startRow: 0, endRow: 5000, ...payload });
    const all = await list({});
    expect(all.rows).toHaveLength(Object.keys(enCat).length);
    const home = all.rows.find((r: { text_key: string }) => r.text_key === 'chrome.home');
    expect(home).toMatchObject({ en: enCat['chrome.home'], hu: huCat['chrome.home'], missing_hu: false });

    // The rule: empty, or exactly English with letters in it (and no caption deciding so).
    const expected = Object.keys(enCat)
      .filter((k) => !huCat[k]?.trim() || (huCat[k] === enCat[k] && /\p{L}/u.test(enCat[k]!)))
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    const missing = await list({ filterModel: { missing_hu: { filterType: 'set', values: [true] } } });
    expect(missing.rows.map((r: { text_key: string }) => r.text_key).sort()).toEqual(expected);
    expect(missing.rows.every((r: { missing_hu: boolean; hu: string; en: string }) => r.missing_hu && r.hu === r.en)).toBe(true);

    // Writing the cell makes it a caption and no longer missing; emptying it brings the catalogue back.
    // A plain text (a message with arguments is served compiled, its parts not a string).
    const key = expected.find((k) => !enCat[k]!.includes('{'))!;
    const set = await ok(admin, 'translation_table', 'set', { text_key: key, hu: `${enCat[key]} (HU)` });
    expect(set.row).toMatchObject({ text_key: key, hu: `${enCat[key]} (HU)`, missing_hu: false, overridden: 'HU' });
    expect((await captions('hu'))[key]).toBe(`${enCat[key]} (HU)`);
    const cleared = await ok(admin, 'translation_table', 'set', { text_key: key, hu: null });
    expect(cleared.row).toMatchObject({ hu: huCat[key], missing_hu: true, overridden: null });
    expect(await captions('hu')).not.toHaveProperty(key);
    // A text rightly the same as English is decided by a caption of that very text (captions grid): no longer missing.
    await ok(admin, 'captions', 'add', { text_key: key, language_code: 'hu', caption_text: huCat[key] });
    const decided = (await list({ filterModel: { missing_hu: { filterType: 'set', values: [true] } } })).rows.map((r: { text_key: string }) => r.text_key);
    expect(decided).not.toContain(key);
    expect(decided).toHaveLength(expected.length - 1);
    await ok(admin, 'captions', 'delete', { keys: [{ text_key: key, language_code: 'hu' }] });

    // A new text for another language (bulk set) leaves the others as they are.
    await ok(admin, 'translation_table', 'set', { rows: [{ text_key: 'chrome.home', sk: 'Úvod' }] });
    const after = (await list({ filterModel: { text_key: { filterType: 'text', type: 'equals', filter: 'chrome.home' } } })).rows[0];
    expect(after).toMatchObject({ sk: 'Úvod', hu: huCat['chrome.home'], overridden: 'SK' });
    expect(await rows("select language_code, caption_text from app.captions where text_key = 'chrome.home'")).toEqual([{ language_code: 'sk', caption_text: 'Úvod' }]);
    await ok(admin, 'translation_table', 'set', { text_key: 'chrome.home', sk: '' });
  });

  it('answers machine translation with 503 not_configured naming the engine while no engine has a key', async () => {
    for (const [path, body, name] of [
      ['/api/gt', { text: 'Home', from: 'en', to: ['hu'] }, 'Google Translate'],
      ['/api/deepl', { text: 'Home', from: 'en', to: 'hu' }, 'DeepL'],
    ] as const) {
      const r = await s.post(path, body, { token: admin });
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ error: 'not_configured', params: { engine: name } });
    }
  });

  it('keeps packing templates: add, set, bounds, duplicates, delete, in use', async () => {
    const added = await ok(admin, 'packing_templates', 'add', { packing_template_name: 'Test crate', metal: 0.2, wood: 3.5, plastic: 0, paper: 0.125 });
    const id = added.row.packing_template_id as number;
    expect(added.row).toMatchObject({ packing_template_name: 'Test crate', metal: 0.2, wood: 3.5, paper: 0.125 });
    for (const [field, value] of [
      ['metal', -0.001],
      ['wood', 1000.5],
      ['paper', 'a lot'],
    ] as const) {
      const r = await s.action(admin, 'packing_templates', 'add', { packing_template_name: `Bad ${field}`, metal: 0, wood: 0, plastic: 0, paper: 0, [field]: value });
      expect(r.status, field).toBe(400);
      expect(r.body.params.field).toBe(`payload.${field}`);
    }
    const name = await s.action(admin, 'packing_templates', 'add', { packing_template_name: '', metal: 0, wood: 0, plastic: 0, paper: 0 });
    expect(name.status).toBe(400);
    const dup = await s.action(admin, 'packing_templates', 'add', { packing_template_name: 'Test crate', metal: 0, wood: 0, plastic: 0, paper: 0 });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('already_exists');
    const set = await ok(admin, 'packing_templates', 'set', { packing_template_id: id, plastic: 1.25, row_version: added.row.row_version });
    expect(set.row.plastic).toBe(1.25);
    const stale = await s.action(admin, 'packing_templates', 'set', { packing_template_id: id, plastic: 2, row_version: added.row.row_version });
    expect(stale.status).toBe(409);
    expect((await s.action(catalog, 'packing_templates', 'add', { packing_template_name: 'X', metal: 0, wood: 0, plastic: 0, paper: 0 })).status).toBe(403);
    expect((await ok(admin, 'packing_templates', 'delete', { keys: [id] })).deleted).toBe(1);
    const used = await one('select packing_template_id from app.products where packing_template_id is not null limit 1');
    const inUse = await s.action(admin, 'packing_templates', 'delete', { keys: [used.packing_template_id] });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toBe('in_use');
  });

  it("prints the company's obd texts in the document's language (model and PDF), sanitized, and captions in its words", async () => {
    const list = await one("select pick_list_id, pick_list_no from app.pick_lists where company_code = 'SK01' order by pick_list_id limit 1");
    expect(list).toBeDefined();
    // The demo has each company's pick list footer; the header is added here.
    const header = await ok(
      admin,
      'obd_texts',
      'add',
      {
        document_type: 'pick_list',
        placement: 'header',
        obd_text: {
          en: '<p>Check every <strong>box</strong> before packing.</p><script>alert(1)</script><ul><li>Sign here</li></ul>',
          de: '<p>Vor dem Verpacken jedes Fach prüfen.</p><p>Unterschrift Lager</p>',
        },
      },
      'SK01',
    );
    expect(JSON.stringify(header.row.obd_text)).not.toContain('script');
    // Another company's text and an inactive one are not printed.
    await ok(admin, 'obd_texts', 'add', { document_type: 'pick_list', placement: 'header', obd_text: { de: '<p>Ungarischer Kopf</p>' } }, 'HU01');
    await ok(admin, 'obd_texts', 'add', { document_type: 'pick_list', placement: 'terms', obd_text: { de: '<p>Nicht aktiv</p>' }, active: false }, 'SK01');
    const dup = await s.action(admin, 'obd_texts', 'add', { document_type: 'pick_list', placement: 'footer', obd_text: { en: 'x' } }, 'SK01');
    expect(dup.status).toBe(409);
    const badType = await s.action(admin, 'obd_texts', 'add', { document_type: 'recipe', placement: 'footer', obd_text: { en: 'x' } }, 'SK01');
    expect(badType.status).toBe(400);
    // A caption of a print text shows in the document too.
    await ok(admin, 'captions', 'add', { text_key: 'print.pick_list', language_code: 'de', caption_text: 'Pickzettel Nr. {number}' });

    const get = (path: string) => fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${warehouse}`, 'x-company': 'SK01' } });
    const model = (await (await get(`/api/print/pick_lists_print?pick_list_id=${list.pick_list_id}&lang=de`)).json()).data as PrintBatch;
    const doc = model.documents[0]!;
    expect(doc.title).toBe(`Pickzettel Nr. ${list.pick_list_no}`);
    const texts = doc.blocks.filter((b) => b.kind === 'text');
    expect(texts).toEqual([
      { kind: 'text', placement: 'header', paragraphs: ['Vor dem Verpacken jedes Fach prüfen.', 'Unterschrift Lager'] },
      { kind: 'text', placement: 'footer', paragraphs: ['Kommissioniert von: ____________ Geprüft von: ____________'] },
    ]);
    expect(doc.blocks[0]).toEqual(texts[0]);
    expect(doc.blocks.at(-1)).toEqual(texts[1]);

    const pdfText = async (lang: string) => {
      const r = await get(`/api/print/pick_lists_print/pdf?pick_list_id=${list.pick_list_id}&lang=${lang}`);
      expect(r.status).toBe(200);
      const file = join(dir, `pick-${lang}-${engine}.pdf`);
      writeFileSync(file, Buffer.from(await r.arrayBuffer()));
      return run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    };
    const de = await pdfText('de');
    expect(de).toContain('Vor dem Verpacken jedes Fach prüfen.');
    expect(de).toContain('Kommissioniert von:');
    expect(de).toContain(`Pickzettel Nr. ${list.pick_list_no}`);
    expect(de).not.toContain('Ungarischer Kopf');
    expect(de).not.toContain('Nicht aktiv');
    const enPdf = await pdfText('en');
    expect(enPdf).toContain('Check every box before packing.');
    expect(enPdf).toContain('• Sign here');
    expect(enPdf).not.toContain('alert');
    expect(enPdf).toContain(enCat['print.pick_list']!.replace('{number}', list.pick_list_no as string));
  });
});
