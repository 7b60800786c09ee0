/**
 * The client row model's first sort of 100,000 rows by a text column (a multi-language
 * name), per language: the text ranks (a merge sort of the texts) and the radix sort,
 * computed at once (sync). Beside it, the rank sort alone with three comparisons: the
 * code before the collation (lower-cased texts by `<`), Intl.Collator#compare of the
 * language, and primary keys with the collator on ties (textOrder.ts; absent in old code).
 * Not part of `npm run bench`: `npx tsx tests/bench/clientTextSort.ts` runs on old and new
 * code alike.
 *
 *   SORT_ROWS=100000  rows     SORT_RUNS=5  runs (a fresh model each: no cached ranks)
 */
import { ClientRowModel } from '../../src/app/grid/rowModel/ClientRowModel.ts';
import { sortIndexes } from '../../src/app/grid/rowModel/mergeSort.ts';
import { runNow, type Work } from '../../src/app/grid/rowModel/scheduler.ts';
import type { Row } from '../../src/app/grid/types.ts';
import { prng } from './prng.ts';
import { medianTime } from './stats.ts';

const N = Number(process.env.SORT_ROWS ?? 100_000);
const RUNS = Number(process.env.SORT_RUNS ?? 5);
const random = prng(20);
const words = {
  en: ['Garden', 'hose', 'Hammer', 'spade', 'Rake', 'oak', 'Walnut', 'chair', 'Table', 'lamp'],
  cs: ['Čaj', 'čokoláda', 'Cibule', 'chléb', 'Dýně', 'hrách', 'Šunka', 'žampion', 'Řepa', 'Zelí'],
  de: ['Äpfel', 'Apfel', 'Straße', 'Strasse', 'Öl', 'Ofen', 'Übung', 'Uhr', 'Zucker', 'süß'],
  hu: ['csak', 'cukor', 'Ábel', 'alma', 'Őrs', 'ötös', 'gyár', 'Zsák', 'nyár', 'szó'],
  bg: ['Ябълка', 'Ананас', 'Банан', 'чай', 'Шоколад', 'Лук', 'мляко', 'Хляб', 'Тиква', 'ориз'],
} as const;
type L = keyof typeof words;
const pick = (l: L) => words[l][Math.floor(random() * words[l].length)]!;
const rows: Row[] = Array.from({ length: N }, (_, i) => ({
  code: `P${String(i).padStart(6, '0')}`,
  // Some rows without a name in a language (NULL), most unique.
  name: Object.fromEntries((Object.keys(words) as L[]).map((l) => [l, random() < 0.03 ? null : `${pick(l)} ${pick(l)} ${Math.floor(random() * 100_000)}`])),
}));

type Order = (texts: readonly (string | null)[], lang: string) => Work<(i: number, j: number) => number>;
const textOrder = await import('../../src/app/grid/rowModel/textOrder.ts').then(
  (m: { textOrder: Order }) => m.textOrder,
  () => null,
);

const timed = (f: () => unknown) => medianTime(RUNS, f);

for (const lang of Object.keys(words) as L[]) {
  const model = timed(() => {
    const m = new ClientRowModel(rows, {
      columns: [
        { field: 'code', valueType: 'text' },
        { field: 'name', valueType: 'multi' },
      ],
      keys: ['code'],
      rowId: (x) => String(x.code),
      sync: true,
    });
    m.query({ sortModel: [{ colId: 'name', sort: 'asc' }], filterModel: {}, lang });
  });
  const texts = rows.map((r) => (r.name as Record<string, string | null>)[lang] ?? null);
  const present = Uint32Array.from(texts.flatMap((t, i) => (t === null ? [] : [i])));
  const sort = (cmp: (a: number, b: number) => number) => runNow(sortIndexes(present.slice(), cmp));
  const lower = () => {
    const low = texts.map((t) => t?.toLowerCase() ?? null);
    const c = (x: string, y: string) => (x === y ? 0 : x < y ? -1 : 1);
    return sort((a, b) => c(low[a]!, low[b]!) || c(texts[a]!, texts[b]!));
  };
  const collator = new Intl.Collator(lang).compare;
  const intl = () => sort((a, b) => collator(texts[a]!, texts[b]!));
  const keys = textOrder ? () => sort(runNow(textOrder(texts, lang))) : null;
  console.log(
    `${lang}: ${N.toLocaleString('en')} rows, first sort by name ${model}; the rank sort alone: lower-cased ${timed(lower)}, Intl.Collator ${timed(intl)}` +
      (keys ? `, primary keys ${timed(keys)}` : ''),
  );
}
