import type { Queryable } from '../types.ts';
import { ml, type Ml } from './languages.ts';

/** How the UI offers an event (spec §4): button variant and icon, an optional checkbox (its label), whether it asks for an e-mail body. */
export interface EventParams {
  bv_variant: 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info';
  bv_icon: string;
  checkbox?: Ml;
  email?: true;
}

interface StateDef {
  code: string;
  names: Ml;
  initial?: true;
  final?: true;
  /** Offered as a filter of the records' lists (default true). */
  filter?: false;
}
interface EventDef {
  code: string;
  names: Ml;
  params: EventParams;
}
/** [event, from, to, timeout seconds of the state entered, shown in fsm_actions (default true), shown as a button (default false)]. */
type TransitionDef = [event: string, from: string, to: string, timeout?: number | null, actions?: boolean, buttons?: boolean];
export interface WorkflowDef {
  type: string;
  names: Ml;
  /** The page whose `set` permission triggers its events. */
  page: string;
  timeoutEvent?: string;
  loop?: { event: string; interval: number };
  states: StateDef[];
  events: EventDef[];
  transitions: TransitionDef[];
}

const DAY = 86_400;

const cancelEvent: EventDef = {
  code: 'cancel',
  names: ml('Cancel', 'Stornieren', 'Lemondás', 'Zrušiť', 'Anulează', 'Zrušit', 'Отказ'),
  params: { bv_variant: 'danger', bv_icon: 'x-circle' },
};

/** Spec §4: the sales order's states (the grid marks placed, waiting for payment, waiting for prepayment, cancelled, waiting for goods). */
const salesOrder: WorkflowDef = {
  type: 'sales_order',
  names: ml('Sales order', 'Kundenauftrag', 'Vevői rendelés', 'Predajná objednávka', 'Comandă de vânzare', 'Prodejní objednávka', 'Поръчка за продажба'),
  page: 'sales.sales_orders',
  timeoutEvent: 'expire',
  states: [
    { code: 'placed', initial: true, names: ml('Placed', 'Aufgegeben', 'Leadva', 'Zadaná', 'Plasată', 'Zadaná', 'Направена') },
    {
      code: 'waiting_for_payment',
      names: ml('Waiting for payment', 'Wartet auf Zahlung', 'Fizetésre vár', 'Čaká na platbu', 'Așteaptă plata', 'Čeká na platbu', 'Очаква плащане'),
    },
    {
      code: 'waiting_for_prepayment',
      names: ml('Waiting for prepayment', 'Wartet auf Vorauszahlung', 'Előlegre vár', 'Čaká na zálohu', 'Așteaptă plata în avans', 'Čeká na zálohu', 'Очаква авансово плащане'),
    },
    { code: 'paid', names: ml('Paid', 'Bezahlt', 'Fizetve', 'Zaplatená', 'Plătită', 'Zaplacená', 'Платена') },
    { code: 'waiting_for_goods', names: ml('Waiting for goods', 'Wartet auf Ware', 'Árura vár', 'Čaká na tovar', 'Așteaptă marfa', 'Čeká na zboží', 'Очаква стока') },
    { code: 'shipped', names: ml('Shipped', 'Versandt', 'Feladva', 'Odoslaná', 'Expediată', 'Odeslaná', 'Изпратена') },
    { code: 'delivered', final: true, names: ml('Delivered', 'Zugestellt', 'Kézbesítve', 'Doručená', 'Livrată', 'Doručená', 'Доставена') },
    { code: 'cancelled', final: true, names: ml('Cancelled', 'Storniert', 'Lemondva', 'Zrušená', 'Anulată', 'Zrušená', 'Отказана') },
  ],
  events: [
    {
      code: 'confirm',
      names: ml('Confirm', 'Bestätigen', 'Visszaigazolás', 'Potvrdiť', 'Confirmă', 'Potvrdit', 'Потвърди'),
      params: { bv_variant: 'primary', bv_icon: 'check' },
    },
    {
      code: 'require_prepayment',
      names: ml('Require prepayment', 'Vorauszahlung anfordern', 'Előleg kérése', 'Požadovať zálohu', 'Solicită plata în avans', 'Požadovat zálohu', 'Поискай авансово плащане'),
      params: { bv_variant: 'warning', bv_icon: 'hourglass' },
    },
    {
      code: 'pay',
      names: ml('Record payment', 'Zahlung erfassen', 'Fizetés rögzítése', 'Zaznamenať platbu', 'Înregistrează plata', 'Zaznamenat platbu', 'Отбележи плащане'),
      params: {
        bv_variant: 'success',
        bv_icon: 'banknote',
        checkbox: ml(
          'Send a payment confirmation',
          'Zahlungsbestätigung senden',
          'Fizetési visszaigazolás küldése',
          'Poslať potvrdenie platby',
          'Trimite confirmarea plății',
          'Poslat potvrzení platby',
          'Изпрати потвърждение за плащане',
        ),
      },
    },
    {
      code: 'goods_missing',
      names: ml('Goods missing', 'Ware fehlt', 'Hiányzó áru', 'Chýba tovar', 'Marfă lipsă', 'Chybí zboží', 'Липсва стока'),
      params: { bv_variant: 'warning', bv_icon: 'package-x' },
    },
    {
      code: 'goods_arrived',
      names: ml('Goods arrived', 'Ware eingetroffen', 'Megérkezett az áru', 'Tovar dorazil', 'Marfa a sosit', 'Zboží dorazilo', 'Стоката пристигна'),
      params: { bv_variant: 'info', bv_icon: 'package-check' },
    },
    {
      code: 'ship',
      names: ml('Ship', 'Versenden', 'Feladás', 'Odoslať', 'Expediază', 'Odeslat', 'Изпрати'),
      params: { bv_variant: 'primary', bv_icon: 'truck', email: true },
    },
    {
      code: 'deliver',
      names: ml('Mark delivered', 'Als zugestellt markieren', 'Kézbesítettnek jelölés', 'Označiť ako doručenú', 'Marchează ca livrată', 'Označit jako doručenou', 'Отбележи като доставена'),
      params: { bv_variant: 'success', bv_icon: 'circle-check' },
    },
    cancelEvent,
    {
      code: 'expire',
      names: ml('Payment overdue', 'Zahlung überfällig', 'Lejárt fizetési határidő', 'Platba po splatnosti', 'Plată restantă', 'Platba po splatnosti', 'Просрочено плащане'),
      params: { bv_variant: 'secondary', bv_icon: 'clock' },
    },
  ],
  transitions: [
    ['confirm', 'placed', 'waiting_for_payment', 14 * DAY, true, true],
    ['require_prepayment', 'placed', 'waiting_for_prepayment', 7 * DAY],
    ['pay', 'waiting_for_payment', 'paid', null, true, true],
    ['pay', 'waiting_for_prepayment', 'paid', null, true, true],
    ['goods_missing', 'paid', 'waiting_for_goods'],
    ['goods_arrived', 'waiting_for_goods', 'paid'],
    ['ship', 'paid', 'shipped', null, true, true],
    ['deliver', 'shipped', 'delivered'],
    ['cancel', 'placed', 'cancelled'],
    ['cancel', 'waiting_for_payment', 'cancelled'],
    ['cancel', 'waiting_for_prepayment', 'cancelled'],
    ['cancel', 'paid', 'cancelled'],
    ['cancel', 'waiting_for_goods', 'cancelled'],
    // The timeouts: an order not paid in time is cancelled by the scheduler, never offered to users.
    ['expire', 'waiting_for_payment', 'cancelled', null, false],
    ['expire', 'waiting_for_prepayment', 'cancelled', null, false],
  ],
};

const purchaseOrder: WorkflowDef = {
  type: 'purchase_order',
  names: ml('Purchase order', 'Einkaufsbestellung', 'Beszerzési rendelés', 'Nákupná objednávka', 'Comandă de achiziție', 'Nákupní objednávka', 'Поръчка за покупка'),
  page: 'purchasing.purchase_orders',
  states: [
    { code: 'draft', initial: true, names: ml('Draft', 'Entwurf', 'Piszkozat', 'Koncept', 'Ciornă', 'Koncept', 'Чернова') },
    { code: 'ordered', names: ml('Ordered', 'Bestellt', 'Megrendelve', 'Objednaná', 'Comandată', 'Objednaná', 'Поръчана') },
    { code: 'confirmed', names: ml('Confirmed', 'Bestätigt', 'Visszaigazolva', 'Potvrdená', 'Confirmată', 'Potvrzená', 'Потвърдена') },
    { code: 'in_transit', names: ml('In transit', 'Unterwegs', 'Úton', 'Na ceste', 'În tranzit', 'Na cestě', 'В транзит') },
    { code: 'received', final: true, names: ml('Received', 'Eingegangen', 'Beérkezett', 'Prijatá', 'Recepționată', 'Přijatá', 'Получена') },
    { code: 'cancelled', final: true, names: ml('Cancelled', 'Storniert', 'Lemondva', 'Zrušená', 'Anulată', 'Zrušená', 'Отказана') },
  ],
  events: [
    {
      code: 'order',
      names: ml('Send to supplier', 'An Lieferanten senden', 'Küldés a beszállítónak', 'Odoslať dodávateľovi', 'Trimite furnizorului', 'Odeslat dodavateli', 'Изпрати на доставчика'),
      params: { bv_variant: 'primary', bv_icon: 'send', email: true },
    },
    {
      code: 'confirm',
      names: ml('Supplier confirmed', 'Vom Lieferanten bestätigt', 'Beszállító visszaigazolta', 'Dodávateľ potvrdil', 'Confirmată de furnizor', 'Dodavatel potvrdil', 'Потвърдена от доставчика'),
      params: { bv_variant: 'success', bv_icon: 'check' },
    },
    {
      code: 'dispatch',
      names: ml('Dispatched', 'Versandt', 'Elküldve', 'Odoslaná', 'Expediată', 'Odeslaná', 'Изпратена'),
      params: { bv_variant: 'info', bv_icon: 'ship' },
    },
    {
      code: 'receive',
      names: ml('Receive goods', 'Ware annehmen', 'Áru átvétele', 'Prijať tovar', 'Recepționează marfa', 'Přijmout zboží', 'Приеми стоката'),
      params: { bv_variant: 'success', bv_icon: 'package-check' },
    },
    cancelEvent,
  ],
  transitions: [
    ['order', 'draft', 'ordered', null, true, true],
    ['confirm', 'ordered', 'confirmed'],
    ['dispatch', 'confirmed', 'in_transit'],
    // Goods arrive only on a confirmed order or one in transit (app.po_receivable, migration 098).
    ['receive', 'in_transit', 'received', null, true, true],
    ['receive', 'confirmed', 'received', null, true, true],
    ['cancel', 'draft', 'cancelled'],
    ['cancel', 'ordered', 'cancelled'],
    ['cancel', 'confirmed', 'cancelled'],
  ],
};

/** A cashflow item: due after its invoice's term, overdue by timeout, reminded by the daily loop. */
const cashflow: WorkflowDef = {
  type: 'cashflow',
  names: ml('Cashflow item', 'Cashflow-Posten', 'Pénzforgalmi tétel', 'Položka peňažného toku', 'Element de flux de numerar', 'Položka peněžního toku', 'Позиция от паричния поток'),
  page: 'finance.cashflow',
  timeoutEvent: 'expire',
  loop: { event: 'remind', interval: DAY },
  states: [
    { code: 'planned', initial: true, names: ml('Planned', 'Geplant', 'Tervezett', 'Plánovaná', 'Planificată', 'Plánovaná', 'Планирана') },
    { code: 'due', names: ml('Due', 'Fällig', 'Esedékes', 'Splatná', 'Scadentă', 'Splatná', 'Дължима') },
    { code: 'overdue', names: ml('Overdue', 'Überfällig', 'Lejárt', 'Po splatnosti', 'Restantă', 'Po splatnosti', 'Просрочена') },
    { code: 'reminded', names: ml('Reminded', 'Gemahnt', 'Felszólítva', 'Upomenutá', 'Somată', 'Upomenutá', 'Изпратено напомняне') },
    { code: 'paid', final: true, names: ml('Paid', 'Bezahlt', 'Fizetve', 'Zaplatená', 'Plătită', 'Zaplacená', 'Платена') },
    { code: 'written_off', final: true, names: ml('Written off', 'Abgeschrieben', 'Leírva', 'Odpísaná', 'Anulată contabil', 'Odepsaná', 'Отписана') },
    { code: 'cancelled', final: true, filter: false, names: ml('Cancelled', 'Storniert', 'Lemondva', 'Zrušená', 'Anulată', 'Zrušená', 'Отказана') },
  ],
  events: [
    {
      code: 'invoice',
      names: ml('Invoice', 'Fakturieren', 'Számlázás', 'Fakturovať', 'Facturează', 'Fakturovat', 'Фактурирай'),
      params: { bv_variant: 'primary', bv_icon: 'receipt' },
    },
    {
      code: 'pay',
      names: ml('Record payment', 'Zahlung erfassen', 'Fizetés rögzítése', 'Zaznamenať platbu', 'Înregistrează plata', 'Zaznamenat platbu', 'Отбележи плащане'),
      params: { bv_variant: 'success', bv_icon: 'banknote' },
    },
    {
      code: 'expire',
      names: ml('Payment overdue', 'Zahlung überfällig', 'Lejárt fizetési határidő', 'Platba po splatnosti', 'Plată restantă', 'Platba po splatnosti', 'Просрочено плащане'),
      params: { bv_variant: 'secondary', bv_icon: 'clock' },
    },
    {
      code: 'remind',
      names: ml('Send a reminder', 'Mahnung senden', 'Fizetési felszólítás küldése', 'Poslať upomienku', 'Trimite o somație', 'Poslat upomínku', 'Изпрати напомняне'),
      params: { bv_variant: 'warning', bv_icon: 'bell', email: true },
    },
    {
      code: 'write_off',
      names: ml('Write off', 'Abschreiben', 'Leírás', 'Odpísať', 'Anulează contabil', 'Odepsat', 'Отпиши'),
      params: {
        bv_variant: 'danger',
        bv_icon: 'trash-2',
        checkbox: ml('Notify accounting', 'Buchhaltung benachrichtigen', 'Könyvelés értesítése', 'Upozorniť účtovníctvo', 'Anunță contabilitatea', 'Upozornit účetnictví', 'Уведоми счетоводството'),
      },
    },
    cancelEvent,
  ],
  transitions: [
    ['invoice', 'planned', 'due', 30 * DAY, true, true],
    ['pay', 'due', 'paid', null, true, true],
    ['pay', 'overdue', 'paid', null, true, true],
    ['pay', 'reminded', 'paid', null, true, true],
    ['expire', 'due', 'overdue', null, false],
    ['remind', 'overdue', 'reminded'],
    ['write_off', 'reminded', 'written_off'],
    ['cancel', 'planned', 'cancelled'],
    ['cancel', 'due', 'cancelled'],
  ],
};

/** The workflows every database needs (reference data: orders, purchase orders and cashflow items cannot move without them). */
export const workflows: WorkflowDef[] = [salesOrder, purchaseOrder, cashflow];

/** Inserts one workflow definition (types, states, events, transitions); the seed and the tests' own types use it. */
export async function insertWorkflow(tx: Queryable, w: WorkflowDef): Promise<void> {
  await tx.query('insert into app.fsm_types (type_code, type_names, page_code, default_loop_interval) values ($1, $2::jsonb, $3, $4)', [
    w.type,
    JSON.stringify(w.names),
    w.page,
    w.loop?.interval ?? null,
  ]);
  await tx.query(
    `insert into app.fsm_states (type_code, state_code, state_names, initial_state, final_state, show_in_filters)
     select $1, s.code, s.names, coalesce(s.initial, false), coalesce(s.final, false), coalesce(s.filter, true)
     from jsonb_to_recordset($2::jsonb) as s(code text, names jsonb, initial boolean, final boolean, filter boolean)`,
    [w.type, JSON.stringify(w.states)],
  );
  await tx.query(
    `insert into app.fsm_events (type_code, event_code, event_names, event_params)
     select $1, e.code, e.names, e.params from jsonb_to_recordset($2::jsonb) as e(code text, names jsonb, params jsonb)`,
    [w.type, JSON.stringify(w.events)],
  );
  const made = await tx.query(
    `insert into app.fsm_transitions (type_code, event_code, from_state_id, to_state_id, timeout, position, show_in_fsm_actions, show_in_fsm_buttons)
     select $1, t->>0, f.state_id, s.state_id, (t->>3)::int, o::int, coalesce((t->>4)::boolean, true), coalesce((t->>5)::boolean, false)
     from jsonb_array_elements($2::jsonb) with ordinality as x(t, o)
     join app.fsm_states f on f.type_code = $1 and f.state_code = t->>1
     join app.fsm_states s on s.type_code = $1 and s.state_code = t->>2`,
    [w.type, JSON.stringify(w.transitions)],
  );
  if (made.rowCount !== w.transitions.length) throw new Error(`workflow ${w.type}: a transition names a state the type does not have`);
  await tx.query('update app.fsm_types set timeout_event_code = $2, on_loop = $3 where type_code = $1', [w.type, w.timeoutEvent ?? null, w.loop?.event ?? null]);
}

export async function seedWorkflows(tx: Queryable): Promise<void> {
  for (const w of workflows) await insertWorkflow(tx, w);
}
