/**
 * The benchmark's data set: 100,000 products × 10 columns, generated from a seed, the
 * same in both pages (bundled into each page; nothing comes over the network).
 *
 * Prices are all distinct (a permutation of the cents 1 … n), so the first row after
 * sorting by price — also after filtering — is one row, whatever the grid's tie-break.
 */

import { prng } from '../prng.ts';

export interface BenchRow {
  [field: string]: unknown;
  code: string;
  name: string;
  brand: string;
  category: string;
  price: number;
  stock: number;
  weight: number;
  date: string;
  active: boolean;
  country: string;
}

export const ROWS = 100_000;
export const SEED = 20240601;
/** The name filter of the benchmark; matches about one row in 24. */
export const FILTER_TEXT = 'walnut';

const ADJ = ['Compact', 'Deluxe', 'Classic', 'Heavy', 'Light', 'Smart', 'Eco', 'Pro', 'Mini', 'Ultra', 'Rapid', 'Silent', 'Solid', 'Modular', 'Portable', 'Rugged'];
const MATERIAL = [
  'oak',
  'steel',
  'walnut',
  'linen',
  'copper',
  'glass',
  'bamboo',
  'wool',
  'ceramic',
  'brass',
  'cotton',
  'marble',
  'leather',
  'granite',
  'cedar',
  'nylon',
  'zinc',
  'birch',
  'felt',
  'slate',
  'resin',
  'jute',
  'silver',
  'pine',
];
const NOUN = ['chair', 'lamp', 'table', 'shelf', 'kettle', 'drill', 'hammer', 'basket', 'mirror', 'clock', 'vase', 'stool', 'desk', 'bench', 'rack', 'tray', 'bowl', 'cabinet', 'rug', 'planter'];
const BRANDS = Array.from({ length: 60 }, (_, i) => `Brand ${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26) + 1}`);
const CATEGORIES = [
  'Garden',
  'Kitchen',
  'Tools',
  'Lighting',
  'Bathroom',
  'Office',
  'Bedroom',
  'Outdoor',
  'Storage',
  'Decor',
  'Textiles',
  'Hardware',
  'Electrical',
  'Plumbing',
  'Paint',
  'Flooring',
  'Heating',
  'Pets',
  'Toys',
  'Sports',
];
const COUNTRIES = ['AT', 'BE', 'BG', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'CN', 'US', 'TR', 'VN'];

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

export function generate(n = ROWS, seed = SEED): BenchRow[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  // A bijection of 0 … n-1 (7919 is prime and divides no n used here): distinct prices.
  const offset = Math.floor(rnd() * n);
  const day0 = Date.UTC(2015, 0, 1);
  const rows: BenchRow[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const d = new Date(day0 + Math.floor(rnd() * 3650) * 86_400_000);
    rows[i] = {
      code: `P${String(i + 1).padStart(6, '0')}`,
      name: `${pick(ADJ)} ${pick(MATERIAL)} ${pick(NOUN)}`,
      brand: pick(BRANDS),
      category: pick(CATEGORIES),
      price: (((i * 7919 + offset) % n) + 1) / 100,
      stock: Math.floor(rnd() * 5000),
      weight: Math.round(rnd() * 50_000) / 1000,
      date: `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`,
      active: rnd() < 0.8,
      country: pick(COUNTRIES),
    };
  }
  return rows;
}

/** The code of the cheapest row whose name contains `text` (case-insensitive); all rows when empty. */
export function cheapest(rows: BenchRow[], text = ''): string | undefined {
  const t = text.toLowerCase();
  let best: BenchRow | undefined;
  for (const r of rows) if ((!t || r.name.toLowerCase().includes(t)) && (!best || r.price < best.price)) best = r;
  return best?.code;
}
