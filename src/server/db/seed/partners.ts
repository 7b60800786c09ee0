/**
 * Demo partners of each company (about 70 each): its suppliers — the manufacturers of the
 * catalogue (every company sells their goods, so buys from each) and a few local
 * wholesalers — and its customers: businesses and sole traders of its own country with
 * names, streets, postcodes and phone numbers as written there, and a few abroad (SK01
 * also sells in Austria, CZ01 exports). Addresses are named in the company's language
 * (its staff's). A few customers are soft-deleted. Deterministic (seed/prng.ts).
 */
import type { Queryable } from '../types.ts';
import { manufacturers } from './catalogue.ts';
import { companies } from './companies.ts';
import { insertRows, syncSerial } from './insert.ts';
import { createRng, type Rng } from './prng.ts';

/** street, house no., zip code, city, country, phone, contact's first and last name. */
type Place = readonly [street: string, house: string, zip: string, city: string, country: string, phone: string, first: string, last: string];

/** Where each manufacturer of the catalogue sits, and whom the buyers talk to there. */
const manufacturerPlaces: Record<string, Place> = {
  'Bratislava Metalwork a.s.': ['Vajnorská', '100', '831 04', 'Bratislava', 'SK', '+421 2 4436 1200', 'Marek', 'Hlavatý'],
  'Tatra Sport s.r.o.': ['Popradská', '12', '058 01', 'Poprad', 'SK', '+421 52 772 3410', 'Lucia', 'Šoltésová'],
  'Pannon Plast Zrt.': ['Ipari park', '7', '9027', 'Győr', 'HU', '+36 96 512 300', 'Gábor', 'Szalai'],
  'Danube Pets Kft.': ['Duna utca', '14', '2400', 'Dunaújváros', 'HU', '+36 25 411 820', 'Katalin', 'Fehér'],
  'Morava Dřevo s.r.o.': ['Průmyslová', '1520', '760 01', 'Zlín', 'CZ', '+420 577 210 455', 'Petr', 'Zedník'],
  'Brno Electric s.r.o.': ['Vídeňská', '88', '639 00', 'Brno', 'CZ', '+420 543 210 987', 'Hana', 'Šťastná'],
  'Rheinstahl Haushaltswaren GmbH': ['Industriestraße', '21', '42655', 'Solingen', 'DE', '+49 212 2490 0', 'Thomas', 'Becker'],
  'Alpenlicht GmbH': ['Lichtweg', '5', '6020', 'Innsbruck', 'AT', '+43 512 583 210', 'Andrea', 'Gruber'],
  'Silesia Tools Sp. z o.o.': ['ul. Przemysłowa', '18', '40-020', 'Katowice', 'PL', '+48 32 255 4100', 'Krzysztof', 'Nowak'],
  'Transilvania Mobila S.R.L.': ['Strada Fabricii', '9', '400632', 'Cluj-Napoca', 'RO', '+40 264 415 230', 'Andrei', 'Popescu'],
  'Balkan Ceramics EOOD': ['ul. Tsar Simeon', '45', '4000', 'Plovdiv', 'BG', '+359 32 624 180', 'Georgi', 'Dimitrov'],
  'Lombardia Casa S.p.A.': ['Via Industriale', '34', '20900', 'Monza', 'IT', '+39 039 232 4410', 'Giulia', 'Rossi'],
  'Lyon Luminaires SAS': ['Rue de la Lumière', '12', '69003', 'Lyon', 'FR', '+33 4 72 61 30 20', 'Julien', 'Moreau'],
  'Iberia Jardín S.L.': ['Calle del Huerto', '8', '46001', 'Valencia', 'ES', '+34 963 521 400', 'Lucía', 'García'],
  'Lusitânia Cerâmica Lda.': ['Rua da Cerâmica', '27', '3800-100', 'Aveiro', 'PT', '+351 234 380 200', 'João', 'Ferreira'],
  'Flanders Office NV': ['Kantoorstraat', '3', '9000', 'Gent', 'BE', '+32 9 224 1800', 'Pieter', 'Janssens'],
  'Holland Garden B.V.': ['Tuinbouwweg', '41', '2671 DA', 'Naaldwijk', 'NL', '+31 174 612 300', 'Daan', 'de Vries'],
  'Nordic Timber AB': ['Sågverksvägen', '6', '852 29', 'Sundsvall', 'SE', '+46 60 123 450', 'Erik', 'Lindqvist'],
  'Baltic Paper UAB': ['Popieriaus g.', '11', 'LT-44001', 'Kaunas', 'LT', '+370 37 302 100', 'Tomas', 'Kazlauskas'],
  'Ljubljana Bath d.o.o.': ['Tržaška cesta', '132', '1000', 'Ljubljana', 'SI', '+386 1 256 3300', 'Maja', 'Novak'],
  'Helvetic Precision AG': ['Präzisionsstrasse', '4', '2502', 'Biel/Bienne', 'CH', '+41 32 344 5500', 'Urs', 'Meier'],
  'Fjord Outdoor AS': ['Fjordgata', '19', '5003', 'Bergen', 'NO', '+47 55 30 12 00', 'Ingrid', 'Hansen'],
  'Anatolia Tekstil A.Ş.': ['Organize Sanayi Bölgesi, 3. Cadde', '22', '16140', 'Bursa', 'TR', '+90 224 243 1100', 'Mehmet', 'Yılmaz'],
  'Midlands Lighting Ltd.': ['Station Road', '57', 'B6 7HT', 'Birmingham', 'GB', '+44 121 496 0300', 'Oliver', 'Hughes'],
  'Ohio Tool Company': ['Lakeside Avenue', '2200', 'OH 44114', 'Cleveland', 'US', '+1 216 555 0142', 'Michael', 'Johnson'],
  'Shenzhen Brightway Electronics Co., Ltd.': ['Keji South Road', 'No. 18', '518057', 'Shenzhen', 'CN', '+86 755 2671 3300', 'Wei', 'Zhang'],
  'Ningbo Homeline Manufacturing Co., Ltd.': ['Jiangnan Road', 'No. 1588', '315040', 'Ningbo', 'CN', '+86 574 8790 2210', 'Jing', 'Chen'],
  'Yangtze Toys Co., Ltd.': ['Hanzheng Street', 'No. 66', '430030', 'Wuhan', 'CN', '+86 27 8588 4100', 'Yang', 'Liu'],
  'Taipei Precision Industries Corp.': ['Zhongshan N. Rd. Sec. 2', 'No. 120', '10449', 'Taipei', 'TW', '+886 2 2571 3300', 'Chia-hao', 'Lin'],
  'Saigon Home Products JSC': ['Nguyen Van Linh Boulevard', '702', '700000', 'Ho Chi Minh City', 'VN', '+84 28 3775 1200', 'Thi Lan', 'Nguyen'],
  'Osaka Kitchenware K.K.': ['Minamisenba', '3-4-12', '542-0081', 'Osaka', 'JP', '+81 6 6251 3300', 'Hiroshi', 'Tanaka'],
  'Gujarat Brassworks Pvt. Ltd.': ['GIDC Estate Phase II, Plot', '214', '361004', 'Jamnagar', 'IN', '+91 288 273 0410', 'Rajesh', 'Patel'],
};

/** A partner other than a manufacturer, written out: name and its one address. */
type Listed = readonly [name: string, place: Place];

/** Each company's local wholesalers (suppliers too) and its customers abroad. */
const wholesalers: Record<string, Listed[]> = {
  SK01: [
    ['Obaly Slovakia s.r.o.', ['Priemyselná', '4', '949 01', 'Nitra', 'SK', '+421 37 651 2200', 'Roman', 'Benko']],
    ['Veľkoobchod Tatran s.r.o.', ['Kamenná', '11', '010 01', 'Žilina', 'SK', '+421 41 500 3300', 'Ivana', 'Kubišová']],
    ['Elektro Distribúcia Košice s.r.o.', ['Južná trieda', '78', '040 01', 'Košice', 'SK', '+421 55 622 4100', 'Tibor', 'Rusnák']],
    ['Drogéria Sklad Trnava s.r.o.', ['Bratislavská', '56', '917 01', 'Trnava', 'SK', '+421 33 590 1800', 'Silvia', 'Hrušková']],
  ],
  HU01: [
    ['Csomagolástechnika Kft.', ['Szent István körút', '31', '6000', 'Kecskemét', 'HU', '+36 76 505 210', 'Ferenc', 'Bodnár']],
    ['Alföld Nagykereskedés Zrt.', ['Szabadkai út', '9', '6728', 'Szeged', 'HU', '+36 62 556 300', 'Judit', 'Lengyel']],
    ['Villamos Nagyker Kft.', ['Soroksári út', '164', '1095', 'Budapest', 'HU', '+36 1 456 2200', 'Csaba', 'Pintér']],
    ['Mátra Vasáru Nagykereskedés Kft.', ['Kistályai út', '3', '3300', 'Eger', 'HU', '+36 36 512 400', 'Ágnes', 'Orsós']],
  ],
  CZ01: [
    ['Obaly Morava s.r.o.', ['Hodolanská', '32', '779 00', 'Olomouc', 'CZ', '+420 585 220 310', 'Radek', 'Šebesta']],
    ['Velkoobchod Labe a.s.', ['Hradecká', '1205', '530 02', 'Pardubice', 'CZ', '+420 466 050 200', 'Lenka', 'Vávrová']],
    ['Elektro Velkoobchod Plzeň s.r.o.', ['Domažlická', '180', '318 00', 'Plzeň', 'CZ', '+420 377 440 110', 'Miroslav', 'Kopecký']],
    ['Šumava Dřevovýroba s.r.o.', ['Pražská tř.', '2410', '370 01', 'České Budějovice', 'CZ', '+420 387 310 500', 'Zdeněk', 'Bartoš']],
  ],
};

const customersAbroad: Record<string, Listed[]> = {
  SK01: [
    ['Huber Baumarkt GmbH', ['Favoritenstraße', '140', '1100', 'Wien', 'AT', '+43 1 604 2250', 'Stefan', 'Huber']],
    ['Gartencenter Leitner KG', ['Annenstraße', '45', '8020', 'Graz', 'AT', '+43 316 712 480', 'Birgit', 'Leitner']],
    ['Haushalt Wimmer e.U.', ['Landstraße', '22', '4020', 'Linz', 'AT', '+43 732 771 300', 'Franz', 'Wimmer']],
    ['Sport Egger GmbH', ['Getreidegasse', '8', '5020', 'Salzburg', 'AT', '+43 662 842 190', 'Claudia', 'Egger']],
    ['Duna Barkács Kft.', ['Igmándi út', '17', '2900', 'Komárom', 'HU', '+36 34 540 120', 'Zsolt', 'Kiss']],
    ['Stavebniny Hodonín s.r.o.', ['Brněnská', '3301', '695 01', 'Hodonín', 'CZ', '+420 518 352 400', 'Pavel', 'Hrabal']],
  ],
  HU01: [
    ['Ardeal Construct S.R.L.', ['Strada Memorandumului', '28', '400114', 'Cluj-Napoca', 'RO', '+40 264 590 310', 'Levente', 'Kovács']],
    ['Oradea Home S.R.L.', ['Strada Republicii', '12', '410167', 'Oradea', 'RO', '+40 259 412 700', 'Ioana', 'Mureșan']],
    ['Stavebniny Komárno s.r.o.', ['Priemyselná', '6', '945 01', 'Komárno', 'SK', '+421 35 773 1200', 'Attila', 'Nagy']],
    ['Novi Sad Alat d.o.o.', ['Bulevar oslobođenja', '81', '21000', 'Novi Sad', 'RS', '+381 21 472 3300', 'Milan', 'Petrović']],
    ['Baustoffe Wiener Neustadt GmbH', ['Neunkirchner Straße', '54', '2700', 'Wiener Neustadt', 'AT', '+43 2622 24 510', 'Markus', 'Berger']],
  ],
  CZ01: [
    ['Baumarkt Oberlausitz GmbH', ['Löbauer Straße', '19', '02625', 'Bautzen', 'DE', '+49 3591 482 100', 'Jens', 'Schulze']],
    ['Gartenwelt Dresden GmbH', ['Königsbrücker Straße', '96', '01099', 'Dresden', 'DE', '+49 351 811 4200', 'Anja', 'Richter']],
    ['Narzędzia Wrocław Sp. z o.o.', ['ul. Legnicka', '62', '54-204', 'Wrocław', 'PL', '+48 71 355 2800', 'Tomasz', 'Wiśniewski']],
    ['Dom i Ogród Kraków Sp. z o.o.', ['ul. Zakopiańska', '105', '30-418', 'Kraków', 'PL', '+48 12 266 4100', 'Agnieszka', 'Kowalczyk']],
    ['Stavebniny Trenčín s.r.o.', ['Bratislavská', '24', '911 05', 'Trenčín', 'SK', '+421 32 743 5100', 'Juraj', 'Mikuš']],
    ['Haushalt Plus Linz GmbH', ['Wiener Straße', '131', '4020', 'Linz', 'AT', '+43 732 341 900', 'Gerhard', 'Pichler']],
  ],
};

/** How a country's customers are named and where they sit: the company's home market. */
interface Market {
  country: string;
  /** city, zip code, phone area code. */
  cities: readonly (readonly [city: string, zip: string, area: string])[];
  streets: readonly string[];
  /** Shop and trade kinds a business is named after. */
  trades: readonly string[];
  legal: readonly string[];
  men: readonly string[];
  women: readonly string[];
  /** Family names, the man's and the woman's form. */
  families: readonly (readonly [male: string, female: string])[];
  /** A private customer's partner name: family name first in Hungarian. */
  personName: (first: string, last: string) => string;
  /** A business named after its owner: "Železiarstvo Kováč", "Kovács Vasáru". */
  tradeName: (trade: string, family: string) => string;
  /** The address names: seat, branch, warehouse, billing. */
  addressNames: readonly [seat: string, branch: string, warehouse: string, billing: string];
  phonePrefix: string;
  /** A house number as the country writes it. */
  house: (rng: Rng) => string;
}

const conscription = (rng: Rng) => (rng.chance(0.4) ? `${rng.int(100, 3999)}/${rng.int(1, 60)}` : String(rng.int(1, 180)));

const markets: Record<string, Market> = {
  SK01: {
    country: 'SK',
    cities: [
      ['Bratislava', '811 01', '2'],
      ['Košice', '040 01', '55'],
      ['Žilina', '010 01', '41'],
      ['Nitra', '949 01', '37'],
      ['Trnava', '917 01', '33'],
      ['Banská Bystrica', '974 01', '48'],
      ['Prešov', '080 01', '51'],
      ['Trenčín', '911 01', '32'],
      ['Martin', '036 01', '43'],
      ['Poprad', '058 01', '52'],
    ],
    streets: ['Hlavná', 'Štúrova', 'Hviezdoslavova', 'Mlynská', 'Priemyselná', 'Obchodná', 'Poľná', 'Záhradnícka', 'Námestie SNP', 'Komenského', 'Dlhá', 'Sládkovičova'],
    trades: ['Železiarstvo', 'Stavebniny', 'Elektro', 'Nábytok', 'Záhradné centrum', 'Domáce potreby', 'Hobby centrum', 'Drogéria', 'Penzión', 'Športové potreby'],
    legal: ['s.r.o.', 's.r.o.', 's.r.o.', 's.r.o.', 's.r.o.', 'a.s.'],
    men: ['Ján', 'Peter', 'Martin', 'Michal', 'Tomáš', 'Jozef', 'Lukáš', 'Marek', 'Juraj', 'Milan'],
    women: ['Mária', 'Jana', 'Zuzana', 'Katarína', 'Lucia', 'Eva', 'Monika', 'Andrea', 'Veronika', 'Martina'],
    families: [
      ['Novák', 'Nováková'],
      ['Horváth', 'Horváthová'],
      ['Kováč', 'Kováčová'],
      ['Varga', 'Vargová'],
      ['Tóth', 'Tóthová'],
      ['Baláž', 'Balážová'],
      ['Molnár', 'Molnárová'],
      ['Lukáč', 'Lukáčová'],
      ['Kollár', 'Kollárová'],
      ['Hudák', 'Hudáková'],
      ['Oravec', 'Oravcová'],
      ['Polák', 'Poláková'],
      ['Kráľ', 'Kráľová'],
      ['Šimko', 'Šimková'],
      ['Gajdoš', 'Gajdošová'],
    ],
    personName: (first, last) => `${first} ${last}`,
    tradeName: (trade, family) => `${trade} ${family}`,
    addressNames: ['Sídlo', 'Prevádzka', 'Sklad', 'Fakturačná adresa'],
    phonePrefix: '+421',
    house: conscription,
  },
  HU01: {
    country: 'HU',
    cities: [
      ['Budapest', '1051', '1'],
      ['Debrecen', '4024', '52'],
      ['Szeged', '6720', '62'],
      ['Miskolc', '3525', '46'],
      ['Pécs', '7621', '72'],
      ['Győr', '9021', '96'],
      ['Nyíregyháza', '4400', '42'],
      ['Kecskemét', '6000', '76'],
      ['Székesfehérvár', '8000', '22'],
      ['Sopron', '9400', '99'],
    ],
    streets: [
      'Fő utca',
      'Kossuth Lajos utca',
      'Petőfi Sándor utca',
      'Rákóczi út',
      'Ady Endre utca',
      'Széchenyi tér',
      'Ipari út',
      'Dózsa György út',
      'Arany János utca',
      'Bajcsy-Zsilinszky út',
      'Jókai Mór utca',
      'Béke tér',
    ],
    trades: ['Vasáru', 'Építőanyag', 'Villamossági', 'Bútorház', 'Kertészet', 'Háztartási Bolt', 'Barkácsbolt', 'Drogéria', 'Panzió', 'Sportbolt'],
    legal: ['Kft.', 'Kft.', 'Kft.', 'Bt.', 'Bt.'],
    men: ['László', 'István', 'József', 'Zoltán', 'Péter', 'Gábor', 'Tamás', 'Attila', 'Sándor', 'Balázs'],
    women: ['Mária', 'Erzsébet', 'Katalin', 'Éva', 'Anna', 'Zsuzsanna', 'Ildikó', 'Krisztina', 'Andrea', 'Eszter'],
    families: [
      ['Nagy', 'Nagy'],
      ['Kovács', 'Kovács'],
      ['Tóth', 'Tóth'],
      ['Szabó', 'Szabó'],
      ['Horváth', 'Horváth'],
      ['Varga', 'Varga'],
      ['Kiss', 'Kiss'],
      ['Molnár', 'Molnár'],
      ['Németh', 'Németh'],
      ['Farkas', 'Farkas'],
      ['Balogh', 'Balogh'],
      ['Papp', 'Papp'],
      ['Takács', 'Takács'],
      ['Juhász', 'Juhász'],
      ['Mészáros', 'Mészáros'],
    ],
    personName: (first, last) => `${last} ${first}`,
    tradeName: (trade, family) => `${family} ${trade}`,
    addressNames: ['Székhely', 'Telephely', 'Raktár', 'Számlázási cím'],
    phonePrefix: '+36',
    house: (rng) => String(rng.int(1, 120)),
  },
  CZ01: {
    country: 'CZ',
    cities: [
      ['Praha', '110 00', '2'],
      ['Brno', '602 00', '5'],
      ['Ostrava', '702 00', '59'],
      ['Plzeň', '301 00', '37'],
      ['Liberec', '460 01', '48'],
      ['Olomouc', '779 00', '58'],
      ['České Budějovice', '370 01', '38'],
      ['Hradec Králové', '500 02', '49'],
      ['Pardubice', '530 02', '46'],
      ['Zlín', '760 01', '57'],
    ],
    streets: ['Hlavní', 'Masarykova', 'Nádražní', 'Husova', 'Palackého', 'Průmyslová', 'Komenského', 'Náměstí Míru', 'Riegrova', 'Smetanova', 'Havlíčkova', 'Tyršova'],
    trades: ['Železářství', 'Stavebniny', 'Elektro', 'Nábytek', 'Zahradnictví', 'Domácí potřeby', 'Hobby centrum', 'Drogerie', 'Penzion', 'Sportovní potřeby'],
    legal: ['s.r.o.', 's.r.o.', 's.r.o.', 's.r.o.', 's.r.o.', 'a.s.'],
    men: ['Jan', 'Petr', 'Jiří', 'Josef', 'Pavel', 'Martin', 'Tomáš', 'Jakub', 'Karel', 'Lukáš'],
    women: ['Jana', 'Marie', 'Eva', 'Hana', 'Lenka', 'Kateřina', 'Lucie', 'Petra', 'Alena', 'Veronika'],
    families: [
      ['Novák', 'Nováková'],
      ['Svoboda', 'Svobodová'],
      ['Novotný', 'Novotná'],
      ['Dvořák', 'Dvořáková'],
      ['Černý', 'Černá'],
      ['Procházka', 'Procházková'],
      ['Kučera', 'Kučerová'],
      ['Veselý', 'Veselá'],
      ['Horák', 'Horáková'],
      ['Němec', 'Němcová'],
      ['Pokorný', 'Pokorná'],
      ['Pospíšil', 'Pospíšilová'],
      ['Hájek', 'Hájková'],
      ['Jelínek', 'Jelínková'],
      ['Král', 'Králová'],
    ],
    personName: (first, last) => `${first} ${last}`,
    tradeName: (trade, family) => `${trade} ${family}`,
    addressNames: ['Sídlo', 'Provozovna', 'Sklad', 'Fakturační adresa'],
    phonePrefix: '+420',
    house: conscription,
  },
};

/** Customers of the home market per company; with the suppliers and those abroad, about 70 partners a company. */
const HOME_CUSTOMERS = 30;
/** Home customers soft-deleted per company (no longer offered on orders). */
const DELETED = 3;

interface PartnerRow {
  partner_id: number;
  company_code: string;
  partner_name: string;
  label_name: string;
  is_supplier: boolean;
  deleted: boolean;
}
interface AddressRow {
  address_id: number;
  partner_id: number;
  address_name: string;
  address_line_1: string;
  address_house_no: string;
  zip_code: string;
  city: string;
  country_code: string;
  first_name: string;
  last_name: string;
  phone: string;
}

/** A name without its legal form, as labels print it ("Pannon Plast" for "Pannon Plast Zrt."). */
const LEGAL_FORM =
  / (s\.r\.o\.|a\.s\.|Kft\.|Bt\.|Zrt\.|GmbH|KG|e\.U\.|S\.R\.L\.|d\.o\.o\.|Sp\. z o\.o\.|EOOD|S\.p\.A\.|SAS|S\.L\.|Lda\.|NV|B\.V\.|AB|UAB|AG|AS|A\.Ş\.|Ltd\.|JSC|K\.K\.|Pvt\. Ltd\.|Corp\.|Co\., Ltd\.)$/;
const shortName = (name: string) => name.replace(LEGAL_FORM, '');

const phoneOf = (rng: Rng, m: Market, area: string) => `${m.phonePrefix} ${area} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`;

export function demoPartners(): { partners: PartnerRow[]; addresses: AddressRow[] } {
  const rng = createRng(0x9a47_2026);
  const partners: PartnerRow[] = [];
  const addresses: AddressRow[] = [];
  const addPartner = (company: string, name: string, isSupplier: boolean, label: string, deleted = false) => {
    const partner_id = partners.length + 1;
    partners.push({ partner_id, company_code: company, partner_name: name, label_name: label, is_supplier: isSupplier, deleted });
    return partner_id;
  };
  const addAddress = (partner_id: number, address_name: string, [street, house, zip, city, country, phone, first, last]: Place) =>
    addresses.push({
      address_id: addresses.length + 1,
      partner_id,
      address_name,
      address_line_1: street,
      address_house_no: house,
      zip_code: zip,
      city,
      country_code: country,
      first_name: first,
      last_name: last,
      phone,
    });

  for (const company of companies) {
    const m = markets[company.code];
    if (!m) throw new Error(`no partner market for ${company.code}`);
    const [seat, branch, warehouse, billing] = m.addressNames;

    // Suppliers: the manufacturers of the catalogue, then the local wholesalers.
    for (const [name] of manufacturers) {
      const place = manufacturerPlaces[name];
      if (!place) throw new Error(`no address for manufacturer ${name}`);
      const id = addPartner(company.code, name, true, rng.chance(0.5) ? shortName(name) : '');
      addAddress(id, seat, place);
      // Far-away makers ship from a European warehouse of theirs.
      if (rng.chance(0.2)) {
        const [city, zip, area] = rng.pick(m.cities);
        addAddress(id, warehouse, [rng.pick(m.streets), m.house(rng), zip, city, m.country, phoneOf(rng, m, area), place[6], place[7]]);
      }
    }
    for (const [name, place] of wholesalers[company.code] ?? []) addAddress(addPartner(company.code, name, true, shortName(name)), seat, place);

    // Customers at home: businesses named after their trade and owner, some sole traders and private buyers.
    const taken = new Set(partners.filter((p) => p.company_code === company.code).map((p) => p.partner_name));
    for (let i = 0; i < HOME_CUSTOMERS; i++) {
      const woman = rng.chance(0.4);
      const first = rng.pick(woman ? m.women : m.men);
      const family = rng.pick(m.families);
      const last = woman ? family[1] : family[0];
      const kind = rng.weighted([
        ['business', 6],
        ['partners', 1],
        ['person', 3],
      ] as const);
      let name: string;
      if (kind === 'business') name = `${m.tradeName(rng.pick(m.trades), family[0])} ${rng.pick(m.legal)}`;
      else if (kind === 'partners') name = `${family[0]} & ${rng.pick(m.families.filter((f) => f !== family))[0]} ${rng.pick(m.legal)}`;
      else name = m.personName(first, last);
      if (taken.has(name)) {
        i--;
        continue;
      }
      taken.add(name);
      const deleted = i >= HOME_CUSTOMERS - DELETED;
      const id = addPartner(company.code, name, false, kind !== 'person' && rng.chance(0.3) ? shortName(name) : '', deleted);
      const [city, zip, area] = rng.pick(m.cities);
      const contact = (c: string, z: string, a: string): Place => [rng.pick(m.streets), m.house(rng), z, c, m.country, phoneOf(rng, m, a), first, last];
      addAddress(id, seat, contact(city, zip, area));
      if (kind !== 'person' && rng.chance(0.35)) {
        const [c2, z2, a2] = rng.pick(m.cities);
        addAddress(id, rng.chance(0.5) ? branch : warehouse, contact(c2, z2, a2));
      }
      if (kind !== 'person' && rng.chance(0.15)) addAddress(id, billing, contact(city, zip, area));
    }
    for (const [name, place] of customersAbroad[company.code] ?? []) addAddress(addPartner(company.code, name, false, ''), seat, place);
  }
  return { partners, addresses };
}

/** A name as a mail domain's label or a mailbox: ASCII letters and digits, words joined by `joiner` ('Tatra Sport s.r.o.' → 'tatra-sport-s-r-o'). */
function mailLabel(text: string, joiner: '-' | '.'): string {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[łŁ]/g, 'l')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  let out = '';
  for (const w of words) if ((out ? out.length + 1 : 0) + w.length <= 40) out = out ? `${out}${joiner}${w}` : w;
  return out;
}

interface ContactRow {
  partner_id: number;
  contact_name: string;
  contact_role: string;
  email: string;
  phone: string;
  receives_orders: boolean;
  receives_invoices: boolean;
}

/**
 * Every supplier's mail (migration 114): an address of its own under an `.example` domain (RFC
 * 2606: never delivered) and its seat's contact person as the one who receives orders, so
 * "Send to supplier" writes to somebody. Customers write their address on each order.
 */
function supplierMail(partners: PartnerRow[], addresses: AddressRow[]): { emails: { partner_id: number; email: string }[]; contacts: ContactRow[] } {
  const emails: { partner_id: number; email: string }[] = [];
  const contacts: ContactRow[] = [];
  for (const p of partners) {
    if (!p.is_supplier) continue;
    const domain = `${mailLabel(p.partner_name, '-')}.example`;
    emails.push({ partner_id: p.partner_id, email: `info@${domain}` });
    const seat = addresses.find((x) => x.partner_id === p.partner_id);
    if (!seat) continue;
    const name = `${seat.first_name} ${seat.last_name}`;
    contacts.push({
      partner_id: p.partner_id,
      contact_name: name,
      contact_role: 'Sales',
      email: `${mailLabel(name, '.')}@${domain}`,
      phone: seat.phone,
      receives_orders: true,
      receives_invoices: false,
    });
  }
  return { emails, contacts };
}

/** Demo: every company's partners, their addresses, and the suppliers' mail. */
export async function seedPartners(tx: Queryable): Promise<void> {
  const { partners, addresses } = demoPartners();
  await insertRows(
    tx,
    'app.partners',
    [
      ['partner_id', 'int'],
      ['company_code', 'text'],
      ['partner_name', 'text'],
      ['label_name', 'text'],
      ['is_supplier', 'boolean'],
      ['deleted', 'boolean'],
    ],
    partners,
  );
  await syncSerial(tx, 'app.partners', 'partner_id');
  await insertRows(
    tx,
    'app.partner_addresses',
    [
      ['address_id', 'int'],
      ['partner_id', 'int'],
      ['address_name', 'text'],
      ['address_line_1', 'text'],
      ['address_house_no', 'text'],
      ['zip_code', 'text'],
      ['city', 'text'],
      ['country_code', 'text'],
      ['first_name', 'text'],
      ['last_name', 'text'],
      ['phone', 'text'],
    ],
    addresses,
  );
  await syncSerial(tx, 'app.partner_addresses', 'address_id');
  const { emails, contacts } = supplierMail(partners, addresses);
  await tx.query(`update app.partners p set email = r.email from jsonb_to_recordset($1::jsonb) as r(partner_id int, email text) where p.partner_id = r.partner_id`, [JSON.stringify(emails)]);
  await insertRows(
    tx,
    'app.partner_contacts',
    [
      ['partner_id', 'int'],
      ['contact_name', 'text'],
      ['contact_role', 'text'],
      ['email', 'text'],
      ['phone', 'text'],
      ['receives_orders', 'boolean'],
      ['receives_invoices', 'boolean'],
    ],
    contacts,
  );
}
