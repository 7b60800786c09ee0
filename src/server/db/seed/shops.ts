import type { Queryable } from '../types.ts';
import { insertRows } from './insert.ts';

type Ml = Record<'en' | 'de' | 'hu' | 'sk' | 'ro' | 'cs' | 'bg', string>;
const ml = (en: string, de: string, hu: string, sk: string, ro: string, cs: string, bg: string): Ml => ({ en, de, hu, sk, ro, cs, bg });

const deliveries: [string, Ml, number, number | null][] = [
  ['courier', ml('Courier', 'Kurier', 'Futárszolgálat', 'Kuriér', 'Curier', 'Kurýr', 'Куриер'), 4.9, 80],
  ['pickup_point', ml('Pickup point', 'Abholstation', 'Csomagpont', 'Výdajné miesto', 'Punct de ridicare', 'Výdejní místo', 'Пункт за получаване'), 2.9, 50],
  ['store', ml('Pickup in store', 'Abholung im Geschäft', 'Személyes átvétel', 'Osobný odber', 'Ridicare din magazin', 'Osobní odběr', 'Вземане от магазин'), 0, null],
  ['pallet', ml('Pallet freight', 'Palettenversand', 'Raklapos szállítás', 'Paletová preprava', 'Transport pe palet', 'Paletová přeprava', 'Палетен транспорт'), 39, null],
];
const payments: [string, Ml, number, boolean][] = [
  ['card', ml('Card', 'Karte', 'Bankkártya', 'Platobná karta', 'Card', 'Platební karta', 'Карта'), 0, true],
  ['transfer', ml('Bank transfer', 'Überweisung', 'Banki átutalás', 'Bankový prevod', 'Transfer bancar', 'Bankovní převod', 'Банков превод'), 0, true],
  ['cod', ml('Cash on delivery', 'Nachnahme', 'Utánvét', 'Dobierka', 'Ramburs', 'Dobírka', 'Наложен платеж'), 1.5, false],
  ['invoice', ml('Invoice (30 days)', 'Rechnung (30 Tage)', 'Számla (30 nap)', 'Faktúra (30 dní)', 'Factură (30 de zile)', 'Faktura (30 dní)', 'Фактура (30 дни)'), 0, false],
];
/** Prices scale with the company currency (EUR base). */
const scale: Record<string, number> = { SK01: 1, HU01: 395, CZ01: 25 };

const stores: Record<string, [string, string, string, string, string, number, number][]> = {
  SK01: [
    ['Bratislava – Ružinov', 'Bajkalská 12', '821 01', 'Bratislava', '+421 2 5555 0101', 48.155, 17.137],
    ['Košice', 'Hlavná 40', '040 01', 'Košice', '+421 55 555 0102', 48.72, 21.258],
  ],
  HU01: [
    ['Budapest – Váci út', 'Váci út 76', '1133', 'Budapest', '+36 1 555 0103', 47.53, 19.066],
    ['Debrecen', 'Piac utca 20', '4024', 'Debrecen', '+36 52 555 0104', 47.531, 21.625],
  ],
  CZ01: [
    ['Praha – Karlín', 'Sokolovská 95', '186 00', 'Praha', '+420 222 555 105', 50.092, 14.451],
    ['Brno', 'Masarykova 8', '602 00', 'Brno', '+420 543 555 106', 49.194, 16.609],
  ],
};
const country: Record<string, string> = { SK01: 'SK', HU01: 'HU', CZ01: 'CZ' };

export async function seedShops(tx: Queryable): Promise<void> {
  const companies = Object.keys(scale);
  await insertRows(
    tx,
    'app.delivery_methods',
    [
      ['company_code', 'text'],
      ['dm_code', 'text'],
      ['dm_names', 'jsonb'],
      ['price', 'numeric'],
      ['free_from', 'numeric'],
      ['position', 'int'],
    ],
    companies.flatMap((c) =>
      deliveries.map(([code, names, price, free], i) => ({
        company_code: c,
        dm_code: code,
        dm_names: names,
        price: Math.round(price * scale[c]! * 100) / 100,
        free_from: free === null ? null : free * scale[c]!,
        position: i + 1,
      })),
    ),
  );
  await insertRows(
    tx,
    'app.payment_methods',
    [
      ['company_code', 'text'],
      ['pm_code', 'text'],
      ['pm_names', 'jsonb'],
      ['fee', 'numeric'],
      ['prepayment', 'boolean'],
      ['position', 'int'],
    ],
    companies.flatMap((c) =>
      payments.map(([code, names, fee, pre], i) => ({ company_code: c, pm_code: code, pm_names: names, fee: Math.round(fee * scale[c]! * 100) / 100, prepayment: pre, position: i + 1 })),
    ),
  );
  await insertRows(
    tx,
    'app.shopper_groups',
    [
      ['company_code', 'text'],
      ['shopper_group_name', 'text'],
      ['shopper_group_presta', 'text'],
      ['is_default', 'boolean'],
      ['multiplier', 'numeric'],
      ['shopper_group_enabled', 'boolean'],
    ],
    companies.flatMap((c) => [
      { company_code: c, shopper_group_name: 'Retail', shopper_group_presta: 'Visitor', is_default: true, multiplier: 1, shopper_group_enabled: true },
      { company_code: c, shopper_group_name: 'Registered', shopper_group_presta: 'Customer', is_default: false, multiplier: 0.98, shopper_group_enabled: true },
      { company_code: c, shopper_group_name: 'Wholesale', shopper_group_presta: 'Wholesale', is_default: false, multiplier: 0.85, shopper_group_enabled: true },
      { company_code: c, shopper_group_name: 'Staff', shopper_group_presta: null, is_default: false, multiplier: 0.8, shopper_group_enabled: false },
    ]),
  );
  await insertRows(
    tx,
    'app.store_locations',
    [
      ['company_code', 'text'],
      ['store_name', 'text'],
      ['address_line_1', 'text'],
      ['zip_code', 'text'],
      ['city', 'text'],
      ['country_code', 'text'],
      ['phone', 'text'],
      ['opening_hours', 'text'],
      ['latitude', 'numeric'],
      ['longitude', 'numeric'],
    ],
    companies.flatMap((c) =>
      stores[c]!.map(([name, addr, zip, city, phone, lat, lon]) => ({
        company_code: c,
        store_name: name,
        address_line_1: addr,
        zip_code: zip,
        city,
        country_code: country[c],
        phone,
        opening_hours: 'Mo–Fr 9:00–18:00, Sa 9:00–13:00',
        latitude: lat,
        longitude: lon,
      })),
    ),
  );
  await tx.exec(`
    insert into app.banners (shop_id, banner_title, image_url, link_url, position, valid_from, valid_to)
    select s.shop_id, b.title, '/media/banner-' || b.pic || '.svg', '/' || b.slug, b.n, date '2026-01-01', date '2027-12-31'
    from app.shops s
    cross join (values
      (1, '{"en":"Spring garden sale","de":"Frühjahrs-Gartenverkauf","hu":"Tavaszi kerti akció","sk":"Jarný záhradný výpredaj","ro":"Reduceri de primăvară la grădină","cs":"Jarní zahradní výprodej","bg":"Пролетна градинска разпродажба"}'::jsonb, 'c/home-garden', 'garden'),
      (2, '{"en":"New lighting collection","de":"Neue Leuchtenkollektion","hu":"Új világítási kollekció","sk":"Nová kolekcia osvetlenia","ro":"Noua colecție de iluminat","cs":"Nová kolekce osvětlení","bg":"Нова колекция осветление"}'::jsonb, 'c/lighting', 'lighting'),
      (3, '{"en":"Free delivery over the limit","de":"Gratisversand ab Mindestwert","hu":"Ingyenes szállítás a limit felett","sk":"Doprava zadarmo nad limit","ro":"Livrare gratuită peste prag","cs":"Doprava zdarma nad limit","bg":"Безплатна доставка над лимита"}'::jsonb, 'page/delivery', 'delivery')
    ) as b(n, title, slug, pic);
  `);
}
