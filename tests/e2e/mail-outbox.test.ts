/**
 * The Outbox in the browser (issue 47), as the admin in Slovak: /sk/ai_content/email_list/outbox
 * lists the company's queued mail; "Náhľad" shows the picked mail's recipients, text and its
 * attachment's name; "Zrušiť odoslanie" asks, then cancels it (its status cell says so);
 * "Odoslať znova" queues it again.
 */
import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { enqueueMail } from '../../src/server/mail/enqueue.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const sk = JSON.parse(readFileSync('locales/sk.json', 'utf8')) as Record<string, string>;
const said = (key: string, values: Record<string, number>) => new IntlMessageFormat(sk[key]!, 'sk').format(values) as string;

const t = browserSuite({ width: 1800, height: 1000 });
const { grid, bodyRows, row, cell } = gridPage(
  () => t.page,
  () => t.server,
);

describe('outbox', () => {
  it('previews, cancels and queues again a mail of the company (Slovak)', async () => {
    const subject = `Faktúra FA-E2E-${Date.now()}`;
    const id = await t.server.db.transaction((tx) =>
      enqueueMail(tx, {
        company: 'SK01',
        to: ['zakaznik@example.sk'],
        language: 'sk',
        subject,
        text: 'Dobrý deň,\n\nv prílohe posielame faktúru.',
        source: { type: 'sales_order', id: 0 },
        attachments: [{ filename: 'faktura.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n%e2e\n') }],
      }),
    );
    await signIn(t.page, t.server.url, 'admin@example.com', 'sk');
    await t.page.goto(`${t.server.url}/sk/ai_content/email_list/outbox`);
    await expect.poll(() => t.page.locator('h1.page-title').innerText()).toBe(sk['screens.mail_outbox.title']);
    await grid().locator('[data-filter-field="subject"] input').fill(subject);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBe(1);
    const key = String(id);
    expect(await cell(key, 'status').innerText()).toBe(sk['options.mail_status.pending']);
    expect(await cell(key, 'attachment_names').innerText()).toBe('faktura.pdf');
    const pick = row(key).getByRole('checkbox', { name: sk['grid.select_row'] });
    await pick.click();

    // The preview: recipients, text and the attachment's name.
    await t.page.getByRole('button', { name: sk['outbox.preview'], exact: true }).click();
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe(subject);
    expect(await dialog.locator('.email-meta').innerText()).toContain('zakaznik@example.sk');
    expect(await dialog.locator('.mail-preview-attachments').innerText()).toContain('faktura.pdf');
    expect(await dialog.locator('.email-body-text').innerText()).toBe('Dobrý deň,\n\nv prílohe posielame faktúru.');
    await dialog.getByRole('button', { name: sk['common.close'], exact: true }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);

    // Cancelled after the question; the row says so.
    await t.page.getByRole('button', { name: new RegExp(`^${sk['outbox.cancel']}`) }).click();
    const question = t.page.getByRole('alertdialog').or(t.page.getByRole('dialog'));
    await expect.poll(() => question.getByRole('heading').innerText()).toBe(sk['outbox.cancel_title']);
    await question.getByRole('button', { name: sk['outbox.cancel'], exact: true }).click();
    await expect.poll(() => t.page.locator('.toast-success').last().innerText(), { timeout: 10_000 }).toContain(said('outbox.cancelled', { count: 1 }));
    await expect.poll(() => cell(key, 'status').innerText(), { timeout: 10_000 }).toBe(sk['options.mail_status.cancelled']);
    expect((await t.server.db.query<{ status: string }>('select status from app.mail_outbox where mail_id = $1', [id])).rows[0]!.status).toBe('cancelled');

    // Queued again.
    if (!(await pick.isChecked())) await pick.click();
    await t.page.getByRole('button', { name: new RegExp(`^${sk['outbox.resend']}`) }).click();
    await expect.poll(() => t.page.locator('.toast-success').last().innerText(), { timeout: 10_000 }).toContain(said('outbox.resent', { count: 1 }));
    await expect.poll(() => cell(key, 'status').innerText(), { timeout: 10_000 }).toBe(sk['options.mail_status.pending']);
    expect((await t.server.db.query<{ status: string; attempts: number }>('select status, attempts from app.mail_outbox where mail_id = $1', [id])).rows[0]).toEqual({
      status: 'pending',
      attempts: 0,
    });
    await t.server.db.query('delete from app.mail_outbox where mail_id = $1', [id]); // the shared server's other suites find no mail of this one waiting
  }, 90_000);
});
