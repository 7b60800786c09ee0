import type { Queryable } from '../types.ts';
import { insertRows, syncSerial } from './insert.ts';
import { ml, type Ml } from './languages.ts';
import type { NounKey } from './words.ts';

/** A category node; leaves list the nouns their products are named after, so names match the category. */
interface Node {
  names: Ml;
  nouns?: NounKey[];
  children?: Node[];
}
const leaf = (names: Ml, ...nouns: NounKey[]): Node => ({ names, nouns });
const node = (names: Ml, ...children: Node[]): Node => ({ names, children });

const tree: Node[] = [
  node(
    ml('Home & Garden', 'Haus & Garten', 'Otthon és kert', 'Dom a záhrada', 'Casă și grădină', 'Dům a zahrada', 'Дом и градина'),
    leaf(ml('Garden furniture', 'Gartenmöbel', 'Kerti bútorok', 'Záhradný nábytok', 'Mobilier de grădină', 'Zahradní nábytek', 'Градински мебели'), 'garden_chair', 'garden_table'),
    node(
      ml('Garden tools', 'Gartengeräte', 'Kerti szerszámok', 'Záhradné náradie', 'Unelte de grădină', 'Zahradní nářadí', 'Градински инструменти'),
      leaf(ml('Watering', 'Bewässerung', 'Öntözés', 'Zavlažovanie', 'Irigare', 'Zavlažování', 'Напояване'), 'watering_can', 'garden_hose'),
      leaf(ml('Lawn mowers', 'Rasenmäher', 'Fűnyírók', 'Kosačky', 'Mașini de tuns iarba', 'Sekačky', 'Косачки'), 'lawn_mower'),
      leaf(ml('Pruning tools', 'Schnittwerkzeuge', 'Metszőeszközök', 'Nástroje na orezávanie', 'Unelte de tăiere', 'Nástroje na prořezávání', 'Инструменти за резитба'), 'pruning_saw', 'garden_knife'),
    ),
    leaf(ml('Plant pots', 'Pflanzgefäße', 'Virágcserepek', 'Kvetináče', 'Ghivece', 'Květináče', 'Саксии'), 'plant_pot'),
    node(
      ml('Home decor', 'Wohndeko', 'Lakásdekoráció', 'Bytové dekorácie', 'Decorațiuni interioare', 'Bytové dekorace', 'Декорация за дома'),
      leaf(ml('Candle holders', 'Kerzenhalter', 'Gyertyatartók', 'Svietniky', 'Suporturi de lumânări', 'Svícny', 'Свещници'), 'candle_holder'),
      leaf(ml('Picture frames', 'Bilderrahmen', 'Képkeretek', 'Fotorámiky', 'Rame foto', 'Fotorámečky', 'Рамки за снимки'), 'picture_frame'),
      leaf(ml('Vases', 'Vasen', 'Vázák', 'Vázy', 'Vaze', 'Vázy', 'Вази'), 'vase'),
    ),
    leaf(ml('Storage', 'Aufbewahrung', 'Tárolás', 'Úložné riešenia', 'Depozitare', 'Úložná řešení', 'Съхранение'), 'storage_box', 'basket'),
  ),
  node(
    ml('Kitchen', 'Küche', 'Konyha', 'Kuchyňa', 'Bucătărie', 'Kuchyně', 'Кухня'),
    node(
      ml('Cookware', 'Kochgeschirr', 'Főzőedények', 'Riad na varenie', 'Vase de gătit', 'Nádobí na vaření', 'Съдове за готвене'),
      leaf(ml('Pots', 'Töpfe', 'Fazekak', 'Hrnce', 'Oale', 'Hrnce', 'Тенджери'), 'cooking_pot'),
      leaf(ml('Frying pans', 'Pfannen', 'Serpenyők', 'Panvice', 'Tigăi', 'Pánve', 'Тигани'), 'frying_pan'),
      leaf(ml('Pressure cookers', 'Schnellkochtöpfe', 'Kukták', 'Tlakové hrnce', 'Oale sub presiune', 'Tlakové hrnce', 'Тенджери под налягане'), 'pressure_cooker'),
    ),
    leaf(ml('Cutlery', 'Besteck', 'Evőeszközök', 'Príbory', 'Tacâmuri', 'Příbory', 'Прибори за хранене'), 'cutlery_set'),
    leaf(ml('Kitchen knives', 'Küchenmesser', 'Konyhakések', 'Kuchynské nože', 'Cuțite de bucătărie', 'Kuchyňské nože', 'Кухненски ножове'), 'chef_knife', 'knife_block'),
    node(
      ml('Small appliances', 'Küchenkleingeräte', 'Konyhai kisgépek', 'Malé kuchynské spotrebiče', 'Electrocasnice mici', 'Malé kuchyňské spotřebiče', 'Малки домакински уреди'),
      leaf(ml('Kettles', 'Wasserkocher', 'Vízforralók', 'Rýchlovarné kanvice', 'Fierbătoare', 'Rychlovarné konvice', 'Електрически кани'), 'kettle'),
      leaf(ml('Toasters', 'Toaster', 'Kenyérpirítók', 'Hriankovače', 'Prăjitoare de pâine', 'Topinkovače', 'Тостери'), 'toaster'),
      leaf(ml('Blenders', 'Standmixer', 'Turmixgépek', 'Mixéry', 'Blendere', 'Mixéry', 'Блендери'), 'blender'),
    ),
    leaf(ml('Food storage', 'Vorratsdosen', 'Ételtárolók', 'Dózy na potraviny', 'Recipiente pentru alimente', 'Dózy na potraviny', 'Кутии за храна'), 'food_container'),
  ),
  node(
    ml('Tools', 'Werkzeuge', 'Szerszámok', 'Náradie', 'Scule', 'Nářadí', 'Инструменти'),
    node(
      ml('Power tools', 'Elektrowerkzeuge', 'Elektromos szerszámok', 'Elektrické náradie', 'Scule electrice', 'Elektrické nářadí', 'Електрически инструменти'),
      leaf(ml('Drills', 'Bohrmaschinen', 'Fúrógépek', 'Vŕtačky', 'Mașini de găurit', 'Vrtačky', 'Бормашини'), 'cordless_drill', 'hammer_drill'),
      leaf(ml('Angle grinders', 'Winkelschleifer', 'Sarokcsiszolók', 'Uhlové brúsky', 'Polizoare unghiulare', 'Úhlové brusky', 'Ъглошлайфи'), 'angle_grinder'),
      leaf(ml('Jigsaws', 'Stichsägen', 'Dekopírfűrészek', 'Priamočiare píly', 'Fierăstraie pendulare', 'Přímočaré pily', 'Прободни триони'), 'jigsaw'),
    ),
    node(
      ml('Hand tools', 'Handwerkzeuge', 'Kéziszerszámok', 'Ručné náradie', 'Scule de mână', 'Ruční nářadí', 'Ръчни инструменти'),
      leaf(ml('Screwdrivers', 'Schraubendreher', 'Csavarhúzók', 'Skrutkovače', 'Șurubelnițe', 'Šroubováky', 'Отвертки'), 'screwdriver', 'screwdriver_set'),
      leaf(ml('Wrenches', 'Schraubenschlüssel', 'Csavarkulcsok', 'Kľúče', 'Chei fixe', 'Klíče', 'Гаечни ключове'), 'combination_wrench', 'adjustable_wrench'),
      leaf(ml('Hammers', 'Hämmer', 'Kalapácsok', 'Kladivá', 'Ciocane', 'Kladiva', 'Чукове'), 'hammer'),
    ),
    leaf(ml('Measuring tools', 'Messwerkzeuge', 'Mérőeszközök', 'Meracie nástroje', 'Instrumente de măsură', 'Měřicí nástroje', 'Измервателни инструменти'), 'spirit_level', 'tape_measure'),
    leaf(ml('Tool storage', 'Werkzeugaufbewahrung', 'Szerszámtárolók', 'Úložné boxy na náradie', 'Cutii de scule', 'Boxy na nářadí', 'Куфари за инструменти'), 'tool_box'),
    leaf(ml('Fasteners', 'Befestigungsmaterial', 'Kötőelemek', 'Spojovací materiál', 'Elemente de fixare', 'Spojovací materiál', 'Крепежни елементи'), 'screw_assortment'),
  ),
  node(
    ml('Lighting', 'Beleuchtung', 'Világítás', 'Osvetlenie', 'Iluminat', 'Osvětlení', 'Осветление'),
    leaf(ml('Ceiling lights', 'Deckenleuchten', 'Mennyezeti lámpák', 'Stropné svietidlá', 'Plafoniere', 'Stropní svítidla', 'Плафониери'), 'ceiling_light'),
    leaf(ml('Table lamps', 'Tischlampen', 'Asztali lámpák', 'Stolové lampy', 'Veioze', 'Stolní lampy', 'Настолни лампи'), 'table_lamp'),
    leaf(ml('Floor lamps', 'Stehlampen', 'Állólámpák', 'Stojacie lampy', 'Lampadare', 'Stojací lampy', 'Лампиони'), 'floor_lamp'),
    leaf(ml('LED bulbs', 'LED-Lampen', 'LED izzók', 'LED žiarovky', 'Becuri LED', 'LED žárovky', 'LED крушки'), 'led_bulb'),
    leaf(
      ml('Outdoor lighting', 'Außenbeleuchtung', 'Kültéri világítás', 'Vonkajšie osvetlenie', 'Iluminat exterior', 'Venkovní osvětlení', 'Външно осветление'),
      'outdoor_wall_light',
      'garden_lantern',
    ),
  ),
  node(
    ml('Furniture', 'Möbel', 'Bútorok', 'Nábytok', 'Mobilier', 'Nábytek', 'Мебели'),
    node(
      ml('Living room', 'Wohnzimmer', 'Nappali', 'Obývačka', 'Cameră de zi', 'Obývací pokoj', 'Всекидневна'),
      leaf(ml('Sofas', 'Sofas', 'Kanapék', 'Pohovky', 'Canapele', 'Pohovky', 'Дивани'), 'sofa'),
      leaf(ml('Coffee tables', 'Couchtische', 'Dohányzóasztalok', 'Konferenčné stolíky', 'Măsuțe de cafea', 'Konferenční stolky', 'Холни маси'), 'coffee_table'),
      leaf(ml('TV stands', 'TV-Möbel', 'TV-szekrények', 'TV stolíky', 'Comode TV', 'TV stolky', 'ТВ шкафове'), 'tv_stand'),
    ),
    node(
      ml('Bedroom', 'Schlafzimmer', 'Hálószoba', 'Spálňa', 'Dormitor', 'Ložnice', 'Спалня'),
      leaf(ml('Beds', 'Betten', 'Ágyak', 'Postele', 'Paturi', 'Postele', 'Легла'), 'bed'),
      leaf(ml('Wardrobes', 'Kleiderschränke', 'Ruhásszekrények', 'Šatníkové skrine', 'Dulapuri de haine', 'Šatní skříně', 'Гардероби'), 'wardrobe'),
      leaf(ml('Nightstands', 'Nachttische', 'Éjjeliszekrények', 'Nočné stolíky', 'Noptiere', 'Noční stolky', 'Нощни шкафчета'), 'nightstand'),
    ),
    leaf(ml('Dining room', 'Esszimmer', 'Étkező', 'Jedáleň', 'Sufragerie', 'Jídelna', 'Трапезария'), 'dining_table', 'dining_chair'),
    leaf(ml('Shelves', 'Regale', 'Polcok', 'Regály', 'Rafturi', 'Regály', 'Стелажи'), 'shelf', 'wall_shelf'),
  ),
  node(
    ml('Toys', 'Spielzeug', 'Játékok', 'Hračky', 'Jucării', 'Hračky', 'Играчки'),
    leaf(ml('Building sets', 'Baukästen', 'Építőjátékok', 'Stavebnice', 'Jocuri de construcție', 'Stavebnice', 'Конструктори'), 'building_set'),
    leaf(ml('Board games', 'Brettspiele', 'Társasjátékok', 'Spoločenské hry', 'Jocuri de societate', 'Společenské hry', 'Настолни игри'), 'board_game'),
    leaf(ml('Dolls', 'Puppen', 'Babák', 'Bábiky', 'Păpuși', 'Panenky', 'Кукли'), 'doll'),
    leaf(ml('Outdoor toys', 'Spielzeug für draußen', 'Kültéri játékok', 'Hračky na von', 'Jucării de exterior', 'Venkovní hračky', 'Играчки за навън'), 'swing', 'kick_scooter'),
    leaf(ml('Puzzles', 'Puzzles', 'Kirakók', 'Puzzle', 'Puzzle-uri', 'Puzzle', 'Пъзели'), 'puzzle'),
  ),
  node(
    ml('Sports', 'Sport', 'Sport', 'Šport', 'Sport', 'Sport', 'Спорт'),
    node(
      ml('Fitness', 'Fitness', 'Fitnesz', 'Fitness', 'Fitness', 'Fitness', 'Фитнес'),
      leaf(ml('Dumbbells', 'Hanteln', 'Kézisúlyzók', 'Činky', 'Gantere', 'Činky', 'Дъмбели'), 'dumbbell'),
      leaf(ml('Yoga mats', 'Yogamatten', 'Jógaszőnyegek', 'Podložky na jogu', 'Saltele de yoga', 'Podložky na jógu', 'Постелки за йога'), 'yoga_mat'),
      leaf(ml('Resistance bands', 'Widerstandsbänder', 'Erősítő gumiszalagok', 'Posilňovacie gumy', 'Benzi elastice', 'Posilovací gumy', 'Ластици за упражнения'), 'resistance_band'),
    ),
    leaf(ml('Cycling', 'Radsport', 'Kerékpározás', 'Cyklistika', 'Ciclism', 'Cyklistika', 'Колоездене'), 'bike_helmet', 'bike_lock'),
    leaf(ml('Camping', 'Camping', 'Kemping', 'Kempovanie', 'Camping', 'Kempování', 'Къмпинг'), 'sleeping_bag', 'camping_stove'),
    leaf(ml('Team sports', 'Mannschaftssport', 'Csapatsportok', 'Kolektívne športy', 'Sporturi de echipă', 'Týmové sporty', 'Отборни спортове'), 'football', 'basketball'),
    leaf(ml('Winter sports', 'Wintersport', 'Téli sportok', 'Zimné športy', 'Sporturi de iarnă', 'Zimní sporty', 'Зимни спортове'), 'ski_helmet', 'snow_shovel'),
  ),
  node(
    ml('Electronics', 'Elektronik', 'Elektronika', 'Elektronika', 'Electronice', 'Elektronika', 'Електроника'),
    node(
      ml('Audio', 'Audio', 'Audió', 'Audio', 'Audio', 'Audio', 'Аудио'),
      leaf(ml('Headphones', 'Kopfhörer', 'Fejhallgatók', 'Slúchadlá', 'Căști', 'Sluchátka', 'Слушалки'), 'headset'),
      leaf(ml('Speakers', 'Lautsprecher', 'Hangszórók', 'Reproduktory', 'Boxe', 'Reproduktory', 'Тонколони'), 'speaker'),
    ),
    leaf(ml('Cables & adapters', 'Kabel & Adapter', 'Kábelek és adapterek', 'Káble a adaptéry', 'Cabluri și adaptoare', 'Kabely a adaptéry', 'Кабели и адаптери'), 'usb_cable', 'travel_adapter'),
    leaf(ml('Chargers', 'Ladegeräte', 'Töltők', 'Nabíjačky', 'Încărcătoare', 'Nabíječky', 'Зарядни устройства'), 'charger', 'power_bank'),
    leaf(ml('Smart home', 'Smart Home', 'Okosotthon', 'Inteligentná domácnosť', 'Casă inteligentă', 'Chytrá domácnost', 'Умен дом'), 'smart_plug', 'smart_thermostat'),
    leaf(ml('Batteries', 'Batterien', 'Elemek', 'Batérie', 'Baterii', 'Baterie', 'Батерии'), 'battery_pack'),
  ),
  node(
    ml('Office', 'Büro', 'Iroda', 'Kancelária', 'Birou', 'Kancelář', 'Офис'),
    leaf(ml('Office chairs', 'Bürostühle', 'Irodai székek', 'Kancelárske stoličky', 'Scaune de birou', 'Kancelářské židle', 'Офис столове'), 'office_chair'),
    leaf(ml('Desks', 'Schreibtische', 'Íróasztalok', 'Písacie stoly', 'Birouri', 'Psací stoly', 'Бюра'), 'desk', 'standing_desk'),
    node(
      ml('Stationery', 'Schreibwaren', 'Írószerek', 'Papiernictvo', 'Papetărie', 'Papírnictví', 'Канцеларски материали'),
      leaf(ml('Pens', 'Kugelschreiber', 'Tollak', 'Perá', 'Pixuri', 'Pera', 'Химикалки'), 'pen'),
      leaf(ml('Notebooks', 'Notizbücher', 'Jegyzetfüzetek', 'Zápisníky', 'Caiete', 'Zápisníky', 'Тетрадки'), 'notebook'),
      leaf(ml('Folders', 'Ordner', 'Iratrendezők', 'Šanóny', 'Bibliorafturi', 'Pořadače', 'Класьори'), 'ring_binder'),
    ),
    leaf(ml('Desk organisers', 'Schreibtisch-Organizer', 'Asztali rendszerezők', 'Stolové organizéry', 'Organizatoare de birou', 'Stolní organizéry', 'Органайзери за бюро'), 'desk_organiser'),
  ),
  node(
    ml('Pets', 'Haustiere', 'Kisállatok', 'Domáce zvieratá', 'Animale de companie', 'Domácí mazlíčci', 'Домашни любимци'),
    node(
      ml('Dogs', 'Hunde', 'Kutyák', 'Psy', 'Câini', 'Psi', 'Кучета'),
      leaf(ml('Dog beds', 'Hundebetten', 'Kutyafekhelyek', 'Pelechy pre psy', 'Culcușuri pentru câini', 'Pelíšky pro psy', 'Легла за кучета'), 'dog_bed'),
      leaf(ml('Leashes', 'Leinen', 'Pórázok', 'Vôdzky', 'Lese', 'Vodítka', 'Каишки'), 'leash'),
      leaf(ml('Dog toys', 'Hundespielzeug', 'Kutyajátékok', 'Hračky pre psy', 'Jucării pentru câini', 'Hračky pro psy', 'Играчки за кучета'), 'chew_toy'),
    ),
    node(
      ml('Cats', 'Katzen', 'Macskák', 'Mačky', 'Pisici', 'Kočky', 'Котки'),
      leaf(ml('Scratching posts', 'Kratzbäume', 'Kaparófák', 'Škrabadlá', 'Stâlpi de zgâriat', 'Škrabadla', 'Драскалки'), 'scratching_post'),
      leaf(ml('Litter boxes', 'Katzentoiletten', 'Macskatoalettek', 'Mačacie toalety', 'Litiere', 'Kočičí toalety', 'Котешки тоалетни'), 'litter_box'),
    ),
    leaf(ml('Aquaristics', 'Aquaristik', 'Akvarisztika', 'Akvaristika', 'Acvaristică', 'Akvaristika', 'Аквариумистика'), 'aquarium', 'aquarium_filter'),
    leaf(ml('Small animals', 'Kleintiere', 'Kisemlősök', 'Malé zvieratá', 'Animale mici', 'Malá zvířata', 'Малки животни'), 'rodent_cage'),
    leaf(ml('Birds', 'Vögel', 'Madarak', 'Vtáky', 'Păsări', 'Ptáci', 'Птици'), 'bird_cage', 'bird_feeder'),
  ),
  node(
    ml('Bathroom', 'Bad', 'Fürdőszoba', 'Kúpeľňa', 'Baie', 'Koupelna', 'Баня'),
    leaf(ml('Shower systems', 'Duschsysteme', 'Zuhanyrendszerek', 'Sprchové systémy', 'Sisteme de duș', 'Sprchové systémy', 'Душ системи'), 'shower_set'),
    leaf(ml('Bathroom cabinets', 'Badschränke', 'Fürdőszobaszekrények', 'Kúpeľňové skrinky', 'Dulapuri de baie', 'Koupelnové skříňky', 'Шкафове за баня'), 'bathroom_cabinet', 'mirror_cabinet'),
    leaf(ml('Towels', 'Handtücher', 'Törölközők', 'Uteráky', 'Prosoape', 'Ručníky', 'Кърпи'), 'bath_towel'),
    leaf(
      ml('Bathroom accessories', 'Badaccessoires', 'Fürdőszobai kiegészítők', 'Kúpeľňové doplnky', 'Accesorii de baie', 'Koupelnové doplňky', 'Аксесоари за баня'),
      'soap_dispenser',
      'toothbrush_holder',
    ),
    leaf(ml('Faucets', 'Armaturen', 'Csaptelepek', 'Vodovodné batérie', 'Robinete', 'Vodovodní baterie', 'Смесители'), 'basin_mixer'),
  ),
  node(
    ml('Outdoor', 'Outdoor', 'Szabadtér', 'Outdoor', 'Exterior', 'Outdoor', 'На открито'),
    leaf(ml('Barbecues', 'Grills', 'Grillsütők', 'Grily', 'Grătare', 'Grily', 'Барбекюта'), 'charcoal_grill', 'gas_grill'),
    leaf(ml('Tents', 'Zelte', 'Sátrak', 'Stany', 'Corturi', 'Stany', 'Палатки'), 'tent'),
    leaf(ml('Parasols', 'Sonnenschirme', 'Napernyők', 'Slnečníky', 'Umbrele de soare', 'Slunečníky', 'Градински чадъри'), 'parasol'),
    leaf(ml('Pools', 'Pools', 'Medencék', 'Bazény', 'Piscine', 'Bazény', 'Басейни'), 'pool'),
    leaf(ml('Hiking', 'Wandern', 'Túrázás', 'Turistika', 'Drumeții', 'Turistika', 'Туризъм'), 'backpack', 'water_bottle'),
  ),
];

export interface CategoryRow {
  product_category_id: number;
  parent_category_id: number | null;
  position: number;
  product_category_names: Ml;
  level: number;
}
export interface Leaf {
  id: number;
  nouns: NounKey[];
}

/** Flattens the tree breadth-first with explicit ids, so every parent precedes its children. */
function flatten(): { rows: CategoryRow[]; leaves: Leaf[] } {
  const rows: CategoryRow[] = [];
  const leaves: Leaf[] = [];
  let level: { n: Node; parent: number | null; position: number }[] = tree.map((n, i) => ({ n, parent: null, position: i + 1 }));
  for (let depth = 1; level.length > 0; depth++) {
    const next: typeof level = [];
    for (const { n, parent, position } of level) {
      const id = rows.length + 1;
      rows.push({ product_category_id: id, parent_category_id: parent, position, product_category_names: n.names, level: depth });
      if (n.nouns) leaves.push({ id, nouns: n.nouns });
      n.children?.forEach((c, i) => next.push({ n: c, parent: id, position: i + 1 }));
    }
    level = next;
  }
  return { rows, leaves };
}

export const categories = flatten();

export async function seedCategories(tx: Queryable): Promise<void> {
  // One statement per level: parents exist before their children reference them.
  const maxLevel = Math.max(...categories.rows.map((r) => r.level));
  for (let l = 1; l <= maxLevel; l++) {
    await insertRows(
      tx,
      'app.product_categories',
      [
        ['product_category_id', 'int'],
        ['parent_category_id', 'int'],
        ['position', 'int'],
        ['product_category_names', 'jsonb'],
      ],
      categories.rows.filter((r) => r.level === l),
    );
  }
  await syncSerial(tx, 'app.product_categories', 'product_category_id');
}
