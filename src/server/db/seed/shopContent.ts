import type { Queryable } from '../types.ts';
import { insertRows } from './insert.ts';
import { ml, type Lang, type Ml } from './languages.ts';

/**
 * Shop content and details: the languages each shop sells in (the default row comes from
 * the shop itself), second-generation content pages built from column blocks, and
 * delivery prices per country and weight band. Category translations need no seed: the
 * categories' names make them (migration 017).
 */

// hostname → extra languages: [language, url prefix, own domain, enabled].
const extraLanguages: Record<string, [Lang, string, string | null, boolean][]> = {
  'shop-sk.example.com': [
    ['hu', '/hu', null, true],
    ['en', '/en', null, true],
  ],
  'shop-at.example.com': [['en', '/en', null, true]],
  'shop-hu.example.com': [
    ['en', '/en', null, true],
    ['de', '/de', null, true],
  ],
  'b2b-hu.example.com': [['en', '/en', null, true]],
  'shop-cz.example.com': [
    ['sk', '/sk', null, true],
    ['en', '/en', null, true],
  ],
  'b2b-cz.example.com': [['en', '/en', null, true]],
  'shop-eu.example.com': [
    ['de', '/de', null, true],
    ['ro', '', 'shop-ro.example.com', true],
    ['bg', '/bg', null, false],
  ],
};

const p = (...t: string[]) => t.map((x) => `<p>${x}</p>`).join('');
const each = (f: (text: string) => string, m: Ml): Ml => Object.fromEntries(Object.entries(m).map(([l, t]) => [l, f(t)])) as Ml;

interface Block {
  width: number;
  type: 'text' | 'image';
  title?: Ml;
  body?: Ml;
  media?: string;
  link?: string;
  css?: string;
}
interface Page {
  code: string;
  title: Ml;
  blocks: Block[];
}

const pages: Page[] = [
  {
    code: 'home',
    title: ml('Home', 'Startseite', 'Kezdőlap', 'Úvod', 'Acasă', 'Úvod', 'Начало'),
    blocks: [
      {
        width: 12,
        type: 'text',
        css: 'hero',
        title: ml(
          'Everything for home and garden',
          'Alles für Haus und Garten',
          'Minden az otthonba és a kertbe',
          'Všetko pre dom a záhradu',
          'Totul pentru casă și grădină',
          'Vše pro dům a zahradu',
          'Всичко за дома и градината',
        ),
        body: each(
          p,
          ml(
            'Tools, furniture and home goods from <strong>trusted brands</strong>, shipped from our own warehouse.',
            'Werkzeuge, Möbel und Haushaltswaren von <strong>bewährten Marken</strong>, versandt aus unserem eigenen Lager.',
            'Szerszámok, bútorok és háztartási cikkek <strong>megbízható márkáktól</strong>, saját raktárunkból szállítva.',
            'Náradie, nábytok a potreby pre domácnosť od <strong>overených značiek</strong>, odosielané z nášho vlastného skladu.',
            'Scule, mobilă și articole pentru casă de la <strong>mărci de încredere</strong>, expediate din depozitul nostru.',
            'Nářadí, nábytek a potřeby pro domácnost od <strong>ověřených značek</strong>, odesílané z našeho vlastního skladu.',
            'Инструменти, мебели и стоки за дома от <strong>доказани марки</strong>, изпратени от собствения ни склад.',
          ),
        ),
      },
      {
        width: 6,
        type: 'image',
        // An image block's title is its picture's alt text (a linked picture needs one).
        title: ml('Garden', 'Garten', 'Kert', 'Záhrada', 'Grădină', 'Zahrada', 'Градина'),
        media: '/media/garden.svg',
        link: '/c/home-garden',
      },
      {
        width: 6,
        type: 'text',
        title: ml('Free delivery', 'Gratisversand', 'Ingyenes szállítás', 'Doprava zadarmo', 'Livrare gratuită', 'Doprava zdarma', 'Безплатна доставка'),
        body: each(
          p,
          ml(
            'Orders above the limit shown in your cart travel free of charge.',
            'Bestellungen über dem im Warenkorb angezeigten Betrag versenden wir kostenlos.',
            'A kosárban jelzett összeg feletti rendeléseket díjmentesen szállítjuk.',
            'Objednávky nad limit uvedený v košíku doručíme zadarmo.',
            'Comenzile peste pragul afișat în coș sunt livrate gratuit.',
            'Objednávky nad limit uvedený v košíku doručíme zdarma.',
            'Поръчките над лимита, показан в количката, се доставят безплатно.',
          ),
        ),
      },
      {
        width: 4,
        type: 'text',
        title: ml('Quality', 'Qualität', 'Minőség', 'Kvalita', 'Calitate', 'Kvalita', 'Качество'),
        body: each(
          p,
          ml(
            'Every product is checked before it ships.',
            'Jedes Produkt wird vor dem Versand geprüft.',
            'Minden terméket feladás előtt ellenőrzünk.',
            'Každý produkt pred odoslaním skontrolujeme.',
            'Fiecare produs este verificat înainte de expediere.',
            'Každý produkt před odesláním zkontrolujeme.',
            'Всеки продукт се проверява преди изпращане.',
          ),
        ),
      },
      {
        width: 4,
        type: 'text',
        title: ml('Fast shipping', 'Schneller Versand', 'Gyors szállítás', 'Rýchle odoslanie', 'Expediere rapidă', 'Rychlé odeslání', 'Бърза доставка'),
        body: each(
          p,
          ml(
            'Most orders leave the warehouse the same day.',
            'Die meisten Bestellungen verlassen das Lager noch am selben Tag.',
            'A legtöbb rendelés még aznap elhagyja a raktárat.',
            'Väčšina objednávok opustí sklad ešte v ten istý deň.',
            'Majoritatea comenzilor pleacă din depozit în aceeași zi.',
            'Většina objednávek opustí sklad ještě týž den.',
            'Повечето поръчки напускат склада в същия ден.',
          ),
        ),
      },
      {
        width: 4,
        type: 'text',
        title: ml('Easy returns', 'Einfache Rückgabe', 'Egyszerű visszaküldés', 'Jednoduché vrátenie', 'Retur simplu', 'Snadné vrácení', 'Лесно връщане'),
        body: each(
          p,
          ml(
            'Return goods within 14 days, no questions asked.',
            'Waren innerhalb von 14 Tagen ohne Angabe von Gründen zurückgeben.',
            'Az árut 14 napon belül indoklás nélkül visszaküldheti.',
            'Tovar môžete vrátiť do 14 dní bez udania dôvodu.',
            'Returnați produsele în 14 zile, fără explicații.',
            'Zboží můžete vrátit do 14 dnů bez udání důvodu.',
            'Върнете стоката до 14 дни без обяснения.',
          ),
        ),
      },
    ],
  },
  {
    code: 'about-us',
    title: ml('About us', 'Über uns', 'Rólunk', 'O nás', 'Despre noi', 'O nás', 'За нас'),
    blocks: [
      {
        width: 8,
        type: 'text',
        title: ml('Our story', 'Unsere Geschichte', 'Történetünk', 'Náš príbeh', 'Povestea noastră', 'Náš příběh', 'Нашата история'),
        body: each(
          p,
          ml(
            'We started in 2009 as a small family shop and today serve customers in five countries.',
            'Wir haben 2009 als kleines Familiengeschäft begonnen und beliefern heute Kunden in fünf Ländern.',
            '2009-ben kis családi üzletként indultunk, ma öt ország vásárlóit szolgáljuk ki.',
            'Začínali sme v roku 2009 ako malý rodinný obchod a dnes obsluhujeme zákazníkov v piatich krajinách.',
            'Am început în 2009 ca un mic magazin de familie și astăzi servim clienți din cinci țări.',
            'Začínali jsme v roce 2009 jako malý rodinný obchod a dnes obsluhujeme zákazníky v pěti zemích.',
            'Започнахме през 2009 г. като малък семеен магазин, а днес обслужваме клиенти в пет държави.',
          ),
        ),
      },
      { width: 4, type: 'image', title: ml('Our team', 'Unser Team', 'Csapatunk', 'Náš tím', 'Echipa noastră', 'Náš tým', 'Нашият екип'), media: '/media/team.svg' },
    ],
  },
  {
    code: 'contact',
    title: ml('Contact', 'Kontakt', 'Kapcsolat', 'Kontakt', 'Contact', 'Kontakt', 'Контакти'),
    blocks: [
      {
        width: 6,
        type: 'text',
        title: ml('Customer service', 'Kundenservice', 'Ügyfélszolgálat', 'Zákaznícky servis', 'Serviciul clienți', 'Zákaznický servis', 'Обслужване на клиенти'),
        body: each(
          p,
          ml(
            'Write to us any time; we answer within one working day.',
            'Schreiben Sie uns jederzeit; wir antworten innerhalb eines Werktags.',
            'Írjon nekünk bármikor, egy munkanapon belül válaszolunk.',
            'Napíšte nám kedykoľvek, odpovieme do jedného pracovného dňa.',
            'Scrieți-ne oricând; răspundem într-o zi lucrătoare.',
            'Napište nám kdykoli, odpovíme do jednoho pracovního dne.',
            'Пишете ни по всяко време; отговаряме до един работен ден.',
          ),
        ),
      },
      {
        width: 6,
        type: 'text',
        title: ml('Opening hours', 'Öffnungszeiten', 'Nyitvatartás', 'Otváracie hodiny', 'Program', 'Otevírací doba', 'Работно време'),
        body: each(
          p,
          ml(
            'Monday to Friday 9:00–18:00, Saturday 9:00–13:00.',
            'Montag bis Freitag 9:00–18:00, Samstag 9:00–13:00.',
            'Hétfőtől péntekig 9:00–18:00, szombaton 9:00–13:00.',
            'Pondelok až piatok 9:00–18:00, sobota 9:00–13:00.',
            'Luni–vineri 9:00–18:00, sâmbătă 9:00–13:00.',
            'Pondělí až pátek 9:00–18:00, sobota 9:00–13:00.',
            'Понеделник–петък 9:00–18:00, събота 9:00–13:00.',
          ),
        ),
      },
    ],
  },
];

// Delivery bands per method code: [weight_from, weight_to, price in EUR]; the store pickup has none.
const bands: Record<string, [number, number | null, number][]> = {
  courier: [
    [0, 5, 4.9],
    [5, 20, 7.9],
    [20, null, 14.9],
  ],
  pickup_point: [
    [0, 5, 2.9],
    [5, 15, 4.5],
  ],
  pallet: [[0, null, 39]],
};
const scale: Record<string, number> = { SK01: 1, HU01: 395, CZ01: 25 };
// The home country first (cheapest), then neighbours at a surcharge.
const destinations: Record<string, [string, number][]> = {
  SK01: [
    ['SK', 1],
    ['CZ', 1.3],
    ['HU', 1.3],
    ['AT', 1.5],
  ],
  HU01: [
    ['HU', 1],
    ['SK', 1.4],
    ['RO', 1.5],
  ],
  CZ01: [
    ['CZ', 1],
    ['SK', 1.3],
    ['DE', 1.6],
  ],
};

export async function seedShopContent(tx: Queryable): Promise<void> {
  const shops = (await tx.query<{ shop_id: number; hostname: string; company_code: string }>('select shop_id, hostname, company_code from app.shops order by shop_id')).rows;

  await insertRows(
    tx,
    'app.shop_languages',
    [
      ['shop_id', 'int'],
      ['language_code', 'text'],
      ['url_prefix', 'text'],
      ['domain', 'text'],
      ['enabled', 'boolean'],
      ['position', 'int'],
    ],
    shops.flatMap((s) =>
      (extraLanguages[s.hostname] ?? []).map(([language_code, url_prefix, domain, enabled], i) => ({ shop_id: s.shop_id, language_code, url_prefix, domain, enabled, position: i + 1 })),
    ),
  );

  const pageRows = shops.flatMap((s) => pages.map((pg, i) => ({ shop_id: s.shop_id, page_code: pg.code, page_title: pg.title, position: i + 1 })));
  await insertRows(
    tx,
    'app.content_pages',
    [
      ['shop_id', 'int'],
      ['page_code', 'text'],
      ['page_title', 'jsonb'],
      ['position', 'int'],
    ],
    pageRows,
  );
  const ids = (await tx.query<{ content_page_id: number; page_code: string }>('select content_page_id, page_code from app.content_pages order by content_page_id')).rows;
  const byCode = new Map(pages.map((pg) => [pg.code, pg]));
  await insertRows(
    tx,
    'app.content_page_columns',
    [
      ['content_page_id', 'int'],
      ['position', 'int'],
      ['col_width', 'int'],
      ['block_type', 'text'],
      ['block_title', 'jsonb'],
      ['block_body', 'jsonb'],
      ['media_url', 'text'],
      ['link_url', 'text'],
      ['css_class', 'text'],
    ],
    ids.flatMap((row) =>
      byCode.get(row.page_code)!.blocks.map((b, i) => ({
        content_page_id: row.content_page_id,
        position: (i + 1) * 10,
        col_width: b.width,
        block_type: b.type,
        block_title: b.title ?? {},
        block_body: b.body ?? {},
        media_url: b.media ?? '',
        link_url: b.link ?? '',
        css_class: b.css ?? '',
      })),
    ),
  );

  const methods = (await tx.query<{ dm_id: number; dm_code: string; company_code: string }>('select dm_id, dm_code, company_code from app.delivery_methods order by dm_id')).rows;
  await insertRows(
    tx,
    'app.delivery_method_rates',
    [
      ['dm_id', 'int'],
      ['country_code', 'text'],
      ['weight_from', 'numeric'],
      ['weight_to', 'numeric'],
      ['price', 'numeric'],
      ['free_from', 'numeric'],
      ['delivery_days', 'int'],
    ],
    methods.flatMap((m) =>
      (destinations[m.company_code] ?? []).flatMap(([country, factor], c) =>
        (bands[m.dm_code] ?? []).map(([from, to, eur]) => ({
          dm_id: m.dm_id,
          country_code: country,
          weight_from: from,
          weight_to: to,
          price: Math.round(eur * factor * scale[m.company_code]! * 100) / 100,
          // Abroad, free delivery starts higher; at home the method's own threshold applies.
          free_from: c === 0 ? null : Math.round(150 * scale[m.company_code]!),
          delivery_days: c === 0 ? 1 : 3,
        })),
      ),
    ),
  );
}
