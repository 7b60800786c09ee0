/**
 * Mail for AI in the browser (issue 25), as the admin in German, against a real IMAP server
 * on 127.0.0.1 (Dovecot, tests/api/dovecot.ts) and the OpenAI fake: "Synchronisieren" lists
 * the mailbox's messages in /de/ai_content/email_list; "Öffnen" reads the picked one (its
 * sanitized HTML in a sandboxed frame), a label ticked lands on the server as a keyword, and
 * a reply drafted by the AI in German is saved to the Drafts folder.
 */
import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config.ts';
import { startDovecot, type Dovecot } from '../api/dovecot.ts';
import { startEngineFake, type EngineFake } from '../fakes/engineFake.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const de = JSON.parse(readFileSync('locales/de.json', 'utf8')) as Record<string, string>;

const mail = (id: string, from: string, subject: string, date: string, html: string) =>
  [
    `From: ${from}`,
    'To: shop@example.test',
    `Subject: ${subject}`,
    `Date: ${date}`,
    `Message-ID: <${id}@example.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    '',
  ].join('\r\n');

let dovecot: Dovecot;
let fake: EngineFake;
const t = browserSuite({ width: 1600, height: 1000 }, async () => {
  dovecot = await startDovecot();
  fake = await startEngineFake();
  await dovecot.append(
    mail(
      'lieferung',
      'Klara Huber <klara@example.test>',
      'Lieferung verspätet',
      'Thu, 19 Nov 2026 09:30:00 +0100',
      '<p>Guten Tag, meine <b>Bestellung 2026-00412</b> ist noch nicht da.</p><script>alert(1)</script>',
    ),
  );
  await dovecot.append(mail('catalogue', 'Tom Reed <tom@example.test>', 'Catalogue request', 'Wed, 18 Nov 2026 10:00:00 +0000', '<p>Please send me your new catalogue.</p>'), ['\\Seen']);
  const engines = configFromEnv({}).engines;
  return { imapUrl: dovecot.url, imapTickMs: 0, engines: { ...engines, openai: { key: 'k-e2e', url: fake.url } }, aiRetryBaseMs: 5 };
});
afterAll(async () => {
  await fake?.close();
  await dovecot?.stop();
});
const { bodyRows, row } = gridPage(
  () => t.page,
  () => t.server,
);

describe('mail for AI', () => {
  it('synchronises, reads a message, applies a label on the server and saves an AI draft (German)', async () => {
    fake.answer(() => ({
      json: {
        model: 'gpt-4o',
        choices: [{ message: { role: 'assistant', content: JSON.stringify({ language: 'de', subject: 'AW: Lieferung verspätet', body: 'Guten Tag Frau Huber,\n\nIhre Bestellung ist unterwegs.' }) } }],
      },
    }));
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/ai_content/email_list`);
    await expect.poll(() => t.page.locator('h1.page-title').innerText()).toBe(de['screens.email_list.title']);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBe(7); // the demo rows

    await t.page.getByRole('button', { name: de['imap.sync'], exact: true }).click();
    const said = new IntlMessageFormat(de['imap.synced']!, 'de').format({ mailbox: 'INBOX', added: 2, updated: 0, removed: 7 }) as string;
    await expect.poll(() => t.page.locator('.toast-success').first().innerText(), { timeout: 15_000 }).toContain(said);
    await expect
      .poll(() => bodyRows().evaluateAll((rs) => rs.map((r) => r.querySelector('[data-field="subject"]')?.textContent)), { timeout: 10_000 })
      .toEqual(['Lieferung verspätet', 'Catalogue request']);
    const id = (await t.server.db.query<{ id: number }>("select email_id::int as id from app.emails where subject = 'Lieferung verspätet'")).rows[0]!.id;
    expect(await row(String(id)).locator('[data-field="sender"]').innerText()).toBe('Klara Huber <klara@example.test>');

    await row(String(id)).getByRole('checkbox', { name: de['grid.select_row'] }).click();
    await t.page.getByRole('button', { name: de['imap.open'], exact: true }).click();
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe('Lieferung verspätet');
    const frame = dialog.locator('iframe.email-body-html');
    expect(await frame.getAttribute('sandbox')).toBe('');
    const shown = await frame.getAttribute('srcdoc');
    expect(shown).toContain('<b>Bestellung 2026-00412</b>');
    expect(shown).not.toContain('script');

    // A label ticked: a keyword on the message on the server.
    // The box follows the server: ticked once the server has the keyword.
    const invoice = dialog.getByRole('checkbox', { name: 'Invoice' });
    await invoice.click();
    await expect.poll(() => invoice.isChecked(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => t.page.locator('.toast-success').last().innerText()).toContain(de['imap.labels_saved']);
    const c = await dovecot.client();
    try {
      const lock = await c.getMailboxLock('INBOX');
      try {
        const m = await c.fetchOne('1', { flags: true }, {});
        expect(m && [...m.flags!]).toContain('Invoice');
      } finally {
        lock.release();
      }
    } finally {
      await c.logout();
    }

    // An AI draft in the mail's language, saved to Drafts.
    await dialog.getByRole('button', { name: de['imap.draft'], exact: true }).click();
    const body = dialog.getByRole('textbox', { name: de['imap.draft_body'], exact: true });
    await expect.poll(() => body.inputValue(), { timeout: 15_000 }).toContain('Ihre Bestellung ist unterwegs.');
    expect(await dialog.getByText(new IntlMessageFormat(de['imap.draft_language']!, 'de').format({ language: 'de' }) as string).count()).toBe(1);
    await body.fill('Guten Tag Frau Huber,\n\nIhre Bestellung kommt morgen.');
    await dialog.getByRole('button', { name: de['imap.draft_save'], exact: true }).click();
    const savedSaid = new IntlMessageFormat(de['imap.draft_saved']!, 'de').format({ mailbox: 'Drafts' }) as string;
    await expect.poll(() => t.page.locator('.toast-success').last().innerText(), { timeout: 15_000 }).toContain(savedSaid);
    const d = await dovecot.client();
    try {
      const lock = await d.getMailboxLock('Drafts');
      try {
        const m = await d.fetchOne('*', { flags: true, envelope: true, source: true }, {});
        expect(m && [...m.flags!]).toContain('\\Draft');
        expect(m && m.envelope!.subject).toBe('AW: Lieferung verspätet');
        expect(m && m.source!.toString()).toContain('Ihre Bestellung kommt morgen.');
      } finally {
        lock.release();
      }
    } finally {
      await d.logout();
    }
    // The grid's row shows the label after the reload.
    await dialog.getByRole('button', { name: de['common.close'] }).click();
    await expect.poll(() => row(String(id)).locator('[data-field="flags"]').innerText(), { timeout: 10_000 }).toContain('Invoice');
  }, 120_000);
});
