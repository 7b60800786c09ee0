import type { Queryable } from '../types.ts';
import { companies, vats } from './companies.ts';
import { insertRows } from './insert.ts';
import { ml, type Ml } from './languages.ts';
import { productTypeId } from './catalogue.ts';

/**
 * The services each company charges for (spec §3 "Service": product_code, product_names):
 * products of type 'service', listed by services_brief. Prices are in the company's
 * currency (EUR, HUF, CZK), ending the way its shops price them.
 */
const services: [code: string, names: Ml, price: Record<string, number>][] = [
  ['DELIVERY', ml('Home delivery', 'Lieferung nach Hause', 'Házhozszállítás', 'Doručenie domov', 'Livrare la domiciliu', 'Doručení domů', 'Доставка до дома'), { EUR: 4.9, HUF: 1990, CZK: 129 }],
  ['INSTALL', ml('Installation', 'Installation', 'Beszerelés', 'Inštalácia', 'Instalare', 'Instalace', 'Монтаж'), { EUR: 49, HUF: 19990, CZK: 1290 }],
  ['ASSEMBLY', ml('Furniture assembly', 'Möbelmontage', 'Bútor-összeszerelés', 'Montáž nábytku', 'Asamblare mobilier', 'Montáž nábytku', 'Сглобяване на мебели'), { EUR: 29, HUF: 11990, CZK: 749 }],
  ['GIFTWRAP', ml('Gift wrapping', 'Geschenkverpackung', 'Ajándékcsomagolás', 'Darčekové balenie', 'Ambalare cadou', 'Dárkové balení', 'Опаковане за подарък'), { EUR: 3.5, HUF: 1490, CZK: 89 }],
];

export async function seedServices(tx: Queryable): Promise<void> {
  const pt = productTypeId('service');
  await insertRows(
    tx,
    'app.products',
    [
      ['product_code', 'text'],
      ['company_code', 'text'],
      ['product_name', 'jsonb'],
      ['pt_id', 'int'],
      ['vat_id', 'int'],
      ['selling_price_shop', 'numeric'],
      ['unit_price', 'numeric'],
      ['calc_unit_price', 'numeric'],
      ['keep_in_stock', 'smallint'],
    ],
    companies.flatMap((c) =>
      services.map(([code, names, price]) => ({
        product_code: `SVC-${c.code}-${code}`,
        company_code: c.code,
        product_name: names,
        pt_id: pt,
        vat_id: vats.find((v) => v.company === c.code && v.isDefault)?.id ?? null,
        selling_price_shop: price[c.currency],
        unit_price: price[c.currency],
        calc_unit_price: price[c.currency],
        keep_in_stock: 0,
      })),
    ),
  );
}
