import { nicePrice, sellingPrice } from '../../../core/prices.ts';
import type { Queryable } from '../types.ts';
import { brands, collections, manufacturers, PACKING, productTypeId } from './catalogue.ts';
import { categories } from './categories.ts';
import { companies, vats, type Company } from './companies.ts';
import { currencies, rate } from './currencies.ts';
import { insertRows, type Column } from './insert.ts';
import { createRng, round, type Rng } from './prng.ts';
import { adjectives, features, longDescription, materials, nouns, productName, shortDescription, type MaterialKey, type Noun, type Size } from './words.ts';

/** Product rows per company: SK01 (the default company) carries the bulk, like a main market. */
function productCounts(total: number): Map<string, number> {
  const first = Math.min(20000, Math.ceil((total * 5) / 6));
  const rest = total - first;
  const second = Math.ceil(rest / 2);
  const [a, b, c] = companies;
  if (!a || !b || !c) throw new Error('three companies expected');
  return new Map([
    [a.code, first],
    [b.code, second],
    [c.code, rest - second],
  ]);
}

const perEur = new Map(currencies.map((c) => [c.code, c.perEur]));
const eurIn = (currency: string): number => perEur.get(currency) ?? 1;

/** The multiplier of each company's default shopper group ("Retail", seed/shops.ts): the visitor's price, which the price rule rounds. */
const DEFAULT_GROUP_MULTIPLIER = 1;

// Dimension (cm) and weight (kg) ranges per size class.
const dims: Record<Size, { l: [number, number]; w: [number, number]; h: [number, number]; kg: [number, number] }> = {
  1: { l: [5, 25], w: [3, 15], h: [1, 10], kg: [0.02, 0.6] },
  2: { l: [15, 45], w: [10, 30], h: [5, 25], kg: [0.2, 3] },
  3: { l: [25, 70], w: [20, 50], h: [10, 45], kg: [1, 12] },
  4: { l: [50, 130], w: [40, 90], h: [30, 120], kg: [4, 35] },
  5: { l: [90, 240], w: [45, 120], h: [40, 220], kg: [15, 110] },
};

const adjectivesFor = Object.fromEntries(([1, 2, 3, 4, 5] as const).map((size) => [size, adjectives.filter((a) => (a.maxSize ?? 5) >= size)])) as Record<Size, typeof adjectives>;

const WOOD: MaterialKey[] = ['oak', 'pine', 'beech', 'bamboo'];
const METAL: MaterialKey[] = ['steel', 'stainless', 'castIron', 'aluminium', 'brass', 'copper'];
const MODEL_LETTERS = [...'ABCDEFGHKLMNPRSTVXZ'];
const IMPORT_ORIGINS = ['CN', 'CN', 'CN', 'VN', 'TR', 'PL', 'IN', 'TW'];

const day = 86_400_000;
const T0 = Date.UTC(2024, 0, 1); // catalogue history starts here
const T_LAST_CREATED = Date.UTC(2026, 8, 30);
const T_LAST_UPDATED = Date.UTC(2026, 9, 31);
const DISCOUNT_FROM = Date.UTC(2026, 0, 1);
const isoDate = (t: number): string => new Date(t).toISOString().slice(0, 10);

function packing(rng: Rng, n: Noun, m: MaterialKey | undefined): number {
  if (n.size >= 4 && m && WOOD.includes(m)) return PACKING.woodenCrate;
  if (n.size <= 2 && m && METAL.includes(m) && rng.chance(0.35)) return PACKING.metalBox;
  if (n.size === 1 && rng.chance(0.6)) return PACKING.plasticBag;
  return PACKING.paperCarton;
}

const mfPrefix = manufacturers.map(([name]) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase(),
);

function makeProduct(rng: Rng, company: Company, code: string): Record<string, unknown> {
  const cur = company.currency;
  const leaf = rng.pick(categories.leaves);
  const n = nouns[rng.pick(leaf.nouns)];
  const a = rng.pick(adjectivesFor[n.size]);
  const matKey = n.mats.length > 0 && rng.chance(0.85) ? rng.pick(n.mats) : undefined;
  const model = `${rng.pick(MODEL_LETTERS)}${rng.chance(0.4) ? rng.pick(MODEL_LETTERS) : ''}-${rng.int(100, 999)}` + (rng.chance(0.15) ? rng.pick(['S', 'M', 'L', 'X']) : '');

  const brandIdx = rng.int(0, brands.length - 1);
  const mfIdx = rng.chance(0.75) ? (brandIdx * 7) % manufacturers.length : rng.int(0, manufacturers.length - 1);
  const mf = manufacturers[mfIdx];
  const brand = brands[brandIdx] ?? '';
  const ctIdx = rng.chance(0.8) ? rng.int(0, collections.length - 1) : undefined;
  const collection = ctIdx === undefined ? undefined : collections[ctIdx];

  const companyVats = vats.filter((v) => v.company === company.code);
  const vat = rng.chance(0.9) ? companyVats.find((v) => v.isDefault) : rng.pick(companyVats.filter((v) => !v.isDefault));

  // Prices: a purchase price in EUR terms, bought in the own currency, EUR or USD, converted with the seeded rates.
  const eurValue = rng.logFloat(n.eur[0], n.eur[1]);
  const buyCur = rng.weighted<string>([
    [cur, 70],
    [cur === 'EUR' ? 'USD' : 'EUR', 15],
    ['USD', 15],
  ]);
  const original = buyCur === 'HUF' ? Math.round(eurValue * eurIn('HUF')) : round(eurValue * eurIn(buyCur), 2);
  const base = round(original * rate(cur, buyCur), 2);
  const minMargin = rng.int(8, 20);
  const expMargin = minMargin + rng.int(10, 45);
  // The price rule (core/prices.ts): the expected margin, the gross a visitor sees rounded to a nice price, never under the minimum margin.
  const selling = sellingPrice({ purchase: base, margin: expMargin, minMargin, vatRate: vat?.rate ?? 0, multiplier: DEFAULT_GROUP_MULTIPLIER, nice: true })?.net ?? round(base * 1.25, 2);
  const limit = rng.pick([10, 15, 20, 25, 30, 40]);
  const discount = rng.chance(0.18) ? rng.pick([5, 10, 15, 20, 25, 30].filter((d) => d <= limit)) : null;
  const packUnits = rng.chance(0.12) ? rng.pick([2, 4, 5, 6, 10, 12, 20]) : 1;

  // Stock: many items sold out, most in stock; reservations never exceed stock.
  const keep = rng.weighted<0 | 1 | 2>([
    [0, 50],
    [1, 40],
    [2, 10],
  ]);
  const stock = rng.chance(0.28) ? 0 : Math.round(rng.logFloat(1, n.size >= 5 ? 40 : 600));
  // Reserved and on-order quantities follow from the orders (053): their draws stay, so the rest of the catalogue is the same.
  if (stock > 0 && rng.chance(0.45)) rng.int(0, Math.min(stock, 25));
  if (keep === 2 || rng.chance(0.2)) rng.int(5, 200);
  const active = rng.chance(0.9);

  const d = dims[n.size];
  const length = rng.float(d.l[0], d.l[1], 1);
  const width = rng.float(d.w[0], d.w[1], 1);
  const height = rng.float(d.h[0], d.h[1], 1);
  const masterQty = n.size <= 3 && rng.chance(0.6) ? rng.pick([4, 6, 8, 10, 12, 20, 24, 36, 48]) : null;
  const onPallet = rng.chance(0.45);
  const created = T0 + rng.int(0, (T_LAST_CREATED - T0) / day) * day + rng.int(7 * 60, 18 * 60) * 60_000;
  const updated = created + rng.int(0, Math.floor((T_LAST_UPDATED - created) / day)) * day;
  const origin = mf && rng.chance(0.85) ? mf[1] : rng.pick(IMPORT_ORIGINS);

  // Drawn where the row's fields were drawn before (nothing reads the generator in between): the rest of the catalogue is the same.
  const name = productName(n, a, matKey && materials[matKey], model);
  const short = shortDescription(n, brand, collection, rng.pick(features), rng.pick(features));
  return {
    product_code: code,
    company_code: company.code,
    product_name: name,
    description_short: short,
    // A long description (rich text, as the form's editor writes it) on every fourth product past the first few: the storefront shows it, the others show none.
    description: Number(code.slice(1)) % 4 === 1 && Number(code.slice(1)) > 8 ? longDescription(name, short) : {},
    supplier_product_code: `${mfPrefix[mfIdx]}-${rng.int(10000, 99999)}`,
    brand_id: brandIdx + 1,
    mf_id: mfIdx + 1,
    ct_id: ctIdx === undefined ? null : ctIdx + 1,
    pt_id: productTypeId(
      rng.weighted([
        ['goods', 70],
        ['accessory', 10],
        ['spare_part', 8],
        ['set', 7],
        ['consumable', 4],
        ['refurbished', 1],
      ]),
    ),
    packing_template_id: packing(rng, n, matKey),
    main_product_category_id: leaf.id,
    vat_id: vat?.id ?? null,
    min_margin: minMargin,
    exp_margin: expMargin,
    max_discount_limit_percent: limit,
    purchase_price_original: original,
    purchase_price_currency_code: buyCur,
    purchase_price_base: base,
    selling_price_shop: selling,
    discount_percent: discount,
    max_discount: limit,
    discounted_price_shop: discount === null ? null : nicePrice(round(selling * (1 - discount / 100), 4)),
    discount_end_date: discount === null ? null : isoDate(DISCOUNT_FROM + rng.int(0, 729) * day),
    unit_price: round(selling / packUnits, 4),
    calc_unit_price: round(selling / packUnits, 4),
    unit_price_original: round(original / packUnits, 4),
    // The stock drawn: seed/warehouse.ts books it in the stock ledger (a product starts with none).
    stock,
    hs_code: n.hs,
    country_of_origin: origin,
    production_time: rng.chance(0.7) ? rng.int(0, 30) : null,
    delivery_time: rng.int(1, 10),
    purchase_time: rng.int(7, 90),
    keep_in_stock: keep,
    active,
    free_shipping: rng.chance(eurValue * 1.4 > 150 ? 0.7 : 0.05),
    can_order: rng.chance(active ? 0.95 : 0.4),
    new_product: rng.chance(0.08),
    prepayment_required: rng.chance(eurValue > 500 ? 0.4 : 0.02),
    weight: round(rng.logFloat(d.kg[0], d.kg[1]), 3),
    length,
    width,
    height,
    volume: round((length * width * height) / 1e6, 6),
    pallet_length: onPallet ? 120 : null,
    pallet_width: onPallet ? 80 : null,
    pallet_height: onPallet ? rng.int(60, 200) : null,
    master_box_length: masterQty ? round(length * 2 + 2, 1) : null,
    master_box_width: masterQty ? round(width * 2 + 2, 1) : null,
    master_box_height: masterQty ? round(height * Math.ceil(masterQty / 4) + 2, 1) : null,
    master_box_qty: masterQty,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(updated).toISOString(),
  };
}

const columns: Column[] = [
  ['product_code', 'text'],
  ['company_code', 'text'],
  ['product_name', 'jsonb'],
  ['description_short', 'jsonb'],
  ['description', 'jsonb'],
  ['supplier_product_code', 'text'],
  ['brand_id', 'int'],
  ['mf_id', 'int'],
  ['ct_id', 'int'],
  ['pt_id', 'int'],
  ['packing_template_id', 'int'],
  ['main_product_category_id', 'int'],
  ['vat_id', 'int'],
  ['min_margin', 'numeric'],
  ['exp_margin', 'numeric'],
  ['max_discount_limit_percent', 'numeric'],
  ['purchase_price_original', 'numeric'],
  ['purchase_price_currency_code', 'text'],
  ['purchase_price_base', 'numeric'],
  ['selling_price_shop', 'numeric'],
  ['discount_percent', 'numeric'],
  ['max_discount', 'numeric'],
  ['discounted_price_shop', 'numeric'],
  ['discount_end_date', 'date'],
  ['unit_price', 'numeric'],
  ['calc_unit_price', 'numeric'],
  ['unit_price_original', 'numeric'],
  ['hs_code', 'text'],
  ['country_of_origin', 'text'],
  ['production_time', 'int'],
  ['delivery_time', 'int'],
  ['purchase_time', 'int'],
  ['keep_in_stock', 'smallint'],
  ['active', 'boolean'],
  ['free_shipping', 'boolean'],
  ['can_order', 'boolean'],
  ['new_product', 'boolean'],
  ['prepayment_required', 'boolean'],
  ['weight', 'numeric'],
  ['length', 'numeric'],
  ['width', 'numeric'],
  ['height', 'numeric'],
  ['volume', 'numeric'],
  ['pallet_length', 'numeric'],
  ['pallet_width', 'numeric'],
  ['pallet_height', 'numeric'],
  ['master_box_length', 'numeric'],
  ['master_box_width', 'numeric'],
  ['master_box_height', 'numeric'],
  ['master_box_qty', 'int'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

const BATCH = 2000;

/** Generates and inserts products batch by batch, so memory stays flat however many are asked for. */
/**
 * Generates and inserts products batch by batch, so memory stays flat however many are
 * asked for; answers the stock each product was drawn with (product code → units), which
 * the warehouse seed books as the ledger's story.
 */
export async function seedProducts(tx: Queryable, total: number): Promise<Map<string, number>> {
  const rng = createRng(0x5eed_2026);
  const counts = productCounts(total);
  const stock = new Map<string, number>();
  let seq = 0;
  let batch: Record<string, unknown>[] = [];
  for (const company of companies) {
    for (let i = 0; i < (counts.get(company.code) ?? 0); i++) {
      seq++;
      const row = makeProduct(rng, company, `P${String(seq).padStart(6, '0')}`);
      if (Number(row.stock) > 0) stock.set(row.product_code as string, Number(row.stock));
      batch.push(row);
      if (batch.length === BATCH) {
        await insertRows(tx, 'app.products', columns, batch, BATCH);
        batch = [];
      }
    }
  }
  await insertRows(tx, 'app.products', columns, batch, BATCH);
  return stock;
}
