import type { Queryable } from '../types.ts';
import { insertRows } from './insert.ts';

/**
 * Demo news: four sources in four languages with the items a past fetch brought, so
 * /news/news_list has data without a network. The sources are inactive and their feeds live
 * under `example.invalid` (RFC 2606: never a real host), so a demo start fetches nothing
 * from the internet; one shows a failed last fetch (timeout) as the grid says it. The items
 * are dated back from the seeding time, newest first, the same titles and links every time.
 */
interface DemoSource {
  id: number;
  name: string;
  host: string;
  path: string;
  language: string;
  country: string;
  category: string;
  error: 'timeout' | null;
  titles: string[];
}

const sources: DemoSource[] = [
  {
    id: 1,
    name: 'Retail Weekly',
    host: 'retail-weekly.example.invalid',
    path: '/feed.xml',
    language: 'en',
    country: 'GB',
    category: 'Retail',
    error: null,
    titles: [
      'Online shoppers return to garden tools as spring orders open early',
      'Warehouse robots cut picking times for mid-sized retailers',
      'Parcel lockers overtake home delivery in three European capitals',
      'Why furniture sellers are shortening their delivery promises',
      'Card fees: what the new EU rules mean for small web shops',
      'Black Friday orders up 12 % on last year, early figures show',
    ],
  },
  {
    id: 2,
    name: 'Handel heute',
    host: 'handel-heute.example.invalid',
    path: '/rss',
    language: 'de',
    country: 'DE',
    category: 'Handel',
    error: null,
    titles: [
      'Onlinehandel: Werkzeuge und Gartengeräte legen im Herbst zu',
      'Verpackungsgesetz: Neue Meldepflichten ab Januar',
      'Paketdienste erhöhen Zuschläge für sperrige Sendungen',
      'Möbelhändler setzen verstärkt auf Abholstationen',
      'Umfrage: Kunden erwarten Lieferung innerhalb von zwei Tagen',
      'Mehrwertsteuer im Versandhandel: Was sich 2027 ändert',
    ],
  },
  {
    id: 3,
    name: 'Logisztikai Hírek',
    host: 'logisztika.example.invalid',
    path: '/atom.xml',
    language: 'hu',
    country: 'HU',
    category: 'Logisztika',
    error: null,
    titles: [
      'Új raktárközpont nyílik Győr mellett',
      'A csomagautomaták forgalma megduplázódott egy év alatt',
      'Drágul a közúti fuvarozás a téli hónapokban',
      'Automatizált komissiózás a hazai webáruházakban',
      'Határidők a karácsonyi szállításhoz: mit ígérnek a futárcégek',
    ],
  },
  {
    id: 4,
    name: 'Obchod a technika',
    host: 'obchod-technika.example.invalid',
    path: '/rss.xml',
    language: 'sk',
    country: 'SK',
    category: 'Technológie',
    error: 'timeout',
    titles: [
      'E-shopy na Slovensku zrýchľujú doručovanie do výdajných boxov',
      'Skladové čítačky čiarových kódov: čo priniesol nový štandard',
      'Elektronická fakturácia bude od roku 2027 povinná',
      'Ako znížiť počet vrátených zásielok pri nábytku',
    ],
  },
];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function seedNews(tx: Queryable): Promise<void> {
  await insertRows(
    tx,
    'app.news_sources',
    [
      ['news_source_id', 'int'],
      ['feed_url', 'text'],
      ['source_name', 'text'],
      ['language_code', 'text'],
      ['country_code', 'text'],
      ['category', 'text'],
      ['active', 'boolean'],
      ['last_error', 'text'],
      ['last_status', 'int'],
    ],
    sources.map((s) => ({
      news_source_id: s.id,
      feed_url: `https://${s.host}${s.path}`,
      source_name: s.name,
      language_code: s.language,
      country_code: s.country,
      category: s.category,
      active: false,
      last_error: s.error,
      last_status: s.error ? null : 200,
    })),
  );
  await tx.query(`select setval(pg_get_serial_sequence('app.news_sources', 'news_source_id'), (select max(news_source_id) from app.news_sources))`);
  // Hours back from now: the sources take turns, each item a little older than the one before.
  const items = sources.flatMap((s) => s.titles.map((title, i) => ({ source: s.id, title, url: `https://${s.host}/2026/${slug(title)}`, hours: i * 9 + s.id * 2 })));
  await tx.query(
    `insert into app.news_items (news_source_id, url, title, published_on, fetched_at)
     select r.source, r.url, r.title, now() - make_interval(hours => r.hours), now() - make_interval(hours => r.hours) + interval '20 minutes'
     from jsonb_to_recordset($1::jsonb) as r(source int, url text, title text, hours int) order by r.hours`,
    [JSON.stringify(items)],
  );
  await tx.query(`update app.news_sources s set last_fetched_at = now() - interval '1 hour', next_fetch_at = now()`);
}
