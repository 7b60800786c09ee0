/**
 * Order to cash in the browser (issue 47), in English and German — the part built so far: an
 * order of a customer writing in the language is confirmed, partly paid (Record payment's
 * amount), reminded, paid and shipped by its row's buttons — its receivable open, partly paid, closed;
 * the server's own outbox sends the mails to a local SMTP sink, each with its
 * documents (migration 130): the confirmation with its PDF, the invoice with its PDF and UBL
 * e-invoice (pdftotext, xmllint), the shipping note with the delivery note; the order keeps
 * the confirmation, the invoice and the delivery note on its Documents tab. A purchase order
 * sent to its supplier from New purchase orders goes with its PDF, in the supplier's German.
 * Between the payments the overdue receivable is reminded from the Cash flow grid (its row says
 * "partly paid", at the end "closed"); the reminder mail carries the invoice. The purchase order,
 * confirmed, is received by its row's button and its payable shows in Cash flow, open. The
 * shipped order's CMR note is added on the CMR screen by picking the order (consignee and the
 * invoice's number from it) and printed: its PDF holds the full addresses.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import PostalMime from 'postal-mime';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../api/smtpSink.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';
import { JOURNEY_LANGS, journeyKit, words } from './journeys.ts';

let sink: SmtpSink | undefined;
const t = browserSuite({ width: 1600, height: 1000 }, async () => {
  sink = await startSmtpSink();
  return { smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailTickMs: 200 };
});
const dir = mkdtempSync(join(tmpdir(), 'bo-o2c-'));
afterAll(async () => {
  await sink?.close();
  rmSync(dir, { recursive: true, force: true });
});
const { bodyRows, row, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const kit = journeyKit(() => t.server);
const run = async (cmd: string, args: string[]) => (await promisify(execFile)(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout;
let n = 0;
const saved = (content: ArrayBuffer | Uint8Array | string, ext: string) => {
  const path = join(dir, `${++n}.${ext}`);
  writeFileSync(path, typeof content === 'string' ? content : new Uint8Array(content));
  return path;
};
const pdfText = async (content: ArrayBuffer | Uint8Array | string) => (await run('pdftotext', ['-raw', '-enc', 'UTF-8', saved(content, 'pdf'), '-'])).replace(/\s+/g, ' ');

const TITLES = {
  en: { confirmation: 'Order confirmation', invoice: 'Invoice', delivery: 'Delivery note' },
  de: { confirmation: 'Auftragsbestätigung', invoice: 'Rechnung', delivery: 'Lieferschein' },
} as const;

describe('order to cash', () => {
  JOURNEY_LANGS.forEach((lang, i) => {
    it(`confirms, partly pays, pays and ships an order in the browser; reminded from Cash flow; its mails carry their documents (${lang})`, async () => {
      const db = t.server.db;
      const p = await kit.productWith(70 + i, 10);
      const to = `kunde-${lang}-${Date.now()}@o2c.example`;
      const partner = (
        await db.query<{ partner_id: number }>(`insert into app.partners (company_code, partner_name, email, language_code) values ('SK01', $1, $2, $3) returning partner_id`, [
          `Order to cash ${lang} ${Date.now()}`,
          to,
          lang,
        ])
      ).rows[0]!.partner_id;
      const o = (
        await db.query<{ order_id: number; fsm_reference: string; fsm_instance_id: number }>(
          `insert into app.sales_orders (company_code, partner_id, currency_code, email, language_code) values ('SK01', $1, 'EUR', $2, $3) returning order_id, fsm_reference, fsm_instance_id::int`,
          [partner, to, lang],
        )
      ).rows[0]!;
      await db.query(`insert into app.sales_order_items (order_id, product_code, quantity, unit_price, vat_rate) values ($1, $2, 2, 50, 20)`, [o.order_id, p.product_code]);
      await db.query(
        `insert into app.partner_addresses (partner_id, address_name, address_line_1, address_house_no, zip_code, city, country_code, first_name, last_name)
         values ($1, 'Delivery', 'Lange Straße', '12', '80331', 'München', 'DE', 'Erika', 'Musterfrau')`,
        [partner],
      );

      await signIn(t.page, t.server.url, 'admin@example.com', lang);
      await t.page.goto(`${t.server.url}/${lang}/sales/sales_orders`);
      await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await t.page.locator('[data-filter-field="fsm_reference"] input').fill(o.fsm_reference);
      const key = String(o.order_id);
      await expect.poll(() => row(key).count()).toBe(1);
      const dialog = t.page.getByRole('dialog');
      const move = async (event: string, state: string, amount?: string) => {
        await cell(key, 'fsm_actions').locator(`[data-action=fsm][data-event=${event}]`).click();
        await expect.poll(() => dialog.count(), { message: event }).toBe(1);
        if (amount) await dialog.locator('input[name=amount]').fill(amount);
        await dialog.locator('.dialog-buttons .btn').last().click();
        await expect.poll(() => dialog.count(), { message: event }).toBe(0);
        await expect.poll(() => kit.stateOf(o.fsm_instance_id), { message: event }).toBe(state);
      };
      /** The receivable: its amount less what was paid, and whether its workflow ended. */
      const receivable = async () =>
        (
          await db.query<{ open: number; final: boolean }>(
            `select (c.amount - coalesce((select sum(x.amount) from app.cashflow_payments x where x.cashflow_id = c.cashflow_id), 0))::float8 as open, s.final_state as final
             from app.cashflow_items c join app.fsm_instances i on i.fsm_instance_id = c.fsm_instance_id join app.fsm_states s on s.state_id = i.state_id
             where c.order_id = $1 and c.type_code = 'customer_invoice'`,
            [o.order_id],
          )
        ).rows[0];
      await move('confirm', 'waiting_for_payment');
      await expect.poll(receivable).toEqual({ open: 120, final: false });
      // Partly paid in the Record payment dialog: the order still waits, the receivable is open for the rest.
      await move('pay', 'waiting_for_payment', '40');
      await expect.poll(receivable).toEqual({ open: 80, final: false });

      // Its term passed (the scheduler's `expire`); reminded from the Cash flow grid, whose row says "partly paid".
      const item = await kit.one<{ cashflow_id: number; fsm_instance_id: number }>(
        `select cashflow_id, fsm_instance_id::int from app.cashflow_items where order_id = $1 and type_code = 'customer_invoice'`,
        [o.order_id],
      );
      await kit.fire('expire', item.fsm_instance_id);
      const cashflow = async () => {
        await t.page.goto(`${t.server.url}/${lang}/finance/cashflow`);
        await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
        await t.page.locator('[data-filter-field="order_reference"] input').fill(o.fsm_reference);
        await expect.poll(() => row(String(item.cashflow_id)).count()).toBe(1);
        await expect.poll(() => bodyRows().count()).toBe(1);
      };
      await cashflow();
      await expect.poll(() => cell(String(item.cashflow_id), 'payment_status').innerText()).toBe(words(lang)['options.payment_status.partly_paid']);
      // "Send a reminder" has no row button: the row picked, the toolbar's workflow menu.
      await row(String(item.cashflow_id))
        .getByRole('checkbox', { name: words(lang)['grid.select_row'] })
        .click();
      await t.page.locator('.screen-grid[data-form="cashflow"] > .grid-toolbar .grid-workflow').click();
      await t.page.locator('.grid-workflow-menu [role=menuitem][data-event=remind]').click();
      await expect.poll(() => dialog.count(), { message: 'remind' }).toBe(1);
      await dialog.locator('.dialog-buttons .btn').last().click();
      await expect.poll(() => dialog.count(), { message: 'remind' }).toBe(0);
      await expect.poll(() => kit.stateOf(item.fsm_instance_id)).toBe('reminded');

      // The rest paid from the order: it is paid, its receivable closed — and the Cash flow grid says so.
      await t.page.goto(`${t.server.url}/${lang}/sales/sales_orders`);
      await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await t.page.locator('[data-filter-field="fsm_reference"] input').fill(o.fsm_reference);
      await expect.poll(() => row(key).count()).toBe(1);
      await move('pay', 'paid');
      await expect.poll(receivable).toEqual({ open: 0, final: true });
      await cashflow();
      await expect.poll(() => cell(String(item.cashflow_id), 'payment_status').innerText()).toBe(words(lang)['options.payment_status.closed']);
      await t.page.goto(`${t.server.url}/${lang}/sales/sales_orders`);
      await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await t.page.locator('[data-filter-field="fsm_reference"] input').fill(o.fsm_reference);
      await expect.poll(() => row(key).count()).toBe(1);
      await move('ship', 'shipped');
      const inv = (await db.query<{ invoice_number: string }>(`select invoice_number from app.invoices where order_id = $1 and kind = 'invoice'`, [o.order_id])).rows[0]!;

      // The server's outbox sends them (MAIL_TICK_MS 200): four mails to the customer — the reminder carries the invoice.
      const mine = () => sink!.messages.filter((m) => m.to.includes(to));
      await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(4);
      const mails = await Promise.all(mine().map((m) => PostalMime.parse(m.raw)));
      const names = mails.map((m) => m.attachments.map((a) => a.filename)).sort((a, b) => a.join().localeCompare(b.join()));
      const w = TITLES[lang];
      expect(names).toEqual(
        [
          [`${w.confirmation} ${o.fsm_reference}.pdf`],
          [`${w.invoice} ${inv.invoice_number}.pdf`, `${inv.invoice_number}.xml`],
          [`${w.invoice} ${inv.invoice_number}.pdf`],
          [`${w.delivery} ${o.fsm_reference}.pdf`],
        ].sort((a, b) => a.join().localeCompare(b.join())),
      );
      const file = (name: string) => mails.flatMap((m) => m.attachments).find((a) => a.filename === name)!.content;
      expect(await pdfText(file(`${w.confirmation} ${o.fsm_reference}.pdf`))).toContain(`${w.confirmation} ${o.fsm_reference}`);
      const invoiceText = await pdfText(file(`${w.invoice} ${inv.invoice_number}.pdf`));
      expect(invoiceText).toContain(`${w.invoice} ${inv.invoice_number}`);
      expect(invoiceText).toContain(o.fsm_reference);
      await run('xmllint', ['--noout', saved(file(`${inv.invoice_number}.xml`), 'xml')]);
      expect(await pdfText(file(`${w.delivery} ${o.fsm_reference}.pdf`))).toContain(`${w.delivery} ${o.fsm_reference}`);

      // Kept on the order's Documents tab.
      const kept = await db.query<{ doc_type: string }>('select doc_type from app.sales_order_documents where order_id = $1 and generated_key is not null order by doc_type', [o.order_id]);
      expect(kept.rows.map((r) => r.doc_type)).toEqual(['delivery_note', 'invoice', 'order_confirmation']);

      // Shipped: its CMR note added on the CMR screen by picking the order — the consignee, the
      // place of delivery and the invoice's number come from it — and printed as the A4 form,
      // whose PDF holds the full addresses.
      await t.page.goto(`${t.server.url}/${lang}/sales/cmr`);
      await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await t.page.getByRole('button', { name: words(lang)['common.add'], exact: true }).click();
      const order = dialog.getByRole('combobox', { name: words(lang)['fields.sales_order'] });
      await order.fill(o.fsm_reference);
      await dialog.getByRole('option', { name: new RegExp(o.fsm_reference) }).click();
      await dialog.getByRole('button', { name: words(lang)['common.save'], exact: true }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      const note = await kit.one<{ cmr_id: number; cmr_number: string; consignee: string; invoice_no: string }>(
        'select cmr_id, cmr_number, consignee, invoice_no from app.cmr_notes where order_id = $1',
        [o.order_id],
      );
      expect(note.invoice_no).toBe(inv.invoice_number);
      expect(note.consignee.split('\n')).toEqual([expect.stringContaining(`Order to cash ${lang}`), 'Erika Musterfrau', 'Lange Straße 12', '80331 München', 'DE']);
      await cell(String(note.cmr_id), 'print_url').locator('a').click();
      await expect.poll(() => t.page.locator('.print-form [data-box]').count(), { timeout: 10_000 }).toBe(24);
      const [cmr] = await Promise.all([t.page.waitForEvent('download'), t.page.locator('.print-actions.no-print button').click()]);
      expect(cmr.suggestedFilename()).toBe(`${note.cmr_number}.pdf`);
      const cmrText = (await run('pdftotext', ['-layout', '-enc', 'UTF-8', (await cmr.path())!, '-'])).split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
      for (const line of note.consignee.split('\n'))
        expect(
          cmrText.some((l) => l.startsWith(line)),
          line,
        ).toBe(true);
      expect(cmrText.join(' ')).toContain(inv.invoice_number);
    }, 120_000);
  });

  it('sends a purchase order to its supplier from New purchase orders with its PDF in the supplier’s language; received by its row’s button, its payable is open in Cash flow', async () => {
    const db = t.server.db;
    const to = `verkauf-${Date.now()}@lieferant-o2c.example`;
    const supplier = (
      await db.query<{ partner_id: number }>(`insert into app.partners (company_code, partner_name, email, language_code, is_supplier) values ('SK01', $1, $2, 'de', true) returning partner_id`, [
        `Lieferant ${Date.now()}`,
        to,
      ])
    ).rows[0]!.partner_id;
    const po = (
      await db.query<{ po_id: number; fsm_reference: string; fsm_instance_id: number }>(
        `insert into app.purchase_orders (company_code, partner_id, currency_code) values ('SK01', $1, 'EUR') returning po_id, fsm_reference, fsm_instance_id::int`,
        [supplier],
      )
    ).rows[0]!;
    const p = await kit.productWith(80, 10);
    await db.query('insert into app.purchase_order_items (po_id, product_code, quantity, unit_price) values ($1, $2, 12, 3.5)', [po.po_id, p.product_code]);

    await signIn(t.page, t.server.url, 'admin@example.com', 'en');
    await t.page.goto(`${t.server.url}/en/purchasing/new_purchase_order`);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const key = String(po.po_id);
    await expect.poll(() => row(key).count()).toBe(1);
    await cell(key, 'fsm_actions').locator('[data-action=fsm][data-event=order]').click();
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.locator('.dialog-buttons .btn').last().click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => kit.stateOf(po.fsm_instance_id)).toBe('ordered');

    const mine = () => sink!.messages.filter((m) => m.to.includes(to));
    await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(1);
    const mail = await PostalMime.parse(mine()[0]!.raw);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`Bestellung ${po.fsm_reference}.pdf`]);
    expect(await pdfText(mail.attachments[0]!.content)).toContain(`Bestellung ${po.fsm_reference}`);
    const kept = await db.query<{ doc_type: string }>('select doc_type from app.purchase_order_documents where po_id = $1 and generated_key is not null', [po.po_id]);
    expect(kept.rows).toEqual([{ doc_type: 'purchase_order' }]);

    // The supplier confirms; the goods are received by the row's button on Purchase orders; the payable appears in Cash flow.
    await kit.fire('confirm', po.fsm_instance_id);
    await t.page.goto(`${t.server.url}/en/purchasing/purchase_orders`);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await t.page.locator('[data-filter-field="fsm_reference"] input').fill(po.fsm_reference);
    await expect.poll(() => row(key).count()).toBe(1);
    await cell(key, 'fsm_actions').locator('[data-action=fsm][data-event=receive]').click();
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.locator('.dialog-buttons .btn').last().click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => kit.stateOf(po.fsm_instance_id)).toBe('received');
    const payable = await kit.one<{ cashflow_id: number; amount: string }>('select cashflow_id, amount::text from app.cashflow_items where po_id = $1', [po.po_id]);
    expect(Number(payable.amount)).toBe(42);
    await t.page.goto(`${t.server.url}/en/finance/cashflow`);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The grid restores its last filter (the orders' tests filtered by order): cleared, then by the purchase order.
    await t.page.locator('[data-filter-field="order_reference"] input').fill('');
    await t.page.locator('[data-filter-field="po_reference"] input').fill(po.fsm_reference);
    await expect.poll(() => bodyRows().count()).toBe(1);
    // The grid's rows as they are now (no wait on one element: the row is drawn again as its live values arrive).
    const shown = () => bodyRows().evaluateAll((els) => els.map((e) => `${e.getAttribute('data-key')}: ${e.querySelector('[data-field=payment_status]')?.textContent ?? ''}`));
    await expect.poll(shown).toEqual([`${payable.cashflow_id}: ${words('en')['options.payment_status.open']}`]);
  }, 120_000);
});
