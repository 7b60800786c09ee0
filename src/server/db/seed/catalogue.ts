import type { Queryable } from '../types.ts';
import { insertRows, syncSerial, type Column } from './insert.ts';
import { ml, type Ml } from './languages.ts';

// Invented names, so the demo never looks like it sells real brands. Ids are index + 1.
export const brands = [
  'Nordvik',
  'Ferrano',
  'Halvex',
  'Brixly',
  'Lumora',
  'Kestrelo',
  'Vandora',
  'Oakridge Home',
  'Solvane',
  'Trivex',
  'Grenmark',
  'Altaro',
  'Bellcraft',
  'Corvina',
  'Durovo',
  'Elmstead',
  'Fjordell',
  'Granito',
  'Hestia Living',
  'Ironvale',
  'Juniper & Co.',
  'Kaldera',
  'Lindqvist',
  'Marvik Tools',
  'Novaterm',
  'Orbisa',
  'Pellucid',
  'Quillon',
  'Rovana',
  'Silvano',
  'Tandem Play',
  'Ulmer Garten',
  'Verdella',
  'Wolfram Pro',
  'Xenolux',
  'Yarrow',
  'Zentro',
  'Arcadia Pets',
  'Bolero Sport',
  'Cirrus Office',
];

/** Manufacturer name and home country; the country doubles as the usual country of origin. */
export const manufacturers: [name: string, country: string][] = [
  ['Bratislava Metalwork a.s.', 'SK'],
  ['Tatra Sport s.r.o.', 'SK'],
  ['Pannon Plast Zrt.', 'HU'],
  ['Danube Pets Kft.', 'HU'],
  ['Morava Dřevo s.r.o.', 'CZ'],
  ['Brno Electric s.r.o.', 'CZ'],
  ['Rheinstahl Haushaltswaren GmbH', 'DE'],
  ['Alpenlicht GmbH', 'AT'],
  ['Silesia Tools Sp. z o.o.', 'PL'],
  ['Transilvania Mobila S.R.L.', 'RO'],
  ['Balkan Ceramics EOOD', 'BG'],
  ['Lombardia Casa S.p.A.', 'IT'],
  ['Lyon Luminaires SAS', 'FR'],
  ['Iberia Jardín S.L.', 'ES'],
  ['Lusitânia Cerâmica Lda.', 'PT'],
  ['Flanders Office NV', 'BE'],
  ['Holland Garden B.V.', 'NL'],
  ['Nordic Timber AB', 'SE'],
  ['Baltic Paper UAB', 'LT'],
  ['Ljubljana Bath d.o.o.', 'SI'],
  ['Helvetic Precision AG', 'CH'],
  ['Fjord Outdoor AS', 'NO'],
  ['Anatolia Tekstil A.Ş.', 'TR'],
  ['Midlands Lighting Ltd.', 'GB'],
  ['Ohio Tool Company', 'US'],
  ['Shenzhen Brightway Electronics Co., Ltd.', 'CN'],
  ['Ningbo Homeline Manufacturing Co., Ltd.', 'CN'],
  ['Yangtze Toys Co., Ltd.', 'CN'],
  ['Taipei Precision Industries Corp.', 'TW'],
  ['Saigon Home Products JSC', 'VN'],
  ['Osaka Kitchenware K.K.', 'JP'],
  ['Gujarat Brassworks Pvt. Ltd.', 'IN'],
];

/** pt_code and names; products mostly use the physical ones. Ids are index + 1. */
export const productTypes: [code: string, names: Ml][] = [
  ['goods', ml('Goods', 'Ware', 'Áru', 'Tovar', 'Marfă', 'Zboží', 'Стока')],
  ['service', ml('Service', 'Dienstleistung', 'Szolgáltatás', 'Služba', 'Serviciu', 'Služba', 'Услуга')],
  ['set', ml('Set', 'Set', 'Készlet', 'Súprava', 'Set', 'Sada', 'Комплект')],
  ['spare_part', ml('Spare part', 'Ersatzteil', 'Alkatrész', 'Náhradný diel', 'Piesă de schimb', 'Náhradní díl', 'Резервна част')],
  ['accessory', ml('Accessory', 'Zubehör', 'Tartozék', 'Príslušenstvo', 'Accesoriu', 'Příslušenství', 'Аксесоар')],
  ['consumable', ml('Consumable', 'Verbrauchsmaterial', 'Fogyóeszköz', 'Spotrebný materiál', 'Consumabil', 'Spotřební materiál', 'Консуматив')],
  ['gift_card', ml('Gift card', 'Geschenkkarte', 'Ajándékkártya', 'Darčeková karta', 'Card cadou', 'Dárková karta', 'Карта за подарък')],
  ['digital', ml('Digital product', 'Digitales Produkt', 'Digitális termék', 'Digitálny produkt', 'Produs digital', 'Digitální produkt', 'Дигитален продукт')],
  ['refurbished', ml('Refurbished product', 'Generalüberholtes Produkt', 'Felújított termék', 'Repasovaný produkt', 'Produs recondiționat', 'Repasovaný produkt', 'Обновен продукт')],
  ['packaging', ml('Packaging', 'Verpackung', 'Csomagolóanyag', 'Obalový materiál', 'Ambalaj', 'Obalový materiál', 'Опаковка')],
];
export const productTypeId = (code: string): number => {
  const i = productTypes.findIndex(([c]) => c === code);
  if (i < 0) throw new Error(`unknown product type ${code}`);
  return i + 1;
};

/** Product lines ("ct"); ids are index + 1. */
export const collections = [
  'Nordic',
  'Pro Series',
  'Classic',
  'Urban',
  'Heritage',
  'Eco Line',
  'Premium',
  'Essentials',
  'Studio',
  'Outdoor Plus',
  'Compact',
  'Vintage',
  'Signature',
  'Smart Home',
  'Kids Club',
];

/** Packaging material weights in kg per unit (for packaging-waste reporting); one material dominates each. */
export const packingTemplates: [name: string, metal: number, wood: number, plastic: number, paper: number][] = [
  ['Metal box', 0.85, 0, 0.02, 0.015],
  ['Wooden crate', 0.12, 4.2, 0, 0.05],
  ['Plastic bag', 0, 0, 0.035, 0.005],
  ['Paper carton', 0, 0, 0.03, 0.42],
];
export const PACKING = { metalBox: 1, woodenCrate: 2, plasticBag: 3, paperCarton: 4 } as const;

/** The product type rows without their ids (reference data, synced on every start by referenceSync.ts). */
export const productTypeRows = productTypes.map(([pt_code, pt_names]) => ({ pt_code, pt_names }));

/** The packing template rows without their ids (likewise). */
export const packingTemplateRows = packingTemplates.map(([packing_template_name, metal, wood, plastic, paper]) => ({ packing_template_name, metal, wood, plastic, paper }));

/** A product type's and a packing template's columns without their ids (the reference sync writes these). */
export const productTypeColumns: readonly Column[] = [
  ['pt_code', 'text'],
  ['pt_names', 'jsonb'],
];
export const packingTemplateColumns: readonly Column[] = [
  ['packing_template_name', 'text'],
  ['metal', 'numeric'],
  ['wood', 'numeric'],
  ['plastic', 'numeric'],
  ['paper', 'numeric'],
];

/**
 * Reference: the product types (services_brief lists the type 'service', migration 019) and
 * the packing templates — no screen maintains either, and products refer to both.
 */
export async function seedProductKinds(tx: Queryable): Promise<void> {
  await insertRows(
    tx,
    'app.product_types',
    [['pt_id', 'int'], ...productTypeColumns],
    productTypeRows.map((r, i) => ({ pt_id: i + 1, ...r })),
  );
  await syncSerial(tx, 'app.product_types', 'pt_id');

  await insertRows(
    tx,
    'app.packing_templates',
    [['packing_template_id', 'int'], ...packingTemplateColumns],
    packingTemplateRows.map((r, i) => ({ packing_template_id: i + 1, ...r })),
  );
  await syncSerial(tx, 'app.packing_templates', 'packing_template_id');
}

/** Demo: the invented brands, manufacturers and collections. */
export async function seedCatalogue(tx: Queryable): Promise<void> {
  await insertRows(
    tx,
    'app.brands',
    [
      ['brand_id', 'int'],
      ['brand_name', 'text'],
    ],
    brands.map((brand_name, i) => ({ brand_id: i + 1, brand_name })),
  );
  await syncSerial(tx, 'app.brands', 'brand_id');

  await insertRows(
    tx,
    'app.manufacturers',
    [
      ['mf_id', 'int'],
      ['mf_name', 'text'],
      ['country_code', 'text'],
    ],
    manufacturers.map(([mf_name, country_code], i) => ({ mf_id: i + 1, mf_name, country_code })),
  );
  await syncSerial(tx, 'app.manufacturers', 'mf_id');

  await insertRows(
    tx,
    'app.collections',
    [
      ['ct_id', 'int'],
      ['ct_name', 'text'],
    ],
    collections.map((ct_name, i) => ({ ct_id: i + 1, ct_name })),
  );
  await syncSerial(tx, 'app.collections', 'ct_id');
}
