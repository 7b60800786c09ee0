import { LANGS, type Lang, type Ml } from './languages.ts';

/**
 * Translated word lists for product names. Names are built per language with
 * its own word order and gender agreement (de/sk/cs/bg/ro adjectives follow
 * the noun's gender), so every language reads as a real product name.
 */
type Gender = 'm' | 'f' | 'n';
type Forms = Record<Gender, string>;

/** A word in the gendered languages: its text and its gender. */
interface Gendered {
  text: string;
  g: Gender;
}
const gw = (s: string): Gendered => {
  const [g, text] = s.split(':') as [Gender, string];
  return { g, text };
};

// Slovak hard adjectives: -ý/-y → -á/-a, -é/-e; soft -í/-i → -ia, -ie (the rhythmic law keeps short forms short).
function skForms(m: string): Forms {
  const stem = m.slice(0, -1);
  switch (m.slice(-1)) {
    case 'ý':
      return { m, f: `${stem}á`, n: `${stem}é` };
    case 'y':
      return { m, f: `${stem}a`, n: `${stem}e` };
    case 'í':
    case 'i':
      return { m, f: `${stem}ia`, n: `${stem}ie` };
    default:
      return { m, f: m, n: m };
  }
}
// Czech: hard -ý → -á, -é; soft -í is the same in all genders.
function csForms(m: string): Forms {
  return m.endsWith('ý') ? { m, f: `${m.slice(0, -1)}á`, n: `${m.slice(0, -1)}é` } : { m, f: m, n: m };
}
const slashForms = (s: string): Forms => {
  const [m = s, f = m, n = m] = s.split('|');
  return { m, f, n };
};

export interface Adjective {
  en: string;
  de: Forms;
  hu: string;
  sk: Forms;
  ro: Forms;
  cs: Forms;
  bg: Forms;
  /** Largest size class the word suits ("portable wardrobe" reads wrong). */
  maxSize?: Size;
}

/** en, German stem (strong endings -er/-e/-es added), hu, sk masc., ro "m|f", cs masc., bg "m|f|n". */
function adj(en: string, de: string, hu: string, sk: string, ro: string, cs: string, bg: string): Adjective {
  const roF = slashForms(ro);
  return {
    en,
    hu,
    sk: skForms(sk),
    cs: csForms(cs),
    bg: slashForms(bg),
    de: { m: `${de}er`, f: `${de}e`, n: `${de}es` },
    ro: { m: roF.m, f: roF.f, n: roF.m }, // Romanian neuter singular takes the masculine form
  };
}

export const adjectives: Adjective[] = [
  adj('Compact', 'kompakt', 'kompakt', 'kompaktný', 'compact|compactă', 'kompaktní', 'компактен|компактна|компактно'),
  adj('Classic', 'klassisch', 'klasszikus', 'klasický', 'clasic|clasică', 'klasický', 'класически|класическа|класическо'),
  adj('Modern', 'modern', 'modern', 'moderný', 'modern|modernă', 'moderní', 'модерен|модерна|модерно'),
  adj('Robust', 'robust', 'masszív', 'robustný', 'robust|robustă', 'robustní', 'здрав|здрава|здраво'),
  adj('Lightweight', 'leicht', 'könnyű', 'ľahký', 'ușor|ușoară', 'lehký', 'лек|лека|леко'),
  adj('Large', 'groß', 'nagy', 'veľký', 'mare|mare', 'velký', 'голям|голяма|голямо'),
  adj('Small', 'klein', 'kis', 'malý', 'mic|mică', 'malý', 'малък|малка|малко'),
  adj('Premium', 'hochwertig', 'prémium', 'prémiový', 'premium|premium', 'prémiový', 'първокласен|първокласна|първокласно'),
  adj('Practical', 'praktisch', 'praktikus', 'praktický', 'practic|practică', 'praktický', 'практичен|практична|практично'),
  adj('Elegant', 'elegant', 'elegáns', 'elegantný', 'elegant|elegantă', 'elegantní', 'елегантен|елегантна|елегантно'),
  adj('Durable', 'langlebig', 'tartós', 'odolný', 'durabil|durabilă', 'odolný', 'издръжлив|издръжлива|издръжливо'),
  adj('Professional', 'professionell', 'professzionális', 'profesionálny', 'profesional|profesională', 'profesionální', 'професионален|професионална|професионално'),
  { ...adj('Portable', 'tragbar', 'hordozható', 'prenosný', 'portabil|portabilă', 'přenosný', 'преносим|преносима|преносимо'), maxSize: 3 },
  adj('Ergonomic', 'ergonomisch', 'ergonomikus', 'ergonomický', 'ergonomic|ergonomică', 'ergonomický', 'ергономичен|ергономична|ергономично'),
  adj('Rustic', 'rustikal', 'rusztikus', 'rustikálny', 'rustic|rustică', 'rustikální', 'рустикален|рустикална|рустикално'),
  adj('Minimalist', 'minimalistisch', 'minimalista', 'minimalistický', 'minimalist|minimalistă', 'minimalistický', 'минималистичен|минималистична|минималистично'),
  adj('Slim', 'schlank', 'vékony', 'tenký', 'subțire|subțire', 'tenký', 'тънък|тънка|тънко'),
];

export interface Material {
  en: string;
  de: string;
  hu: string;
  sk: Forms;
  ro: string;
  cs: Forms;
  bg: Forms;
}

/** en (attributive), de noun (after "aus"), hu (attributive), sk masc. adj., ro noun (after "din"), cs masc. adj., bg "m|f|n". */
function mat(en: string, de: string, hu: string, sk: string, ro: string, cs: string, bg: string): Material {
  return { en, de, hu, sk: skForms(sk), ro, cs: csForms(cs), bg: slashForms(bg) };
}

export const materials = {
  steel: mat('Steel', 'Stahl', 'acél', 'oceľový', 'oțel', 'ocelový', 'стоманен|стоманена|стоманено'),
  aluminium: mat('Aluminium', 'Aluminium', 'alumínium', 'hliníkový', 'aluminiu', 'hliníkový', 'алуминиев|алуминиева|алуминиево'),
  oak: mat('Oak', 'Eichenholz', 'tölgyfa', 'dubový', 'lemn de stejar', 'dubový', 'дъбов|дъбова|дъбово'),
  pine: mat('Pine', 'Kiefernholz', 'fenyőfa', 'borovicový', 'lemn de pin', 'borovicový', 'боров|борова|борово'),
  beech: mat('Beech', 'Buchenholz', 'bükkfa', 'bukový', 'lemn de fag', 'bukový', 'буков|букова|буково'),
  bamboo: mat('Bamboo', 'Bambus', 'bambusz', 'bambusový', 'bambus', 'bambusový', 'бамбуков|бамбукова|бамбуково'),
  plastic: mat('Plastic', 'Kunststoff', 'műanyag', 'plastový', 'plastic', 'plastový', 'пластмасов|пластмасова|пластмасово'),
  glass: mat('Glass', 'Glas', 'üveg', 'sklenený', 'sticlă', 'skleněný', 'стъклен|стъклена|стъклено'),
  ceramic: mat('Ceramic', 'Keramik', 'kerámia', 'keramický', 'ceramică', 'keramický', 'керамичен|керамична|керамично'),
  cotton: mat('Cotton', 'Baumwolle', 'pamut', 'bavlnený', 'bumbac', 'bavlněný', 'памучен|памучна|памучно'),
  leather: mat('Leather', 'Leder', 'bőr', 'kožený', 'piele', 'kožený', 'кожен|кожена|кожено'),
  stainless: mat('Stainless Steel', 'Edelstahl', 'rozsdamentes acél', 'nerezový', 'oțel inoxidabil', 'nerezový', 'неръждаем|неръждаема|неръждаемо'),
  castIron: mat('Cast-Iron', 'Gusseisen', 'öntöttvas', 'liatinový', 'fontă', 'litinový', 'чугунен|чугунена|чугунено'),
  rubber: mat('Rubber', 'Gummi', 'gumi', 'gumový', 'cauciuc', 'gumový', 'гумен|гумена|гумено'),
  silicone: mat('Silicone', 'Silikon', 'szilikon', 'silikónový', 'silicon', 'silikonový', 'силиконов|силиконова|силиконово'),
  linen: mat('Linen', 'Leinen', 'len', 'ľanový', 'in', 'lněný', 'ленен|ленена|ленено'),
  wool: mat('Wool', 'Wolle', 'gyapjú', 'vlnený', 'lână', 'vlněný', 'вълнен|вълнена|вълнено'),
  brass: mat('Brass', 'Messing', 'sárgaréz', 'mosadzný', 'alamă', 'mosazný', 'месингов|месингова|месингово'),
  paper: mat('Paper', 'Papier', 'papír', 'papierový', 'hârtie', 'papírový', 'хартиен|хартиена|хартиено'),
  fabric: mat('Fabric', 'Stoff', 'textil', 'látkový', 'material textil', 'látkový', 'текстилен|текстилна|текстилно'),
  nylon: mat('Nylon', 'Nylon', 'nejlon', 'nylonový', 'nailon', 'nylonový', 'найлонов|найлонова|найлоново'),
  carbon: mat('Carbon', 'Carbon', 'karbon', 'karbónový', 'carbon', 'karbonový', 'карбонов|карбонова|карбоново'),
  copper: mat('Copper', 'Kupfer', 'réz', 'medený', 'cupru', 'měděný', 'меден|медна|медно'),
} satisfies Record<string, Material>;
export type MaterialKey = keyof typeof materials;

/** Physical size class 1 (pocket) … 5 (furniture): drives dimensions, weight and packing. */
export type Size = 1 | 2 | 3 | 4 | 5;

export interface Noun {
  en: string;
  de: Gendered;
  hu: string;
  sk: Gendered;
  ro: Gendered;
  cs: Gendered;
  bg: Gendered;
  mats: MaterialKey[];
  /** Plausible purchase price range in EUR. */
  eur: [number, number];
  size: Size;
  /** Combined Nomenclature code (8 digits). */
  hs: string;
}

/** en, then "gender:text" for de, plain hu, "gender:text" for sk, ro, cs, bg (LANGS order). */
function noun(en: string, de: string, hu: string, sk: string, ro: string, cs: string, bg: string, mats: MaterialKey[], eur: [number, number], size: Size, hs: string): Noun {
  return { en, de: gw(de), hu, sk: gw(sk), ro: gw(ro), cs: gw(cs), bg: gw(bg), mats, eur, size, hs };
}

// Keys are referenced by the category leaves in categories.ts.
export const nouns = {
  garden_chair: noun(
    'Garden Chair',
    'm:Gartenstuhl',
    'kerti szék',
    'f:záhradná stolička',
    'n:scaun de grădină',
    'f:zahradní židle',
    'm:градински стол',
    ['steel', 'aluminium', 'oak', 'pine', 'plastic', 'bamboo'],
    [15, 120],
    4,
    '94017900',
  ),
  garden_table: noun(
    'Garden Table',
    'm:Gartentisch',
    'kerti asztal',
    'm:záhradný stôl',
    'f:masă de grădină',
    'm:zahradní stůl',
    'f:градинска маса',
    ['steel', 'aluminium', 'oak', 'pine', 'plastic'],
    [40, 350],
    5,
    '94032080',
  ),
  watering_can: noun('Watering Can', 'f:Gießkanne', 'locsolókanna', 'f:krhla', 'f:stropitoare', 'f:konev', 'f:лейка', ['plastic', 'steel', 'copper'], [3, 35], 3, '39249000'),
  garden_hose: noun(
    'Garden Hose',
    'm:Gartenschlauch',
    'locsolótömlő',
    'f:záhradná hadica',
    'n:furtun de grădină',
    'f:zahradní hadice',
    'm:градински маркуч',
    ['rubber', 'plastic'],
    [8, 60],
    3,
    '39173200',
  ),
  lawn_mower: noun('Lawn Mower', 'm:Rasenmäher', 'fűnyíró', 'f:kosačka', 'f:mașină de tuns iarba', 'f:sekačka', 'f:косачка', ['steel', 'aluminium', 'plastic'], [70, 450], 5, '84331110'),
  pruning_saw: noun('Pruning Saw', 'f:Astsäge', 'ágfűrész', 'f:pílka na konáre', 'n:fierăstrău pentru crengi', 'f:pilka na větve', 'm:трион за клони', ['steel', 'stainless'], [6, 40], 2, '82021000'),
  garden_knife: noun(
    'Garden Knife',
    'n:Gartenmesser',
    'kerti kés',
    'm:záhradnícky nôž',
    'n:cuțit de grădină',
    'm:zahradnický nůž',
    'm:градински нож',
    ['steel', 'stainless', 'carbon'],
    [4, 30],
    1,
    '82119200',
  ),
  plant_pot: noun('Plant Pot', 'm:Blumentopf', 'virágcserép', 'm:kvetináč', 'n:ghiveci', 'm:květináč', 'f:саксия', ['ceramic', 'plastic', 'bamboo', 'steel'], [2, 45], 2, '69149000'),
  candle_holder: noun('Candle Holder', 'm:Kerzenhalter', 'gyertyatartó', 'm:svietnik', 'n:suport de lumânare', 'm:svícen', 'm:свещник', ['glass', 'brass', 'ceramic', 'steel'], [3, 35], 1, '83062900'),
  picture_frame: noun(
    'Picture Frame',
    'm:Bilderrahmen',
    'képkeret',
    'm:fotorámik',
    'f:ramă foto',
    'm:fotorámeček',
    'f:рамка за снимки',
    ['oak', 'pine', 'aluminium', 'bamboo'],
    [2, 25],
    2,
    '44140090',
  ),
  vase: noun('Vase', 'f:Vase', 'váza', 'f:váza', 'f:vază', 'f:váza', 'f:ваза', ['glass', 'ceramic', 'brass'], [4, 60], 2, '70139900'),
  storage_box: noun(
    'Storage Box',
    'f:Aufbewahrungsbox',
    'tárolódoboz',
    'm:úložný box',
    'f:cutie de depozitare',
    'm:úložný box',
    'f:кутия за съхранение',
    ['plastic', 'bamboo', 'fabric', 'paper'],
    [3, 30],
    3,
    '39249000',
  ),
  basket: noun('Basket', 'm:Korb', 'kosár', 'm:kôš', 'n:coș', 'm:koš', 'f:кошница', ['bamboo', 'cotton', 'steel', 'fabric'], [4, 35], 3, '46021910'),
  cooking_pot: noun('Cooking Pot', 'm:Kochtopf', 'fazék', 'm:hrniec', 'f:oală', 'm:hrnec', 'f:тенджера', ['stainless', 'castIron', 'aluminium', 'ceramic'], [10, 120], 3, '73239300'),
  frying_pan: noun('Frying Pan', 'f:Bratpfanne', 'serpenyő', 'f:panvica', 'f:tigaie', 'f:pánev', 'm:тиган', ['castIron', 'aluminium', 'stainless', 'ceramic', 'copper'], [8, 90], 3, '73239300'),
  pressure_cooker: noun(
    'Pressure Cooker',
    'm:Schnellkochtopf',
    'kukta',
    'm:tlakový hrniec',
    'f:oală sub presiune',
    'm:tlakový hrnec',
    'f:тенджера под налягане',
    ['stainless', 'aluminium'],
    [30, 150],
    3,
    '73239300',
  ),
  cutlery_set: noun(
    'Cutlery Set',
    'n:Besteckset',
    'evőeszközkészlet',
    'f:súprava príborov',
    'n:set de tacâmuri',
    'f:sada příborů',
    'm:комплект прибори',
    ['stainless', 'steel', 'bamboo'],
    [12, 140],
    2,
    '82159910',
  ),
  chef_knife: noun(
    "Chef's Knife",
    'n:Kochmesser',
    'szakácskés',
    'm:kuchársky nôž',
    'n:cuțit de bucătar',
    'm:kuchařský nůž',
    'm:готварски нож',
    ['stainless', 'carbon', 'ceramic'],
    [8, 120],
    1,
    '82119200',
  ),
  knife_block: noun(
    'Knife Block',
    'm:Messerblock',
    'késtartó blokk',
    'm:blok na nože',
    'n:suport pentru cuțite',
    'm:blok na nože',
    'f:поставка за ножове',
    ['oak', 'bamboo', 'plastic', 'steel'],
    [10, 70],
    2,
    '44199090',
  ),
  kettle: noun(
    'Electric Kettle',
    'm:Wasserkocher',
    'vízforraló',
    'f:rýchlovarná kanvica',
    'n:fierbător electric',
    'f:rychlovarná konvice',
    'f:електрическа кана',
    ['stainless', 'glass', 'plastic'],
    [12, 80],
    2,
    '85167100',
  ),
  toaster: noun('Toaster', 'm:Toaster', 'kenyérpirító', 'm:hriankovač', 'n:prăjitor de pâine', 'm:topinkovač', 'm:тостер', ['stainless', 'plastic', 'aluminium'], [15, 90], 3, '85167200'),
  blender: noun('Blender', 'm:Standmixer', 'turmixgép', 'm:mixér', 'n:blender', 'm:mixér', 'm:блендер', ['glass', 'plastic', 'stainless'], [20, 160], 3, '85094000'),
  food_container: noun(
    'Food Container',
    'f:Vorratsdose',
    'ételtároló doboz',
    'f:dóza na potraviny',
    'n:recipient pentru alimente',
    'f:dóza na potraviny',
    'f:кутия за храна',
    ['glass', 'plastic', 'stainless'],
    [2, 25],
    2,
    '39241000',
  ),
  cordless_drill: noun(
    'Cordless Drill',
    'm:Akku-Bohrschrauber',
    'akkus fúró-csavarozó',
    'f:akumulátorová vŕtačka',
    'f:mașină de găurit cu acumulator',
    'f:akumulátorová vrtačka',
    'f:акумулаторна бормашина',
    [],
    [35, 260],
    3,
    '84672100',
  ),
  hammer_drill: noun(
    'Hammer Drill',
    'f:Schlagbohrmaschine',
    'ütvefúró',
    'f:príklepová vŕtačka',
    'f:mașină de găurit cu percuție',
    'f:příklepová vrtačka',
    'f:ударна бормашина',
    [],
    [40, 300],
    3,
    '84672100',
  ),
  angle_grinder: noun('Angle Grinder', 'm:Winkelschleifer', 'sarokcsiszoló', 'f:uhlová brúska', 'n:polizor unghiular', 'f:úhlová bruska', 'm:ъглошлайф', [], [30, 220], 3, '84672951'),
  jigsaw: noun('Jigsaw', 'f:Stichsäge', 'dekopírfűrész', 'f:priamočiara píla', 'n:fierăstrău pendular', 'f:přímočará pila', 'm:прободен трион', [], [30, 200], 3, '84672200'),
  screwdriver: noun('Screwdriver', 'm:Schraubendreher', 'csavarhúzó', 'm:skrutkovač', 'f:șurubelniță', 'm:šroubovák', 'f:отвертка', ['steel', 'stainless'], [2, 15], 1, '82054000'),
  screwdriver_set: noun(
    'Screwdriver Set',
    'n:Schraubendreher-Set',
    'csavarhúzókészlet',
    'f:súprava skrutkovačov',
    'n:set de șurubelnițe',
    'f:sada šroubováků',
    'm:комплект отвертки',
    ['steel'],
    [8, 70],
    2,
    '82054000',
  ),
  combination_wrench: noun(
    'Combination Wrench',
    'm:Ringmaulschlüssel',
    'csillag-villáskulcs',
    'm:očkoplochý kľúč',
    'f:cheie combinată',
    'm:očkoplochý klíč',
    'm:звездогаечен ключ',
    ['steel'],
    [3, 25],
    1,
    '82041100',
  ),
  adjustable_wrench: noun(
    'Adjustable Wrench',
    'm:Rollgabelschlüssel',
    'franciakulcs',
    'm:nastaviteľný kľúč',
    'f:cheie reglabilă',
    'm:stavitelný klíč',
    'm:раздвижен ключ',
    ['steel'],
    [5, 35],
    1,
    '82041200',
  ),
  hammer: noun('Hammer', 'm:Hammer', 'kalapács', 'n:kladivo', 'n:ciocan', 'n:kladivo', 'm:чук', ['steel', 'rubber', 'beech'], [4, 40], 2, '82052000'),
  spirit_level: noun('Spirit Level', 'f:Wasserwaage', 'vízmérték', 'f:vodováha', 'f:nivelă', 'f:vodováha', 'm:нивелир', ['aluminium', 'plastic'], [5, 60], 2, '90158000'),
  tape_measure: noun('Tape Measure', 'n:Maßband', 'mérőszalag', 'm:zvinovací meter', 'f:ruletă', 'm:svinovací metr', 'f:ролетка', ['steel', 'plastic'], [2, 20], 1, '90178010'),
  tool_box: noun(
    'Tool Box',
    'm:Werkzeugkoffer',
    'szerszámosláda',
    'm:kufor na náradie',
    'f:trusă de scule',
    'm:kufr na nářadí',
    'm:куфар за инструменти',
    ['steel', 'aluminium', 'plastic'],
    [10, 90],
    3,
    '73269098',
  ),
  screw_assortment: noun(
    'Screw Assortment',
    'n:Schraubensortiment',
    'csavarkészlet',
    'f:sada skrutiek',
    'n:set de șuruburi',
    'f:sada šroubů',
    'm:комплект винтове',
    ['steel', 'stainless', 'brass'],
    [4, 35],
    2,
    '73181595',
  ),
  ceiling_light: noun(
    'Ceiling Light',
    'f:Deckenleuchte',
    'mennyezeti lámpa',
    'n:stropné svietidlo',
    'f:plafonieră',
    'n:stropní svítidlo',
    'f:плафониера',
    ['glass', 'steel', 'brass', 'aluminium', 'oak'],
    [15, 220],
    3,
    '94051140',
  ),
  table_lamp: noun(
    'Table Lamp',
    'f:Tischlampe',
    'asztali lámpa',
    'f:stolová lampa',
    'f:veioză',
    'f:stolní lampa',
    'f:настолна лампа',
    ['ceramic', 'brass', 'glass', 'oak', 'steel'],
    [10, 140],
    3,
    '94052140',
  ),
  floor_lamp: noun('Floor Lamp', 'f:Stehlampe', 'állólámpa', 'f:stojacia lampa', 'n:lampadar', 'f:stojací lampa', 'm:лампион', ['steel', 'brass', 'oak', 'aluminium'], [25, 260], 4, '94052900'),
  led_bulb: noun('LED Bulb', 'f:LED-Lampe', 'LED izzó', 'f:LED žiarovka', 'n:bec LED', 'f:LED žárovka', 'f:LED крушка', ['glass', 'plastic'], [1, 12], 1, '85395000'),
  outdoor_wall_light: noun(
    'Outdoor Wall Light',
    'f:Außenwandleuchte',
    'kültéri fali lámpa',
    'n:vonkajšie nástenné svietidlo',
    'f:aplică de exterior',
    'n:venkovní nástěnné svítidlo',
    'm:външен аплик',
    ['aluminium', 'steel', 'stainless', 'glass'],
    [12, 120],
    2,
    '94054990',
  ),
  garden_lantern: noun(
    'Garden Lantern',
    'f:Gartenlaterne',
    'kerti lámpás',
    'm:záhradný lampáš',
    'n:felinar de grădină',
    'f:zahradní lucerna',
    'm:градински фенер',
    ['steel', 'glass', 'copper'],
    [6, 70],
    2,
    '94055000',
  ),
  sofa: noun('Sofa', 'n:Sofa', 'kanapé', 'f:pohovka', 'f:canapea', 'f:pohovka', 'm:диван', ['leather', 'linen', 'cotton', 'fabric', 'wool'], [180, 1400], 5, '94016100'),
  coffee_table: noun(
    'Coffee Table',
    'm:Couchtisch',
    'dohányzóasztal',
    'm:konferenčný stolík',
    'f:măsuță de cafea',
    'm:konferenční stolek',
    'f:холна маса',
    ['oak', 'pine', 'glass', 'steel'],
    [35, 320],
    4,
    '94036010',
  ),
  tv_stand: noun('TV Stand', 'n:TV-Lowboard', 'TV-szekrény', 'm:TV stolík', 'f:comodă TV', 'm:TV stolek', 'm:ТВ шкаф', ['oak', 'pine', 'glass', 'steel'], [45, 380], 5, '94036090'),
  bed: noun('Bed', 'n:Bett', 'ágy', 'f:posteľ', 'n:pat', 'f:postel', 'n:легло', ['oak', 'pine', 'steel', 'fabric'], [150, 1100], 5, '94035000'),
  wardrobe: noun('Wardrobe', 'm:Kleiderschrank', 'ruhásszekrény', 'f:šatníková skriňa', 'n:dulap de haine', 'f:šatní skříň', 'm:гардероб', ['oak', 'pine', 'steel'], [120, 900], 5, '94035000'),
  nightstand: noun('Nightstand', 'm:Nachttisch', 'éjjeliszekrény', 'm:nočný stolík', 'f:noptieră', 'm:noční stolek', 'n:нощно шкафче', ['oak', 'pine', 'bamboo'], [25, 180], 4, '94035000'),
  dining_table: noun(
    'Dining Table',
    'm:Esstisch',
    'étkezőasztal',
    'm:jedálenský stôl',
    'f:masă de sufragerie',
    'm:jídelní stůl',
    'f:трапезна маса',
    ['oak', 'pine', 'glass'],
    [120, 900],
    5,
    '94036010',
  ),
  dining_chair: noun(
    'Dining Chair',
    'm:Esszimmerstuhl',
    'étkezőszék',
    'f:jedálenská stolička',
    'n:scaun de sufragerie',
    'f:jídelní židle',
    'm:трапезен стол',
    ['oak', 'pine', 'steel', 'leather', 'plastic'],
    [25, 220],
    4,
    '94016900',
  ),
  shelf: noun('Shelf', 'n:Regal', 'polc', 'm:regál', 'n:raft', 'm:regál', 'm:стелаж', ['steel', 'oak', 'pine', 'bamboo', 'aluminium'], [25, 260], 5, '94032080'),
  wall_shelf: noun('Wall Shelf', 'n:Wandregal', 'fali polc', 'f:nástenná polica', 'n:raft de perete', 'f:nástěnná police', 'm:стенен рафт', ['oak', 'pine', 'steel', 'glass'], [8, 80], 3, '94036090'),
  building_set: noun('Building Set', 'm:Baukasten', 'építőkészlet', 'f:stavebnica', 'n:set de construcție', 'f:stavebnice', 'm:конструктор', ['plastic', 'beech'], [8, 120], 2, '95030035'),
  board_game: noun('Board Game', 'n:Brettspiel', 'társasjáték', 'f:spoločenská hra', 'n:joc de societate', 'f:společenská hra', 'f:настолна игра', [], [8, 55], 2, '95049080'),
  doll: noun('Doll', 'f:Puppe', 'baba', 'f:bábika', 'f:păpușă', 'f:panenka', 'f:кукла', ['cotton', 'plastic'], [5, 60], 2, '95030021'),
  swing: noun('Swing', 'f:Schaukel', 'hinta', 'f:hojdačka', 'n:leagăn', 'f:houpačka', 'f:люлка', ['pine', 'steel', 'plastic'], [20, 250], 4, '95069990'),
  kick_scooter: noun('Kick Scooter', 'm:Tretroller', 'roller', 'f:kolobežka', 'f:trotinetă', 'f:koloběžka', 'f:тротинетка', ['aluminium', 'steel'], [25, 180], 4, '95030010'),
  puzzle: noun('Jigsaw Puzzle', 'n:Puzzle', 'kirakós játék', 'n:puzzle', 'n:puzzle', 'n:puzzle', 'm:пъзел', ['paper', 'beech'], [4, 30], 2, '95030061'),
  dumbbell: noun('Dumbbell', 'f:Kurzhantel', 'kézisúlyzó', 'f:jednoručná činka', 'f:ganteră', 'f:jednoruční činka', 'm:дъмбел', ['castIron', 'steel', 'rubber'], [6, 90], 3, '95069110'),
  yoga_mat: noun('Yoga Mat', 'f:Yogamatte', 'jógaszőnyeg', 'f:podložka na jogu', 'f:saltea de yoga', 'f:podložka na jógu', 'f:постелка за йога', ['rubber', 'cotton'], [6, 60], 3, '95069110'),
  resistance_band: noun(
    'Resistance Band',
    'n:Widerstandsband',
    'erősítő gumiszalag',
    'f:posilňovacia guma',
    'f:bandă elastică',
    'f:posilovací guma',
    'm:ластик за упражнения',
    ['rubber', 'fabric'],
    [2, 20],
    1,
    '95069110',
  ),
  bike_helmet: noun(
    'Bicycle Helmet',
    'm:Fahrradhelm',
    'kerékpáros bukósisak',
    'f:cyklistická prilba',
    'f:cască de bicicletă',
    'f:cyklistická přilba',
    'f:велосипедна каска',
    ['carbon', 'plastic'],
    [15, 140],
    2,
    '65061080',
  ),
  bike_lock: noun('Bike Lock', 'n:Fahrradschloss', 'kerékpárzár', 'm:zámok na bicykel', 'n:lacăt de bicicletă', 'm:zámek na kolo', 'm:катинар за велосипед', ['steel'], [6, 70], 2, '83013000'),
  sleeping_bag: noun('Sleeping Bag', 'm:Schlafsack', 'hálózsák', 'm:spací vak', 'm:sac de dormit', 'm:spací pytel', 'm:спален чувал', ['cotton', 'nylon', 'wool'], [20, 180], 3, '94043000'),
  camping_stove: noun(
    'Camping Stove',
    'm:Campingkocher',
    'kempingfőző',
    'm:kempingový varič',
    'n:aragaz de camping',
    'm:kempinkový vařič',
    'm:къмпинг котлон',
    ['steel', 'stainless', 'aluminium'],
    [12, 110],
    2,
    '73211110',
  ),
  football: noun('Football', 'm:Fußball', 'futball-labda', 'f:futbalová lopta', 'f:minge de fotbal', 'm:fotbalový míč', 'f:футболна топка', ['leather', 'rubber'], [6, 60], 2, '95066200'),
  basketball: noun(
    'Basketball',
    'm:Basketball',
    'kosárlabda',
    'f:basketbalová lopta',
    'f:minge de baschet',
    'm:basketbalový míč',
    'f:баскетболна топка',
    ['leather', 'rubber'],
    [8, 60],
    2,
    '95066200',
  ),
  ski_helmet: noun('Ski Helmet', 'm:Skihelm', 'sísisak', 'f:lyžiarska prilba', 'f:cască de schi', 'f:lyžařská přilba', 'f:ски каска', ['carbon', 'plastic'], [30, 200], 2, '65061080'),
  snow_shovel: noun(
    'Snow Shovel',
    'f:Schneeschaufel',
    'hólapát',
    'f:lopata na sneh',
    'f:lopată de zăpadă',
    'f:lopata na sníh',
    'f:лопата за сняг',
    ['aluminium', 'plastic', 'steel'],
    [8, 45],
    4,
    '82011000',
  ),
  headset: noun('Headset', 'n:Headset', 'fejhallgató', 'f:náhlavná súprava', 'n:set de căști', 'f:náhlavní souprava', 'm:комплект слушалки', [], [10, 180], 2, '85183000'),
  speaker: noun(
    'Bluetooth Speaker',
    'm:Bluetooth-Lautsprecher',
    'Bluetooth hangszóró',
    'm:Bluetooth reproduktor',
    'f:boxă Bluetooth',
    'm:Bluetooth reproduktor',
    'f:Bluetooth тонколона',
    ['aluminium', 'plastic', 'oak'],
    [15, 250],
    2,
    '85182200',
  ),
  usb_cable: noun('USB-C Cable', 'n:USB-C-Kabel', 'USB-C kábel', 'm:USB-C kábel', 'n:cablu USB-C', 'm:USB-C kabel', 'm:USB-C кабел', ['nylon', 'plastic'], [1, 15], 1, '85444290'),
  travel_adapter: noun('Travel Adapter', 'm:Reiseadapter', 'utazó adapter', 'm:cestovný adaptér', 'n:adaptor de călătorie', 'm:cestovní adaptér', 'm:адаптер за пътуване', [], [4, 25], 1, '85366990'),
  charger: noun('Charger', 'n:Ladegerät', 'töltő', 'f:nabíjačka', 'n:încărcător', 'f:nabíječka', 'n:зарядно устройство', [], [5, 45], 1, '85044083'),
  power_bank: noun('Power Bank', 'f:Powerbank', 'powerbank', 'f:powerbanka', 'f:baterie externă', 'f:powerbanka', 'f:външна батерия', ['aluminium', 'plastic'], [8, 60], 1, '85076000'),
  smart_plug: noun('Smart Plug', 'f:WLAN-Steckdose', 'okos konnektor', 'f:inteligentná zásuvka', 'f:priză inteligentă', 'f:chytrá zásuvka', 'm:смарт контакт', [], [6, 30], 1, '85366990'),
  smart_thermostat: noun(
    'Smart Thermostat',
    'n:Smart-Thermostat',
    'okos termosztát',
    'm:inteligentný termostat',
    'n:termostat inteligent',
    'm:chytrý termostat',
    'm:смарт термостат',
    [],
    [30, 180],
    2,
    '90321020',
  ),
  battery_pack: noun(
    'AA Battery Pack',
    'n:AA-Batteriepack',
    'AA elemcsomag',
    'n:balenie batérií AA',
    'n:pachet de baterii AA',
    'n:balení baterií AA',
    'm:пакет батерии AA',
    [],
    [2, 15],
    1,
    '85061018',
  ),
  office_chair: noun(
    'Office Chair',
    'm:Bürostuhl',
    'irodai szék',
    'f:kancelárska stolička',
    'n:scaun de birou',
    'f:kancelářská židle',
    'm:офис стол',
    ['leather', 'fabric', 'steel'],
    [45, 450],
    4,
    '94013100',
  ),
  desk: noun('Desk', 'm:Schreibtisch', 'íróasztal', 'm:písací stôl', 'n:birou', 'm:psací stůl', 'n:бюро', ['oak', 'pine', 'steel', 'glass'], [60, 500], 5, '94033011'),
  standing_desk: noun(
    'Standing Desk',
    'm:höhenverstellbarer Schreibtisch',
    'állítható magasságú íróasztal',
    'm:výškovo nastaviteľný stôl',
    'n:birou reglabil pe înălțime',
    'm:výškově nastavitelný stůl',
    'n:регулируемо бюро',
    ['oak', 'steel', 'bamboo'],
    [180, 900],
    5,
    '94033019',
  ),
  pen: noun('Ballpoint Pen', 'm:Kugelschreiber', 'golyóstoll', 'n:guľôčkové pero', 'n:pix', 'n:kuličkové pero', 'f:химикалка', ['brass', 'steel', 'plastic', 'aluminium'], [0.5, 40], 1, '96081092'),
  notebook: noun('Notebook', 'n:Notizbuch', 'jegyzetfüzet', 'm:zápisník', 'n:caiet', 'm:zápisník', 'f:тетрадка', ['paper', 'leather'], [1, 25], 1, '48202000'),
  ring_binder: noun('Ring Binder', 'm:Ringordner', 'gyűrűs iratrendező', 'm:krúžkový šanón', 'n:biblioraft', 'm:kroužkový pořadač', 'm:класьор', ['paper', 'plastic'], [1, 10], 2, '48203000'),
  desk_organiser: noun(
    'Desk Organiser',
    'm:Schreibtisch-Organizer',
    'asztali rendszerező',
    'm:stolový organizér',
    'n:organizator de birou',
    'm:stolní organizér',
    'm:органайзер за бюро',
    ['bamboo', 'oak', 'steel', 'plastic', 'leather'],
    [4, 45],
    2,
    '39261000',
  ),
  dog_bed: noun('Dog Bed', 'n:Hundebett', 'kutyafekhely', 'm:pelech pre psa', 'n:culcuș pentru câini', 'm:pelíšek pro psa', 'n:легло за куче', ['cotton', 'fabric', 'linen'], [10, 120], 4, '63079098'),
  leash: noun('Dog Leash', 'f:Hundeleine', 'kutyapóráz', 'f:vôdzka pre psa', 'f:lesă pentru câini', 'n:vodítko pro psa', 'f:каишка за куче', ['leather', 'nylon'], [3, 40], 1, '42010000'),
  chew_toy: noun('Chew Toy', 'n:Kauspielzeug', 'rágójáték', 'f:hryzačka', 'f:jucărie de ros', 'n:kousátko', 'f:играчка за дъвчене', ['rubber', 'cotton'], [1, 15], 1, '42010000'),
  scratching_post: noun('Scratching Post', 'm:Kratzbaum', 'kaparófa', 'n:škrabadlo', 'm:stâlp de zgâriat', 'n:škrabadlo', 'f:драскалка', [], [12, 150], 4, '44219999'),
  litter_box: noun(
    'Litter Box',
    'f:Katzentoilette',
    'macskatoalett',
    'f:mačacia toaleta',
    'f:litieră pentru pisici',
    'f:kočičí toaleta',
    'f:котешка тоалетна',
    ['plastic', 'stainless'],
    [6, 70],
    3,
    '39249000',
  ),
  aquarium: noun('Aquarium', 'n:Aquarium', 'akvárium', 'n:akvárium', 'n:acvariu', 'n:akvárium', 'm:аквариум', ['glass'], [25, 400], 4, '70200080'),
  aquarium_filter: noun('Aquarium Filter', 'm:Aquarienfilter', 'akváriumszűrő', 'm:akváriový filter', 'n:filtru de acvariu', 'm:akvarijní filtr', 'm:филтър за аквариум', [], [6, 90], 2, '84212100'),
  rodent_cage: noun(
    'Rodent Cage',
    'm:Nagerkäfig',
    'rágcsálóketrec',
    'f:klietka pre hlodavce',
    'f:cușcă pentru rozătoare',
    'f:klec pro hlodavce',
    'f:клетка за гризачи',
    ['steel', 'plastic'],
    [15, 140],
    4,
    '73269098',
  ),
  bird_cage: noun('Bird Cage', 'm:Vogelkäfig', 'madárkalitka', 'f:klietka pre vtáky', 'f:colivie', 'f:klec pro ptáky', 'f:клетка за птици', ['steel', 'bamboo', 'brass'], [15, 160], 4, '73269098'),
  bird_feeder: noun(
    'Bird Feeder',
    'n:Vogelfutterhaus',
    'madáretető',
    'n:kŕmidlo pre vtáky',
    'f:hrănitoare pentru păsări',
    'n:krmítko pro ptáky',
    'f:хранилка за птици',
    ['pine', 'steel', 'plastic'],
    [4, 45],
    2,
    '44219999',
  ),
  shower_set: noun('Shower Set', 'n:Duschset', 'zuhanyszett', 'm:sprchový set', 'n:set de duș', 'm:sprchový set', 'm:душ комплект', ['stainless', 'brass'], [20, 350], 3, '84818011'),
  bathroom_cabinet: noun(
    'Bathroom Cabinet',
    'm:Badschrank',
    'fürdőszobaszekrény',
    'f:kúpeľňová skrinka',
    'n:dulap de baie',
    'f:koupelnová skříňka',
    'm:шкаф за баня',
    ['oak', 'bamboo', 'pine'],
    [40, 400],
    4,
    '94036090',
  ),
  mirror_cabinet: noun(
    'Mirror Cabinet',
    'm:Spiegelschrank',
    'tükrös szekrény',
    'f:zrkadlová skrinka',
    'n:dulap cu oglindă',
    'f:zrcadlová skříňka',
    'm:шкаф с огледало',
    ['aluminium', 'oak', 'glass'],
    [45, 350],
    4,
    '94036090',
  ),
  bath_towel: noun('Bath Towel', 'n:Badetuch', 'fürdőlepedő', 'f:osuška', 'n:prosop de baie', 'f:osuška', 'f:хавлиена кърпа', ['cotton', 'linen', 'bamboo'], [4, 40], 2, '63026000'),
  soap_dispenser: noun(
    'Soap Dispenser',
    'm:Seifenspender',
    'szappanadagoló',
    'm:dávkovač mydla',
    'n:dozator de săpun',
    'm:dávkovač mýdla',
    'm:дозатор за сапун',
    ['ceramic', 'glass', 'stainless', 'bamboo'],
    [3, 35],
    1,
    '39249000',
  ),
  toothbrush_holder: noun(
    'Toothbrush Holder',
    'm:Zahnbürstenhalter',
    'fogkefetartó',
    'm:držiak na zubné kefky',
    'n:suport pentru periuțe de dinți',
    'm:držák na zubní kartáčky',
    'f:поставка за четки за зъби',
    ['ceramic', 'glass', 'bamboo'],
    [2, 25],
    1,
    '69120085',
  ),
  basin_mixer: noun(
    'Basin Mixer',
    'f:Waschtischarmatur',
    'mosdócsaptelep',
    'f:umývadlová batéria',
    'f:baterie pentru lavoar',
    'f:umyvadlová baterie',
    'm:смесител за мивка',
    ['brass', 'stainless'],
    [18, 260],
    2,
    '84818011',
  ),
  charcoal_grill: noun(
    'Charcoal Grill',
    'm:Holzkohlegrill',
    'faszenes grillsütő',
    'm:gril na drevené uhlie',
    'n:grătar pe cărbune',
    'm:gril na dřevěné uhlí',
    'n:барбекю на въглища',
    ['steel', 'castIron', 'stainless'],
    [25, 350],
    4,
    '73211190',
  ),
  gas_grill: noun('Gas Grill', 'm:Gasgrill', 'gázgrill', 'm:plynový gril', 'n:grătar pe gaz', 'm:plynový gril', 'n:газово барбекю', ['steel', 'stainless'], [120, 900], 5, '73211110'),
  tent: noun('Tent', 'n:Zelt', 'sátor', 'm:stan', 'n:cort', 'm:stan', 'f:палатка', ['nylon', 'cotton'], [30, 500], 3, '63062200'),
  parasol: noun('Parasol', 'm:Sonnenschirm', 'napernyő', 'm:slnečník', 'f:umbrelă de soare', 'm:slunečník', 'm:градински чадър', ['aluminium', 'steel', 'bamboo'], [20, 300], 4, '66011000'),
  pool: noun(
    'Above-Ground Pool',
    'm:Aufstellpool',
    'földfeletti medence',
    'm:nadzemný bazén',
    'f:piscină supraterană',
    'm:nadzemní bazén',
    'm:надземен басейн',
    ['steel', 'plastic'],
    [60, 900],
    5,
    '95069990',
  ),
  backpack: noun(
    'Hiking Backpack',
    'm:Wanderrucksack',
    'túrahátizsák',
    'm:turistický batoh',
    'n:rucsac de drumeție',
    'm:turistický batoh',
    'f:туристическа раница',
    ['nylon', 'cotton'],
    [15, 180],
    3,
    '42029291',
  ),
  water_bottle: noun('Water Bottle', 'f:Trinkflasche', 'kulacs', 'f:fľaša na vodu', 'n:bidon', 'f:láhev na vodu', 'f:манерка', ['stainless', 'aluminium', 'plastic'], [3, 35], 1, '73239300'),
} satisfies Record<string, Noun>;
export type NounKey = keyof typeof nouns;

const cap = (s: string): string => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** The product name in every language; `model` ("S-204") is identical across languages. */
export function productName(n: Noun, a: Adjective, m: Material | undefined, model: string): Ml {
  const join = (...parts: (string | undefined | false)[]) => cap(parts.filter(Boolean).join(' '));
  return {
    en: join(a.en, m?.en, n.en, model),
    de: join(cap(a.de[n.de.g]), n.de.text, m && `aus ${m.de}`, model),
    hu: join(a.hu, m?.hu, n.hu, model),
    sk: join(a.sk[n.sk.g], m?.sk[n.sk.g], n.sk.text, model),
    ro: join(n.ro.text, a.ro[n.ro.g], m && `din ${m.ro}`, model),
    cs: join(a.cs[n.cs.g], m?.cs[n.cs.g], n.cs.text, model),
    bg: join(a.bg[n.bg.g], m?.bg[n.bg.g], n.bg.text, model),
  };
}

/** Selling points for short descriptions; nominal phrases, so no gender agreement is needed. */
export const features: Ml[] = [
  { en: 'Easy cleaning', de: 'Einfache Reinigung', hu: 'Egyszerű tisztítás', sk: 'Jednoduché čistenie', ro: 'Curățare ușoară', cs: 'Snadné čištění', bg: 'Лесно почистване' },
  {
    en: 'For everyday use',
    de: 'Für den täglichen Gebrauch',
    hu: 'Mindennapi használatra',
    sk: 'Na každodenné použitie',
    ro: 'Pentru utilizare zilnică',
    cs: 'Pro každodenní použití',
    bg: 'За ежедневна употреба',
  },
  { en: '2-year warranty', de: '2 Jahre Garantie', hu: '2 év garancia', sk: 'Záruka 2 roky', ro: 'Garanție 2 ani', cs: 'Záruka 2 roky', bg: '2 години гаранция' },
  { en: 'Long service life', de: 'Lange Lebensdauer', hu: 'Hosszú élettartam', sk: 'Dlhá životnosť', ro: 'Durată lungă de viață', cs: 'Dlouhá životnost', bg: 'Дълъг експлоатационен живот' },
  {
    en: 'Recyclable packaging',
    de: 'Recycelbare Verpackung',
    hu: 'Újrahasznosítható csomagolás',
    sk: 'Recyklovateľný obal',
    ro: 'Ambalaj reciclabil',
    cs: 'Recyklovatelný obal',
    bg: 'Рециклируема опаковка',
  },
  {
    en: 'Tested to EU safety standards',
    de: 'Nach EU-Sicherheitsnormen geprüft',
    hu: 'Az EU biztonsági szabványai szerint tesztelve',
    sk: 'Testované podľa bezpečnostných noriem EÚ',
    ro: 'Testat conform standardelor de siguranță UE',
    cs: 'Testováno podle bezpečnostních norem EU',
    bg: 'Тествано по стандартите за безопасност на ЕС',
  },
  { en: 'Quick assembly', de: 'Schnelle Montage', hu: 'Gyors összeszerelés', sk: 'Rýchla montáž', ro: 'Asamblare rapidă', cs: 'Rychlá montáž', bg: 'Бърз монтаж' },
  {
    en: 'Spare parts available',
    de: 'Ersatzteile erhältlich',
    hu: 'Pótalkatrészek kaphatók',
    sk: 'Náhradné diely k dispozícii',
    ro: 'Piese de schimb disponibile',
    cs: 'Náhradní díly k dispozici',
    bg: 'Налични резервни части',
  },
  {
    en: 'Free returns within 30 days',
    de: 'Kostenlose Rückgabe innerhalb von 30 Tagen',
    hu: 'Ingyenes visszaküldés 30 napon belül',
    sk: 'Bezplatné vrátenie do 30 dní',
    ro: 'Retur gratuit în 30 de zile',
    cs: 'Bezplatné vrácení do 30 dnů',
    bg: 'Безплатно връщане в рамките на 30 дни',
  },
];

/** "{Noun} by {brand}, {collection} collection. {feature}. {feature}." in each language's word order. */
export function shortDescription(n: Noun, brand: string, collection: string | undefined, f1: Ml, f2: Ml): Ml {
  const noun: Record<Lang, string> = {
    en: n.en,
    de: n.de.text,
    hu: n.hu,
    sk: n.sk.text,
    ro: n.ro.text,
    cs: n.cs.text,
    bg: n.bg.text,
  };
  const lead: Record<Lang, string> = {
    en: `${noun.en} by ${brand}${collection ? `, ${collection} collection` : ''}`,
    de: `${noun.de} von ${brand}${collection ? `, Kollektion ${collection}` : ''}`,
    hu: `${brand} ${noun.hu}${collection ? `, ${collection} kollekció` : ''}`,
    sk: `${noun.sk} značky ${brand}${collection ? `, kolekcia ${collection}` : ''}`,
    ro: `${noun.ro} ${brand}${collection ? `, colecția ${collection}` : ''}`,
    cs: `${noun.cs} značky ${brand}${collection ? `, kolekce ${collection}` : ''}`,
    bg: `${noun.bg} на ${brand}${collection ? `, колекция ${collection}` : ''}`,
  };
  return Object.fromEntries(LANGS.map((l) => [l, `${cap(lead[l])}. ${f1[l]}. ${f2[l]}.`])) as Ml;
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A product's long description as the form's rich-text editor writes it: its name in bold, then the short description. */
export function longDescription(name: Ml, short: Ml): Ml {
  return Object.fromEntries(LANGS.map((l) => [l, `<p><strong>${escapeHtml(name[l])}</strong></p><p>${escapeHtml(short[l])}</p>`])) as Ml;
}
