/**
 * The UI catalogues (locales/*.json) copied into app.catalogue_texts (migration 056), so the
 * list engine filters, sorts and pages the translation table and captions name their key. Run
 * at every start (seed/index.ts); idempotent: skipped when the stored hash is the files', else
 * changed keys are updated, new ones added and gone ones removed (with their captions), in one
 * transaction under a lock, so two instances starting together write it once.
 */
import { createHash } from 'node:crypto';
import { LANGS } from '../../core/langs.ts';
import { catalogue } from '../transfer/catalogue.ts';
import type { Db } from './types.ts';

const SYNC_LOCK = 727276; // beside seed's SEED_LOCK

/** Every key → its text per language, as the files have them. */
function catalogueRows(): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const lang of LANGS) for (const [key, text] of Object.entries(catalogue(lang))) (out[key] ??= {})[lang] = text;
  return out;
}

export async function syncCatalogue(db: Db): Promise<{ changed: boolean }> {
  const rows = catalogueRows();
  const json = JSON.stringify(rows);
  const hash = createHash('sha256').update(json).digest('hex');
  const same = async (q: Pick<Db, 'query'>) => (await q.query<{ n: number }>('select count(*)::int as n from app.catalogue_sync where catalogue_hash = $1', [hash])).rows[0]!.n === 1;
  if (await same(db)) return { changed: false };
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SYNC_LOCK]);
    if (await same(tx)) return { changed: false };
    await tx.query(
      `insert into app.catalogue_texts (text_key, texts) select key, value from jsonb_each($1::jsonb)
       on conflict (text_key) do update set texts = excluded.texts where app.catalogue_texts.texts is distinct from excluded.texts`,
      [json],
    );
    await tx.query('delete from app.catalogue_texts where not ($1::jsonb ? text_key)', [json]);
    await tx.query('insert into app.catalogue_sync (id, catalogue_hash) values (true, $1) on conflict (id) do update set catalogue_hash = excluded.catalogue_hash', [hash]);
    return { changed: true };
  });
}
