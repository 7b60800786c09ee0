/**
 * The texts of the ref values change log entries name ("Brand: Bosch → Makita"), for the
 * change summary cells (changeLog.tsx, same lazy chunk). The cells of a page ask within one
 * short window and get one `change_labels` request for all of them (the server looks each
 * field's keys up in one query, by the lookup display rule); an entry's texts are kept by
 * language and log id until the grid's Refresh (refreshEpoch.ts): then they are asked for
 * again, as the rows are. A failed request is tried once more a moment later (a busy server,
 * a token being renewed); after that the keys stay shown as they are until a Refresh (a cell
 * that asked on every render after a failure would ask in a loop).
 */
import type { RefLabels } from '../../../core/changeSummary.ts';
import { gridData } from '../dataProvider/provider.ts';
import { refreshEpoch } from '../features/query/refreshEpoch.ts';

/** How long the cells of a page have to ask before the request goes. */
const GATHER_MS = 15;
/** The server's limit of entries per request. */
const MAX_ENTRIES = 500;
/** Entries kept per language; beyond it the texts are asked for again (a long session's scrolling). */
const KEPT = 20_000;
/** The pause before a failed request's one retry. */
const RETRY_MS = 1_000;

type Labels = RefLabels | null;
/** lang → log id → the entry's texts (null: none), or the request on its way. */
const byLang = new Map<string, Map<number, Labels | Promise<Labels>>>();
/** The Refresh count the texts kept were read at. */
let keptAt = refreshEpoch();
let pending: { lang: string; entries: Map<number, { form: string; resolve(l: Labels): void }> } | null = null;

function send(lang: string, entries: Map<number, { form: string; resolve(l: Labels): void }>): void {
  const ids = [...entries.keys()];
  // The map the cells' promises are in: a Refresh meanwhile replaces it, and these texts are not kept.
  const kept = byLang.get(lang);
  for (let i = 0; i < ids.length; i += MAX_ENTRIES) {
    const part = ids.slice(i, i + MAX_ENTRIES);
    const done = (labels: Record<string, RefLabels>) => {
      const current = kept && byLang.get(lang) === kept;
      for (const id of part) {
        const e = entries.get(id)!;
        const l = labels[e.form] ?? null;
        if (current) kept.set(id, l);
        e.resolve(l);
      }
    };
    const ask = () => gridData().changeLabels({ log_ids: part, language: lang });
    ask()
      .catch(() => new Promise<Awaited<ReturnType<typeof ask>>>((resolve, reject) => setTimeout(() => ask().then(resolve, reject), RETRY_MS)))
      .then(
        (r) => done(r.labels ?? {}),
        (e: unknown) => {
          console.warn('change log: ref texts not loaded', e);
          done({});
        },
      );
  }
}

/** The texts of an entry's ref values: at hand, or a promise of them (the cell suspends on it). */
export function entryLabels(logId: number, form: string, lang: string): Labels | Promise<Labels> {
  if (keptAt !== refreshEpoch()) {
    keptAt = refreshEpoch();
    byLang.clear();
  }
  let kept = byLang.get(lang);
  if (!kept || kept.size >= KEPT) byLang.set(lang, (kept = new Map()));
  const hit = kept.get(logId);
  if (hit !== undefined) return hit;
  if (pending?.lang !== lang) {
    const batch = (pending = { lang, entries: new Map() });
    setTimeout(() => {
      if (pending === batch) pending = null;
      send(batch.lang, batch.entries);
    }, GATHER_MS);
  }
  const batch = pending;
  const p = new Promise<Labels>((resolve) => batch.entries.set(logId, { form, resolve }));
  kept.set(logId, p);
  return p;
}

/** The entry's texts if they are at hand (copies, group rows), else undefined. */
export function labelsAtHand(logId: number, lang: string): RefLabels | undefined {
  const l = byLang.get(lang)?.get(logId);
  return l && !(l instanceof Promise) ? l : undefined;
}
