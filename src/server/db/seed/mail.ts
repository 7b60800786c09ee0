import type { Queryable } from '../types.ts';
import { insertRows } from './insert.ts';

/**
 * Demo Mail for AI (migration 065): four IMAP labels and seven stored messages, one in each
 * language, as a past synchronisation left them (folder INBOX, UIDVALIDITY 1), so
 * /ai_content/email_list has data without a mail server. A sync against a real mailbox
 * replaces them: its UIDVALIDITY is another, so these UIDs mean nothing there.
 */
const labels = [
  { imap_label: 'Invoice', description: 'Invoices and payment questions', color: '#16a34a' },
  { imap_label: 'Complaint', description: 'Complaints and returns', color: '#dc2626' },
  { imap_label: 'Supplier', description: 'Mail from suppliers', color: '#9333ea' },
  { imap_label: 'Urgent', description: 'Answer today', color: '#ea580c' },
];

interface DemoMail {
  sender: string;
  subject: string;
  date: string;
  flags: string[];
  body: string;
}

const mails: DemoMail[] = [
  {
    sender: 'Emma Clarke <emma.clarke@example.com>',
    subject: 'Missing item in order 2026-00412',
    date: '2026-11-20T08:14:00Z',
    flags: ['\\Seen', 'Complaint'],
    body: 'Hello,\n\nmy order 2026-00412 arrived yesterday, but the garden hose reel was not in the parcel. Could you send it, or refund it?\n\nThank you,\nEmma Clarke',
  },
  {
    sender: 'Jonas Becker <j.becker@example.de>',
    subject: 'Rechnung 4711 – Zahlungsziel',
    date: '2026-11-19T13:02:00Z',
    flags: ['Invoice'],
    body: 'Guten Tag,\n\nkönnen Sie das Zahlungsziel der Rechnung 4711 auf 30 Tage verlängern? Die Ware ist vollständig angekommen.\n\nMit freundlichen Grüßen\nJonas Becker',
  },
  {
    sender: 'Kovács Anna <anna.kovacs@example.hu>',
    subject: 'Szállítási idő kérdés',
    date: '2026-11-18T10:40:00Z',
    flags: ['\\Seen'],
    body: 'Jó napot!\n\nMennyi idő alatt érkezik meg a kerti bútor Debrecenbe, ha ma rendelem?\n\nKöszönöm,\nKovács Anna',
  },
  {
    sender: 'Peter Novák <novak@example.sk>',
    subject: 'Cenová ponuka na 200 ks',
    date: '2026-11-17T09:05:00Z',
    flags: ['Supplier'],
    body: 'Dobrý deň,\n\nposielame cenovú ponuku na 200 ks záhradných svietidiel. Platnosť ponuky je do konca mesiaca.\n\nS pozdravom\nPeter Novák',
  },
  {
    sender: 'Ioana Popescu <ioana.popescu@example.ro>',
    subject: 'Retur produs deteriorat',
    date: '2026-11-16T16:22:00Z',
    flags: ['\\Seen', '\\Answered', 'Complaint'],
    body: 'Bună ziua,\n\nscaunul primit are un picior rupt. Cum pot returna produsul?\n\nMulțumesc,\nIoana Popescu',
  },
  {
    sender: 'Jana Dvořáková <jana.dvorakova@example.cz>',
    subject: 'Dotaz na skladovou dostupnost',
    date: '2026-11-15T11:48:00Z',
    flags: ['Urgent'],
    body: 'Dobrý den,\n\nmáte skladem 40 kusů zahradních lavic? Potřebovali bychom je do pátku.\n\nDěkuji,\nJana Dvořáková',
  },
  {
    sender: 'Георги Иванов <g.ivanov@example.bg>',
    subject: 'Въпрос за фактура',
    date: '2026-11-14T07:30:00Z',
    flags: ['\\Seen', 'Invoice'],
    body: 'Здравейте,\n\nможе ли да ни изпратите фактурата за поръчка 2026-00388 отново? Не я намираме.\n\nПоздрави,\nГеорги Иванов',
  },
];

export async function seedMail(tx: Queryable): Promise<void> {
  await insertRows(
    tx,
    'app.imap_labels',
    [
      ['imap_label', 'text'],
      ['description', 'text'],
      ['color', 'text'],
    ],
    labels,
  );
  await insertRows(
    tx,
    'app.emails',
    [
      ['mailbox', 'text'],
      ['uidvalidity', 'bigint'],
      ['uid', 'bigint'],
      ['message_id', 'text'],
      ['subject', 'text'],
      ['sender', 'text'],
      ['sender_address', 'text'],
      ['date', 'timestamptz'],
      ['size', 'int'],
      ['flags', 'text[]'],
      ['body_text', 'text'],
    ],
    mails.map((m, i) => ({
      mailbox: 'INBOX',
      uidvalidity: 1,
      uid: i + 1,
      message_id: `<demo-${i + 1}@example.invalid>`,
      subject: m.subject,
      sender: m.sender,
      sender_address: /<([^>]+)>/.exec(m.sender)![1],
      date: m.date,
      size: 600 + Buffer.byteLength(m.body),
      flags: m.flags,
      body_text: m.body,
    })),
  );
}
