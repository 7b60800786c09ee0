/**
 * Labels applied back to the server: a label (app.imap_labels) is an IMAP keyword, set and
 * unset with UID STORE +FLAGS / -FLAGS on the message, so every mail client sees it (as a
 * tag in Thunderbird and most clients). Only the labels of the labels page are set or unset
 * here — never \Deleted or the other system flags. The stored row then takes the flags the
 * server answers.
 */
import type { Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { withImap } from './client.ts';
import { flagList } from './sync.ts';

interface StoredMail {
  email_id: number;
  mailbox: string;
  uidvalidity: string;
  uid: string;
}

/** The stored message, or 404. */
async function storedMail(db: Queryable, emailId: number): Promise<StoredMail> {
  const r = await db.query<StoredMail>('select email_id::int, mailbox, uidvalidity::text, uid::text from app.emails where email_id = $1', [emailId]);
  if (!r.rows[0]) throw new HttpError(404, 'not_found', `payload.email_id: message ${emailId} does not exist`);
  return r.rows[0];
}

/** 404 unless every label is on the labels page. */
async function checkLabels(db: Queryable, labels: string[]): Promise<void> {
  if (!labels.length) return;
  const r = await db.query<{ imap_label: string }>('select imap_label from app.imap_labels where imap_label = any($1::text[])', [labels]);
  const have = new Set(r.rows.map((x) => x.imap_label));
  const missing = labels.find((l) => !have.has(l));
  if (missing !== undefined) throw new HttpError(404, 'not_found', `payload: label "${missing}" is not on the labels page`);
}

export async function applyLabels(db: Queryable, imapUrl: string, emailId: number, add: string[], remove: string[]): Promise<string[]> {
  await checkLabels(db, [...add, ...remove]);
  const mail = await storedMail(db, emailId);
  const flags = await withImap(imapUrl, async (client) => {
    const lock = await client.getMailboxLock(mail.mailbox);
    try {
      // A folder recreated since the sync numbers its messages anew: this UID is another message or none.
      if (String(client.mailbox && client.mailbox.uidValidity) !== mail.uidvalidity) throw new HttpError(409, 'stale_row', 'The mailbox changed since it was synchronised: synchronise again');
      if (add.length) await client.messageFlagsAdd(mail.uid, add, { uid: true });
      if (remove.length) await client.messageFlagsRemove(mail.uid, remove, { uid: true });
      const now = await client.fetchOne(mail.uid, { uid: true, flags: true }, { uid: true });
      if (!now) throw new HttpError(409, 'stale_row', 'The message is no longer in the mailbox: synchronise again');
      return flagList(now.flags);
    } finally {
      lock.release();
    }
  });
  await db.query('update app.emails set flags = $2::text[], synced_at = now() where email_id = $1', [emailId, flags]);
  return flags;
}
