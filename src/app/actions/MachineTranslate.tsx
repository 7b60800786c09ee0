/**
 * The translation table's machine translation (registry key `machine_translate`): the
 * missing texts (`missing_<lang>`, app.text_missing) of the picked rows, or of every row of the
 * grid's filter, translated from English by the company's default engine or the one picked
 * (POST /api/translate, /api/gt or /api/deepl; fifty texts a request) and written as
 * captions (a bulk set of translation_table; the server checks each text's placeholders).
 * An engine that fails (no key: 503 `not_configured`, a timeout, …) is said in the user's
 * language; nothing is written then.
 */
import { useState } from 'react';
import { gridData } from '../grid/dataProvider/provider.ts';
import { ApiError, api } from '../api/client.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { useMayTranslate } from '../session/mayTranslate.ts';
import { translateFailed } from '../grid/translateFailure.ts';
import { useFailed } from './failed.ts';
import { BulkDialog } from './BulkDialog.tsx';
import type { BulkActionProps } from './actionProps.ts';

/** The languages translated into (English is the source). */
const TARGETS = ['de', 'hu', 'ro', 'sk', 'cs', 'bg'] as const;
type Target = (typeof TARGETS)[number];
/** The company's default engine (/settings/gtranslate), or one named. */
const ENGINES = { default: '/api/translate', gt: '/api/gt', deepl: '/api/deepl' } as const;
type Engine = keyof typeof ENGINES;
const ENGINE_NAMES: Record<Engine, string> = { default: 'screens.translation_table.machine_engine_default', gt: 'options.translation_engine.google', deepl: 'options.translation_engine.deepl' };
/** More keys than the catalogue has (≈1,100): one list call takes them all. */
const MAX_ROWS = 5000;
/** Texts a request carries (the server takes at most 50 named texts). */
const TEXTS_PER_CALL = 50;

interface MissingRow {
  text_key: string;
  en: string | null;
}

/** The language whose "missing" filter the grid has on, else German. */
function filteredTarget(filterModel: Record<string, unknown>): Target {
  return TARGETS.find((l) => filterModel[`missing_${l}`] !== undefined) ?? 'de';
}

/** English texts (keyed t0, t1, … as the server's field names) into `to`: the translated ones by the same keys. */
async function translate(engine: Engine, texts: Record<string, string>, to: Target): Promise<Record<string, string>> {
  const body = engine === 'deepl' ? { text: texts, from: 'en', to } : { text: texts, from: 'en', to: [to] };
  const r = await api.post<Record<string, unknown>>(ENGINES[engine], body);
  const got = r[to];
  if (!got || typeof got !== 'object') return {};
  return Object.fromEntries(Object.entries(got).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
}

/** A failure of the engine (not of the list or the write), said as translation failures are. */
class EngineFailure extends Error {
  constructor(cause: unknown) {
    super('machine translation failed', { cause });
  }
}

export function MachineTranslate({ query, onDone }: BulkActionProps) {
  const t = useT();
  const failed = useFailed();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<Target>('de');
  const [engine, setEngine] = useState<Engine>('default');
  const [busy, setBusy] = useState(false);
  const mayTranslate = useMayTranslate();
  const sel = query.selection;
  // The translation table's key is its text_key.
  const picked = sel && !sel.all && sel.count > 0 ? (sel.keys as string[]) : undefined;

  const run = async () => {
    setBusy(true);
    try {
      const filterModel = {
        ...(picked ? { text_key: { filterType: 'set' as const, values: picked } } : query.filterModel),
        [`missing_${target}`]: { filterType: 'set' as const, values: [true] },
      };
      const list = await gridData().list('translation_table', { startRow: 0, endRow: MAX_ROWS, filterModel, sortModel: [{ colId: 'text_key', sort: 'asc' }] });
      const rows = (list.rows as unknown as MissingRow[]).filter((r) => r.en?.trim());
      if (!rows.length) {
        toast({ variant: 'info', id: 'screens.translation_table.machine_nothing' });
        setOpen(false);
        return;
      }
      // Fifty texts a request, a few requests at a time; the first failure (e.g. no engine configured) stops them all.
      const calls: MissingRow[][] = [];
      for (let i = 0; i < rows.length; i += TEXTS_PER_CALL) calls.push(rows.slice(i, i + TEXTS_PER_CALL));
      const texts: { text_key: string; text: string }[] = [];
      let next = 0;
      let failure: unknown;
      const worker = async () => {
        while (next < calls.length && failure === undefined) {
          const call = calls[next++]!;
          try {
            const got = await translate(engine, Object.fromEntries(call.map((r, i) => [`t${i}`, r.en!])), target);
            call.forEach((r, i) => {
              const text = got[`t${i}`];
              if (text) texts.push({ text_key: r.text_key, text });
            });
          } catch (e) {
            failure ??= e;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(4, calls.length) }, worker));
      if (failure !== undefined) throw new EngineFailure(failure);
      const written = await write(texts, target);
      toast({ variant: written.refused ? 'warning' : 'success', id: 'screens.translation_table.machine_done', values: { count: written.saved, refused: written.refused } });
      setOpen(false);
      onDone();
    } catch (e) {
      // The engine's failure as said for any translation; the list or the write failing as a toolbar action's.
      if (e instanceof EngineFailure) translateFailed(e.cause);
      else failed(e);
    } finally {
      setBusy(false);
    }
  };

  // The translate routes ask for the translation engines' page (issue 42).
  if (!mayTranslate) return null;
  return (
    <>
      <button type="button" className="grid-bulk-machine-translate" onClick={() => (setTarget(filteredTarget(query.filterModel)), setOpen(true))}>
        {t('screens.translation_table.machine_translate')}
        {picked ? ` (${picked.length})` : ''}
      </button>
      <BulkDialog
        open={open}
        busy={busy}
        onClose={() => setOpen(false)}
        title={t('screens.translation_table.machine_title')}
        hintId="machine-translate-hint"
        hint={t(picked ? 'screens.translation_table.machine_hint_picked' : 'screens.translation_table.machine_hint_filter', { count: picked?.length ?? 0 })}
        runLabel={t('screens.translation_table.machine_run')}
        onRun={() => void run()}
      >
        <label className="form-field">
          <span>{t('screens.translation_table.machine_language')}</span>
          <select value={target} onChange={(e) => setTarget(e.target.value as Target)} data-testid="machine-target">
            {TARGETS.map((l) => (
              <option key={l} value={l}>
                {t(`fields.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="form-field">
          <span>{t('screens.translation_table.machine_engine')}</span>
          <select value={engine} onChange={(e) => setEngine(e.target.value as Engine)} data-testid="machine-engine">
            {(Object.keys(ENGINES) as Engine[]).map((k) => (
              <option key={k} value={k}>
                {t(ENGINE_NAMES[k])}
              </option>
            ))}
          </select>
        </label>
      </BulkDialog>
    </>
  );
}

/**
 * Writes the translations as captions: all in one bulk set; when the server refuses one (a
 * translation that lost a placeholder), one by one, leaving the refused out.
 */
async function write(texts: { text_key: string; text: string }[], lang: Target): Promise<{ saved: number; refused: number }> {
  const rowOf = (x: { text_key: string; text: string }) => ({ text_key: x.text_key, [lang]: x.text });
  if (!texts.length) return { saved: 0, refused: 0 };
  try {
    await gridData().setMany('translation_table', { rows: texts.map(rowOf) });
    return { saved: texts.length, refused: 0 };
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 400) throw e;
  }
  let saved = 0;
  for (const x of texts) {
    try {
      await gridData().set('translation_table', rowOf(x));
      saved++;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 400) throw e;
    }
  }
  return { saved, refused: texts.length - saved };
}
