/**
 * "Send by mail…" in the browser (issue 47, point 2), as the admin in German: on /de/finance/invoices
 * the picked invoice's "Per E-Mail senden…" opens with the address and language its automatic
 * mail would use; an address the accounts' rule refuses is said at the field (nothing is queued,
 * nothing typed is lost); another address, the language and a message sent, the dialog says the
 * mail waits in the Outbox and links there; the server's outbox sends it to a local SMTP sink with
 * the invoice's PDF (its title read back with pdftotext), and the order keeps that PDF.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { IntlMessageFormat } from 'intl-messageformat';
import PostalMime from 'postal-mime';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../api/smtpSink.ts';
import { browserSuite, signIn } from './browser.ts';

let sink: SmtpSink | undefined;
const t = browserSuite({ width: 1600, height: 1000 }, async () => {
  sink = await startSmtpSink();
  return { smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailTickMs: 200 };
});
const dir = mkdtempSync(join(tmpdir(), 'bo-document-mail-'));
afterAll(async () => {
  await sink?.close();
  rmSync(dir, { recursive: true, force: true });
});
const de = JSON.parse(readFileSync('locales/de.json', 'utf8')) as Record<string, string>;
const said = (key: string, values: Record<string, string>) => new IntlMessageFormat(de[key]!, 'de').format(values) as string;
const grid = () => t.page.locator('.screen-grid[data-form="invoices"]').first();
const run = async (cmd: string, args: string[]) => (await promisify(execFile)(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout;

describe('Send by mail…', () => {
  it('mails a picked invoice to another address in German, with its PDF', async () => {
    const db = t.server.db;
    // An issued invoice of SK01 whose customer has an address for invoices (or whose order has one): what the dialog offers first.
    const inv = (
      await db.query<{ invoice_id: number; invoice_number: string; order_id: number; to: string[]; order_email: string | null; language_code: string }>(
        `select i.invoice_id, i.invoice_number, i.order_id, app.partner_mail_to(i.partner_id, 'invoices') as to, nullif(btrim(o.email), '') as order_email,
                app.mail_language(i.company_code, i.partner_id, i.language_code) as language_code
         from app.invoices i join app.sales_orders o on o.order_id = i.order_id
         where i.company_code = 'SK01' and i.kind = 'invoice' and i.issued_at is not null
         order by i.invoice_id limit 1`,
      )
    ).rows[0]!;
    const expected = inv.to.length ? inv.to.join(', ') : (inv.order_email ?? '');
    const to = `buchhaltung-${Date.now()}@kunde-e2e.example`;

    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/finance/invoices`);
    const row = grid().locator(`[role=row][data-key="${inv.invoice_id}"]`);
    await t.page.getByRole('textbox', { name: de['fields.invoice_number'] }).fill(inv.invoice_number);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    const box = row.getByRole('checkbox');
    await box.click();
    await expect.poll(() => box.getAttribute('aria-checked')).toBe('true');

    await t.page.getByRole('button', { name: de['document_mail.action'] }).click();
    const dialog = t.page.getByRole('dialog');
    const address = dialog.getByRole('textbox', { name: de['document_mail.to'] });
    await expect.poll(() => address.inputValue(), { timeout: 10_000 }).toBe(expected);
    expect(await dialog.getByRole('radio', { name: `Rechnung ${inv.invoice_number}` }).isChecked()).toBe(true);
    expect(await dialog.getByRole('combobox', { name: de['document_mail.language'] }).inputValue()).toBe(inv.language_code);

    // An address the rule refuses: said at the field, nothing queued, the text stays as typed.
    const queued = async () => Number((await db.query<{ n: number }>('select count(*)::int as n from app.mail_outbox where $1 = any(recipients)', [to])).rows[0]!.n);
    await address.fill(`${to}, kein-at.example`);
    await dialog.getByRole('button', { name: de['document_mail.send'], exact: true }).click();
    await expect.poll(() => address.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('alert').innerText()).toBe(said('document_mail.bad_address', { address: 'kein-at.example', problem: de['validation.invalidEmail']! }));
    expect(await address.inputValue()).toBe(`${to}, kein-at.example`);
    expect(await queued()).toBe(0);

    await address.fill(to);
    await dialog.getByRole('combobox', { name: de['document_mail.language'] }).selectOption('de');
    await dialog.getByRole('textbox', { name: de['document_mail.message'] }).fill('Guten Tag,\n\nanbei die Rechnung.');
    await dialog.getByRole('button', { name: de['document_mail.send'], exact: true }).click();
    const status = dialog.getByRole('status');
    await expect.poll(() => status.count(), { timeout: 10_000 }).toBe(1);
    const company = (await db.query<{ company_name: string }>(`select company_name from app.companies where company_code = 'SK01'`)).rows[0]!.company_name;
    const subject = `Rechnung ${inv.invoice_number} – ${company}`;
    expect(await status.innerText()).toBe(said('document_mail.queued', { subject, to }));
    expect(await dialog.getByRole('link', { name: de['document_mail.open_outbox'] }).getAttribute('href')).toBe('/de/ai_content/email_list/outbox');
    await dialog.getByRole('button', { name: de['document_mail.close'], exact: true }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);

    // The server's outbox sends it (MAIL_TICK_MS 200): the invoice's PDF in German, its title read back.
    const mine = () => sink!.messages.filter((m) => m.to.includes(to));
    await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(1);
    const mail = await PostalMime.parse(mine()[0]!.raw);
    expect(mail.subject).toBe(subject);
    expect(mail.text?.trim()).toBe('Guten Tag,\n\nanbei die Rechnung.');
    expect(mail.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      [`Rechnung ${inv.invoice_number}.pdf`, 'application/pdf'],
      [`${inv.invoice_number}.xml`, 'application/xml'],
    ]);
    const pdf = join(dir, 'invoice.pdf');
    writeFileSync(pdf, new Uint8Array(mail.attachments[0]!.content as ArrayBuffer));
    expect((await run('pdftotext', ['-raw', '-enc', 'UTF-8', pdf, '-'])).replace(/\s+/g, ' ')).toContain(`Rechnung ${inv.invoice_number}`);
    // Its order keeps the German copy, filled with the PDF the mail carried.
    await expect
      .poll(
        async () =>
          (await db.query(`select content is not null as drawn from app.sales_order_documents where order_id = $1 and generated_key = $2`, [inv.order_id, `invoice:${inv.invoice_id}:de`])).rows,
      )
      .toEqual([{ drawn: true }]);
  }, 90_000);
});
