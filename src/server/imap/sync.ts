/**
 * Synchronising the mailbox of IMAP_URL into app.emails (migration 065): the newest
 * `limit` messages of its folder, each kept by (folder, UIDVALIDITY, UID). A message new to
 * the database has its source read (up to `maxBytes`) and parsed once (body.ts); one known
 * has its flags and size brought up to date; rows of messages gone from the window (expunged,
 * moved, or older than the newest `limit`) are removed. A new UIDVALIDITY (the folder was
 * recreated) makes every stored UID meaningless: the folder's rows are replaced.
 *
 * The IMAP reads run outside any transaction (a slow server holds no lock and, on PGlite, not
 * the one connection); the database is written in one transaction at the end. Two syncs at
 * once are harmless: inserts skip a (folder, UIDVALIDITY, UID) already stored.
 */
import type { ImapFlow } from 'imapflow';
import type { Db } from '../db/types.ts';
import { withImap } from './client.ts';
import { parseMail, pgText } from './body.ts';

export interface SyncOptions {
  /** The newest messages kept at most (default 500). */
  limit?: number;
  /** A message's source read at most (default 2 MiB); the rest of a larger one is not read. */
  maxBytes?: number;
}

export interface SyncResult {
  /** The folder read. */
  mailbox: string;
  added: number;
  updated: number;
  removed: number;
}

interface Listed {
  uid: number;
  size: number;
  flags: string[];
  subject: string;
  sender: string;
  senderAddress: string;
  messageId: string;
  date: string;
}

/** The flags as stored: sorted, so a change of order is no change; without \Recent, which says only who opened the folder first this time. */
export const flagList = (flags: Set<string> | undefined): string[] =>
  [...(flags ?? [])]
    .filter((f) => f !== '\\Recent')
    .map((f) => pgText(f, 200))
    .sort();

const iso = (d: Date | string | undefined): string | null => {
  const t = d ? new Date(d) : null;
  return t && !Number.isNaN(t.getTime()) ? t.toISOString() : null;
};

/** The newest `limit` messages' UID, size, flags and envelope. */
async function listMessages(client: ImapFlow, exists: number, limit: number): Promise<Listed[]> {
  if (exists === 0) return [];
  const out: Listed[] = [];
  const range = `${Math.max(1, exists - limit + 1)}:*`;
  for await (const m of client.fetch(range, { uid: true, flags: true, size: true, envelope: true, internalDate: true })) {
    const from = m.envelope?.from?.[0];
    out.push({
      uid: m.uid,
      size: m.size ?? 0,
      flags: flagList(m.flags),
      subject: pgText(m.envelope?.subject, 1000),
      sender: pgText(from ? (from.name ? `${from.name} <${from.address ?? ''}>` : (from.address ?? '')) : '', 500),
      senderAddress: pgText(from?.address, 320),
      messageId: pgText(m.envelope?.messageId, 1000),
      date: iso(m.envelope?.date) ?? iso(m.internalDate) ?? new Date().toISOString(),
    });
  }
  return out;
}

export async function syncMailbox(db: Db, imapUrl: string, opts: SyncOptions = {}): Promise<SyncResult> {
  const limit = opts.limit ?? 500;
  const maxBytes = opts.maxBytes ?? 2 * 1024 * 1024;
  const read = await withImap(imapUrl, async (client, target) => {
    const lock = await client.getMailboxLock(target.mailbox, { readOnly: true });
    try {
      const box = client.mailbox;
      if (!box) throw new Error('no mailbox selected');
      const uidvalidity = String(box.uidValidity);
      const listed = await listMessages(client, box.exists, limit);
      const known = new Set(
        (await db.query<{ uid: string }>('select uid::text as uid from app.emails where mailbox = $1 and uidvalidity = $2::bigint', [target.mailbox, uidvalidity])).rows.map((r) => Number(r.uid)),
      );
      const fresh = listed.filter((m) => !known.has(m.uid));
      const bodies = new Map<number, Awaited<ReturnType<typeof parseMail>>>();
      if (fresh.length) {
        const sources: { uid: number; source: Buffer }[] = [];
        for await (const m of client.fetch(fresh.map((m) => m.uid).join(','), { uid: true, source: { maxLength: maxBytes } }, { uid: true })) {
          if (m.source) sources.push({ uid: m.uid, source: m.source });
        }
        for (const s of sources) bodies.set(s.uid, await parseMail(s.source));
      }
      return { mailbox: target.mailbox, uidvalidity, listed, fresh, bodies };
    } finally {
      lock.release();
    }
  });
  return db.transaction(async (tx) => {
    const { mailbox, uidvalidity, listed, fresh, bodies } = read;
    const gone = await tx.query('delete from app.emails where mailbox = $1 and (uidvalidity <> $2::bigint or not (uid = any($3::bigint[])))', [mailbox, uidvalidity, listed.map((m) => m.uid)]);
    let added = 0;
    if (fresh.length) {
      const rows = fresh.map((m) => {
        const b = bodies.get(m.uid);
        return {
          uid: m.uid,
          message_id: b?.messageId || m.messageId,
          subject: b?.subject || m.subject,
          sender: b?.sender || m.sender,
          sender_address: b?.senderAddress || m.senderAddress,
          date: b?.date ?? m.date,
          size: m.size,
          flags: m.flags,
          body_text: b?.text ?? '',
          body_html: b?.html ?? '',
        };
      });
      const r = await tx.query(
        `insert into app.emails (mailbox, uidvalidity, uid, message_id, subject, sender, sender_address, date, size, flags, body_text, body_html)
         select $1, $2::bigint, r.uid, r.message_id, r.subject, r.sender, r.sender_address, r.date, r.size,
                array(select jsonb_array_elements_text(r.flags)), r.body_text, r.body_html
         from jsonb_to_recordset($3::jsonb) as r(uid bigint, message_id text, subject text, sender text, sender_address text, date timestamptz, size int, flags jsonb, body_text text, body_html text)
         on conflict (mailbox, uidvalidity, uid) do nothing
         returning email_id`,
        [mailbox, uidvalidity, JSON.stringify(rows)],
      );
      added = r.rows.length;
    }
    const freshUids = new Set(fresh.map((m) => m.uid));
    const changed = listed.filter((m) => !freshUids.has(m.uid)).map((m) => ({ uid: m.uid, size: m.size, flags: m.flags }));
    let updated = 0;
    if (changed.length) {
      const r = await tx.query(
        `update app.emails e set flags = array(select jsonb_array_elements_text(r.flags)), size = r.size, synced_at = now()
         from jsonb_to_recordset($3::jsonb) as r(uid bigint, size int, flags jsonb)
         where e.mailbox = $1 and e.uidvalidity = $2::bigint and e.uid = r.uid
           and (e.flags is distinct from array(select jsonb_array_elements_text(r.flags)) or e.size <> r.size)
         returning e.email_id`,
        [mailbox, uidvalidity, JSON.stringify(changed)],
      );
      updated = r.rows.length;
    }
    return { mailbox, added, updated, removed: gone.rowCount };
  });
}
