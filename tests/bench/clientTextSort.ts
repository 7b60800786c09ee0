/**
 * The client row model's first sort of 100,000 rows by a text column (a multi-language
 * name): the text ranks (mergeSort.ts) and the radix sort, computed at once (sync), per
 * language. Not part of `npm run bench`: `npx tsx tests/bench/clientTextSort.ts` (on old
 * and new code alike; the row model's public API is all it uses).
 *
 *   SORT_ROWS=100000  rows     SORT_RUNS=5  runs per language (a fresh model each: no cached ranks)
 */
import { ClientRowModel } from '../../src/app/grid/ClientRowModel.ts';
import type { Row } from '../../src/app/grid/types.ts';
import { prng } from './prng.ts';

const N = Number(process.env.SORT_ROWS ?? 100_000);
const RUNS = Number(process.env.SORT_RUNS ?? 5);
const random = prng(20);
const words = {
  en: ['Garden', 'hose', 'Hammer', 'spade', 'Rake', 'oak', 'Walnut', 'chair', 'Table', 'lamp'],
  cs: ['Čaj', 'čokoláda', 'Cibule', 'chléb', 'Dýně', 'hrách', 'Šunka', 'žampion', 'Řepa', 'Zelí'],
  de: ['Äpfel', 'Apfel', 'Straße', 'Strasse', 'Öl', 'Ofen', 'Übung', 'Uhr', 'Zucker', 'süß'],
  bg: ['Ябълка', 'Ананас', 'Банан', 'чай', 'Шоколад', 'Лук', 'мляко', 'Хляб', 'Тиква', 'ориз'],
} as const;
type L = keyof typeof words;
const pick = (l: L) => words[l][Math.floor(random() * words[l].length)]!;
const rows: Row[] = Array.from({ length: N }, (_, i) => ({
  code: `P${String(i).padStart(6, '0')}`,
  // Some rows without a name in a language (NULL), most unique.
  name: Object.fromEntries((Object.keys(words) as L[]).map((l) => [l, random() < 0.03 ? null : `${pick(l)} ${pick(l)} ${Math.floor(random() * 100_000)}`])),
}));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const lang of Object.keys(words) as L[]) {
  const ms: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const m = new ClientRowModel(rows, { columns: [{ field: 'code', valueType: 'text' }, { field: 'name', valueType: 'multi' }], keys: ['code'], rowId: (x) => String(x.code), sync: true });
    const t = performance.now();
    m.query({ sortModel: [{ colId: 'name', sort: 'asc' }], filterModel: {}, lang });
    ms.push(performance.now() - t);
  }
  console.log(`${lang}: ${N.toLocaleString('en')} rows, first sort by name: median ${median(ms).toFixed(1)} ms (runs: ${ms.map((x) => x.toFixed(0)).join(', ')})`);
}
