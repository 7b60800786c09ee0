import type { Queryable } from '../types.ts';
import { ml, type Ml } from './languages.ts';

/**
 * Demo AI content (issue 25), for every company: recipes and houses of several countries
 * with a title in every language, a text in some (every language in one item or another; the others wait for "Draft with AI") and
 * the countries' flags as candidate images — this server serves them (/flags/{code}.svg), so
 * the pictures show without any download; and open AI proposals for a few products, two
 * candidates for the same text where select_preview has something to compare.
 */
interface Item {
  title: Ml;
  body: Record<string, string>;
  flags: string[];
}

const recipes: Item[] = [
  {
    title: ml('Goulash soup', 'Gulaschsuppe', 'Gulyásleves', 'Gulášová polievka', 'Supă gulaș', 'Gulášová polévka', 'Гулаш супа'),
    body: {
      en: '<p>Beef, onions, paprika and potatoes, simmered slowly.</p>',
      hu: '<p>Marhahús, hagyma, paprika és burgonya, lassan főzve.</p>',
      sk: '<p>Hovädzie mäso, cibuľa, paprika a zemiaky, pomaly dusené.</p>',
    },
    flags: ['hu', 'sk', 'at'],
  },
  {
    title: ml('Apple strudel', 'Apfelstrudel', 'Almás rétes', 'Jablkový závin', 'Ștrudel cu mere', 'Jablečný závin', 'Ябълков щрудел'),
    body: {
      en: '<p>Thin pastry rolled around apples, raisins and cinnamon.</p>',
      de: '<p>Dünner Teig, gerollt um Äpfel, Rosinen und Zimt.</p>',
      cs: '<p>Tenké těsto zavinuté kolem jablek, rozinek a skořice.</p>',
    },
    flags: ['at', 'de', 'cz'],
  },
  {
    title: ml('Shopska salad', 'Schopska-Salat', 'Sopszka saláta', 'Šopský šalát', 'Salată șopska', 'Šopský salát', 'Шопска салата'),
    body: { bg: '<p>Домати, краставици, печени чушки и настъргано сирене.</p>', ro: '<p>Roșii, castraveți, ardei copți și brânză rasă.</p>' },
    flags: ['bg', 'mk', 'rs'],
  },
  {
    title: ml('Sarmale', 'Sarmale (Krautwickel)', 'Töltött káposzta', 'Plnená kapusta', 'Sarmale', 'Plněné zelí', 'Сарми'),
    body: {},
    flags: ['ro', 'md'],
  },
];

const houses: Item[] = [
  {
    title: ml('Alpine chalet', 'Alpenchalet', 'Alpesi faház', 'Alpská chata', 'Cabană alpină', 'Alpská chata', 'Алпийска хижа'),
    body: {
      en: '<p>A timber house with a wide roof, built for heavy snow.</p>',
      de: '<p>Ein Holzhaus mit weitem Dach, gebaut für viel Schnee.</p>',
      ro: '<p>O casă din lemn cu acoperiș larg, construită pentru zăpadă multă.</p>',
    },
    flags: ['at', 'ch', 'de'],
  },
  {
    title: ml(
      'Farmhouse of the Great Plain',
      'Bauernhaus der Tiefebene',
      'Alföldi parasztház',
      'Sedliacky dom z nížiny',
      'Casă țărănească de câmpie',
      'Selský dům z nížiny',
      'Селска къща от равнината',
    ),
    body: {
      hu: '<p>Fehérre meszelt vályogház nádtetővel és tornáccal.</p>',
      sk: '<p>Nabielo vybielený dom z nepálených tehál so slamenou strechou a podstením.</p>',
      cs: '<p>Nabílo vybílený dům z nepálených cihel s doškovou střechou a podsíní.</p>',
    },
    flags: ['hu', 'sk'],
  },
  {
    title: ml('Revival house', 'Haus der Wiedergeburtszeit', 'Újjászületés kori ház', 'Dom obdobia obrodenia', 'Casă din perioada Renașterii', 'Dům obrozeneckého období', 'Възрожденска къща'),
    body: { bg: '<p>Двуетажна къща с еркер, широка стряха и дърворезба по таваните.</p>' },
    flags: ['bg', 'ro', 'gr'],
  },
];

const uris = (flags: string[]) => flags.map((f) => `/flags/${f}.svg`);

/** Two candidates for the short German description of the first products, one for their English long description. */
const proposalTexts = [
  ['description_short', 'de', 'Robust und vielseitig: ein verlässlicher Begleiter für jeden Tag.'],
  ['description_short', 'de', 'Hochwertig verarbeitet, leicht zu pflegen und lange haltbar.'],
  ['description', 'en', 'Built from durable materials for daily use.\n\nEasy to clean and made to last, it fits homes and workplaces alike.'],
] as const;

export async function seedAiContent(tx: Queryable): Promise<void> {
  const companies = (await tx.query<{ company_code: string }>('select company_code from app.companies order by company_code')).rows.map((r) => r.company_code);
  for (const [table, items] of [
    ['app.recipes', recipes],
    ['app.houses', houses],
  ] as const) {
    const rows = companies.flatMap((company, c) => items.map((it, i) => ({ company, title: it.title, body: it.body, uris: uris(it.flags), selected: (i + c) % 2 === 0 ? uris(it.flags)[0]! : null })));
    // Table names are this seed's own constants.
    await tx.query(
      `insert into ${table} (company_code, title, body, image_uri, selected_image_uri)
       select r.company, r.title, r.body, r.uris, r.selected from jsonb_to_recordset($1::jsonb) as r(company text, title jsonb, body jsonb, uris jsonb, selected text)`,
      [JSON.stringify(rows)],
    );
  }
  await tx.query(
    `insert into app.ai_proposals (company_code, product_code, field_name, language_code, proposed_text, engine, model, created_by, created_at)
     select p.company_code, p.product_code, t.field, t.lang, t.text, 'openai', 'gpt-4o',
            (select user_id from app.users where user_email = 'catalog@example.com'), now() - (p.n * 10 + t.i) * interval '1 minute'
     from (select product_code, company_code, row_number() over (partition by company_code order by product_code) as n from app.products where active) p
     cross join jsonb_to_recordset($1::jsonb) as t(field text, lang text, text text, i int)
     where p.n <= 3`,
    [JSON.stringify(proposalTexts.map(([field, lang, text], i) => ({ field, lang, text, i })))],
  );
}
