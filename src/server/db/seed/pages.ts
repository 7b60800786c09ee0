import type { Queryable } from '../types.ts';
import { insertRows } from './insert.ts';

type Lang = 'en' | 'de' | 'hu' | 'sk' | 'ro' | 'cs' | 'bg';
type Page = { code: string; title: Record<Lang, string>; body: Record<Lang, string> };

const p = (...t: string[]) => t.map((x) => `<p>${x}</p>`).join('');

/** The usual storefront pages, the same for every shop, in all seven languages. */
const pages: Page[] = [
  {
    code: 'about-us',
    title: { en: 'About us', de: 'Über uns', hu: 'Rólunk', sk: 'O nás', ro: 'Despre noi', cs: 'O nás', bg: 'За нас' },
    body: {
      en: p('We have been selling tools, furniture and home goods <strong>since 2009</strong>.', 'Our warehouse ships most orders on the same day.'),
      de: p('Wir verkaufen Werkzeuge, Möbel und Haushaltswaren <strong>seit 2009</strong>.', 'Unser Lager versendet die meisten Bestellungen am selben Tag.'),
      hu: p('<strong>2009 óta</strong> árusítunk szerszámokat, bútorokat és háztartási cikkeket.', 'Raktárunk a legtöbb rendelést még aznap feladja.'),
      sk: p('Náradie, nábytok a potreby pre domácnosť predávame <strong>od roku 2009</strong>.', 'Náš sklad odosiela väčšinu objednávok ešte v ten istý deň.'),
      ro: p('Vindem scule, mobilă și articole pentru casă <strong>din 2009</strong>.', 'Depozitul nostru expediază majoritatea comenzilor în aceeași zi.'),
      cs: p('Nářadí, nábytek a potřeby pro domácnost prodáváme <strong>od roku 2009</strong>.', 'Náš sklad odesílá většinu objednávek ještě týž den.'),
      bg: p('Продаваме инструменти, мебели и стоки за дома <strong>от 2009 г.</strong>', 'Нашият склад изпраща повечето поръчки в същия ден.'),
    },
  },
  {
    code: 'delivery',
    title: { en: 'Delivery', de: 'Lieferung', hu: 'Szállítás', sk: 'Doprava', ro: 'Livrare', cs: 'Doprava', bg: 'Доставка' },
    body: {
      en: p('Orders are delivered by courier or to a pickup point.', '<em>Free delivery</em> above the limit shown in your cart.'),
      de: p('Bestellungen werden per Kurier oder an eine Abholstation geliefert.', '<em>Gratisversand</em> ab dem im Warenkorb angezeigten Betrag.'),
      hu: p('A rendeléseket futár vagy csomagpont kézbesíti.', '<em>Ingyenes szállítás</em> a kosárban jelzett összeg felett.'),
      sk: p('Objednávky doručujeme kuriérom alebo na výdajné miesto.', '<em>Doprava zadarmo</em> nad limit uvedený v košíku.'),
      ro: p('Comenzile sunt livrate prin curier sau la un punct de ridicare.', '<em>Livrare gratuită</em> peste pragul afișat în coș.'),
      cs: p('Objednávky doručujeme kurýrem nebo na výdejní místo.', '<em>Doprava zdarma</em> nad limit uvedený v košíku.'),
      bg: p('Поръчките се доставят с куриер или до пункт за получаване.', '<em>Безплатна доставка</em> над лимита, показан в количката.'),
    },
  },
  {
    code: 'terms',
    title: {
      en: 'Terms and conditions',
      de: 'Allgemeine Geschäftsbedingungen',
      hu: 'Általános szerződési feltételek',
      sk: 'Obchodné podmienky',
      ro: 'Termeni și condiții',
      cs: 'Obchodní podmínky',
      bg: 'Общи условия',
    },
    body: {
      en: p('These terms govern purchases in our online shop.', 'You may return goods within 14 days of delivery.'),
      de: p('Diese Bedingungen gelten für Einkäufe in unserem Onlineshop.', 'Sie können Waren innerhalb von 14 Tagen nach Lieferung zurückgeben.'),
      hu: p('Ezek a feltételek a webáruházunkban történő vásárlásokra vonatkoznak.', 'Az árut a kézbesítéstől számított 14 napon belül visszaküldheti.'),
      sk: p('Tieto podmienky platia pre nákupy v našom internetovom obchode.', 'Tovar môžete vrátiť do 14 dní od doručenia.'),
      ro: p('Acești termeni se aplică achizițiilor din magazinul nostru online.', 'Puteți returna produsele în termen de 14 zile de la livrare.'),
      cs: p('Tyto podmínky platí pro nákupy v našem internetovém obchodě.', 'Zboží můžete vrátit do 14 dnů od doručení.'),
      bg: p('Тези условия се прилагат за покупки в нашия онлайн магазин.', 'Можете да върнете стоката в рамките на 14 дни от доставката.'),
    },
  },
];

export async function seedPages(tx: Queryable): Promise<void> {
  const shops = (await tx.query<{ shop_id: number }>('select shop_id from app.shops order by shop_id')).rows;
  await insertRows(
    tx,
    'app.frontend_pages',
    [
      ['shop_id', 'int'],
      ['page_code', 'text'],
      ['page_title', 'jsonb'],
      ['page_body', 'jsonb'],
    ],
    shops.flatMap((s) => pages.map((pg) => ({ shop_id: s.shop_id, page_code: pg.code, page_title: pg.title, page_body: pg.body }))),
  );
}
