/** Warehouse and purchasing: pick lists, goods received, purchase orders from the goods to order. */
import * as v from 'valibot';
import { defineAction } from './defineAction.ts';
import { productCode } from './fields.ts';

/** `pick_list_create` add (/warehouse/pick_lists): a pick list of the paid orders given (absent: every paid order of the company) with goods to pick. */
export const PickListCreatePayload = v.strictObject({
  order_ids: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.minLength(1, 'at least one order'), v.maxLength(1000, 'at most 1000 orders'))),
});
/** The list made: its key, number and lines; `short`: what it could not take per order and product (stock earlier orders reserve, or no storage holds), the product's name in the user's language. */
export const PickListCreateOutput = v.object({
  data: v.object({
    pick_list_id: v.number(),
    pick_list_no: v.string(),
    lines: v.number(),
    short: v.array(v.object({ order: v.string(), product: v.string(), name: v.string(), short: v.number() })),
  }),
});
/** `receive_purchase_orders` add (/warehouse/arriving_shipments): every open line of the orders received in full, onto `storage_id` or each product's home storage. */
export const ReceivePurchaseOrdersPayload = v.strictObject({
  po_ids: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.minLength(1, 'at least one purchase order'), v.maxLength(100, 'at most 100 purchase orders')),
  storage_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
/** Receipts written and the orders closed as received by them. */
export const ReceivePurchaseOrdersOutput = v.object({ data: v.object({ receipts: v.number(), quantity: v.number(), received: v.number() }) });
/** `goods_to_order_create` add (/purchasing/goods_to_order): draft purchase orders, one per supplier (the line's, else the product's default or cheapest). */
export const GoodsToOrderCreatePayload = v.strictObject({
  lines: v.pipe(
    v.array(
      v.strictObject({
        product_code: productCode,
        quantity: v.pipe(v.number(), v.finite(), v.minValue(0.001, 'a quantity is positive'), v.maxValue(1_000_000)),
        partner_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      }),
    ),
    v.minLength(1, 'at least one line'),
    v.maxLength(1000, 'at most 1000 lines'),
    v.check((ls) => new Set(ls.map((l) => l.product_code)).size === ls.length, 'a product is named twice'),
  ),
});
/** The draft purchase orders made. */
export const GoodsToOrderCreateOutput = v.object({ data: v.object({ po_ids: v.array(v.number()), references: v.array(v.string()) }) });

export const warehouseActions = {
  pick_list_create: defineAction({
    entity: 'pick_list_create',
    action: 'add',
    page: '/warehouse/pick_lists',
    flag: 'add',
    input: PickListCreatePayload,
    output: PickListCreateOutput,
    summary: 'A pick list of the paid orders given (else every paid order of the company with goods to pick), and what it could not take.',
  }),
  receive_purchase_orders: defineAction({
    entity: 'receive_purchase_orders',
    action: 'add',
    page: '/warehouse/arriving_shipments',
    flag: 'add',
    input: ReceivePurchaseOrdersPayload,
    output: ReceivePurchaseOrdersOutput,
    summary: "Every open line of the purchase orders received in full, onto one storage or each product's home storage (none: 400 `receipt_storage_missing`).",
  }),
  goods_to_order_create: defineAction({
    entity: 'goods_to_order_create',
    action: 'add',
    page: '/purchasing/goods_to_order',
    flag: 'add',
    input: GoodsToOrderCreatePayload,
    output: GoodsToOrderCreateOutput,
    summary: 'Purchase orders from the goods to order, one per supplier.',
  }),
};
