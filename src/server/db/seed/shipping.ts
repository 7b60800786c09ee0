/**
 * Demo shipping data (migration 044): the courier delivery method of each company is
 * Packeta's home delivery in its country (the carrier ID a Packeta import needs), and CMR
 * notes for the orders that went by pallet freight and were shipped, each taken over on
 * the day its order shipped, the goods named after the order's main product (its HS code),
 * carried by a haulier of the company's country. Deterministic: every value follows from
 * the orders (seed/salesOrders.ts).
 */
import type { Queryable } from '../types.ts';

/** Packeta's home-delivery carrier per country, and a haulier per company for the pallets. */
const carriers: Record<string, { packeta: string; haulier: string }> = {
  SK01: { packeta: '131', haulier: 'TransKarpat Logistik s.r.o.\nPriemyselná 12, 010 01 Žilina, SK' },
  HU01: { packeta: '4159', haulier: 'Rába Fuvar Kft.\nIpari park 4, 9027 Győr, HU' },
  CZ01: { packeta: '106', haulier: 'Moravia Trans s.r.o.\nVídeňská 88, 619 00 Brno, CZ' },
};

export async function seedShipping(tx: Queryable): Promise<void> {
  for (const [company, c] of Object.entries(carriers)) {
    await tx.query(`update app.delivery_methods set carrier_id = $2 where company_code = $1 and dm_code = 'courier'`, [company, c.packeta]);
    await tx.query(
      `insert into app.cmr_notes (company_code, order_id, taking_over_date, packages, packing, hs_name, hs_code, marks, carrier)
       select o.company_code, o.order_id, sh.at::date, 1 + o.order_id % 4, 'EUR pallet', coalesce(g.product_name ->> 'en', ''), coalesce(g.hs_code, ''),
              o.fsm_reference, $2
       from app.sales_orders o
       join app.delivery_methods dm on dm.dm_id = o.dm_id and dm.dm_code = 'pallet'
       join lateral (select h.at from app.fsm_history h where h.fsm_instance_id = o.fsm_instance_id and h.event_code = 'ship' order by h.history_id limit 1) sh on true
       left join lateral (select p.product_name, p.hs_code from app.sales_order_items it join app.products p using (product_code)
                          where it.order_id = o.order_id order by it.quantity desc, it.item_id limit 1) g on true
       where o.company_code = $1 and not o.deleted
       order by sh.at, o.order_id`,
      [company, c.haulier],
    );
  }
}
