import type { Queryable } from '../types.ts';
import { insertRows } from './insert.ts';
import { ml, type Ml } from './languages.ts';

/**
 * The back-office menu: every route of spec §2 "Route list" except '/' and '/login'
 * (home and login need no menu entry). The page-access check allows a path only when
 * it is in the user's menu tree, so a missing row here means an unreachable screen.
 */
interface PageDef {
  route: string;
  icon: string;
  title: Ml;
  sub?: PageDef[];
  menu?: boolean;
}
interface AreaDef {
  area: string;
  icon: string;
  title: Ml;
  pages: PageDef[];
}

const p = (route: string, icon: string, title: Ml, sub?: PageDef[]): PageDef => ({ route, icon, title, ...(sub ? { sub } : {}) });
const a = (area: string, icon: string, title: Ml, ...pages: PageDef[]): AreaDef => ({ area, icon, title, pages });

// Areas in working order (daily catalogue and stock work first, configuration last); pages likewise.
const areas: AreaDef[] = [
  a(
    'products',
    'package',
    ml('Products', 'Produkte', 'Termékek', 'Produkty', 'Produse', 'Produkty', 'Продукти'),
    p('product_list', 'package', ml('Product list', 'Produktliste', 'Terméklista', 'Zoznam produktov', 'Listă de produse', 'Seznam produktů', 'Списък с продукти')),
    p('categories', 'folder-tree', ml('Categories', 'Kategorien', 'Kategóriák', 'Kategórie', 'Categorii', 'Kategorie', 'Категории')),
    p('brands', 'badge', ml('Brands', 'Marken', 'Márkák', 'Značky', 'Mărci', 'Značky', 'Марки')),
    p('manufacturers', 'factory', ml('Manufacturers', 'Hersteller', 'Gyártók', 'Výrobcovia', 'Producători', 'Výrobci', 'Производители')),
    p(
      'product_accessories',
      'puzzle',
      ml('Product accessories', 'Produktzubehör', 'Termékkiegészítők', 'Príslušenstvo produktov', 'Accesorii produse', 'Příslušenství produktů', 'Аксесоари към продукти'),
    ),
    p(
      'product_alternatives',
      'shuffle',
      ml('Product alternatives', 'Produktalternativen', 'Alternatív termékek', 'Alternatívne produkty', 'Produse alternative', 'Alternativní produkty', 'Алтернативни продукти'),
    ),
    p('product_files', 'file', ml('Product files', 'Produktdateien', 'Termékfájlok', 'Súbory produktov', 'Fișiere produse', 'Soubory produktů', 'Файлове към продукти')),
  ),
  a(
    'prices',
    'tags',
    ml('Prices', 'Preise', 'Árak', 'Ceny', 'Prețuri', 'Ceny', 'Цени'),
    p('show_prices', 'eye', ml('Price overview', 'Preisübersicht', 'Árak áttekintése', 'Prehľad cien', 'Prezentare prețuri', 'Přehled cen', 'Преглед на цените')),
    p('frontend_product_margins', 'percent', ml('Product margins', 'Produktmargen', 'Termékárrések', 'Marže produktov', 'Marje produse', 'Marže produktů', 'Надценки на продукти')),
    p(
      'frontend_product_discounts',
      'badge-percent',
      ml('Product discounts', 'Produktrabatte', 'Termékkedvezmények', 'Zľavy na produkty', 'Reduceri produse', 'Slevy na produkty', 'Отстъпки за продукти'),
    ),
    p('frontend_purchase_prices', 'receipt', ml('Purchase prices', 'Einkaufspreise', 'Beszerzési árak', 'Nákupné ceny', 'Prețuri de achiziție', 'Nákupní ceny', 'Покупни цени')),
  ),
  a(
    'warehouse',
    'warehouse',
    ml('Warehouse', 'Lager', 'Raktár', 'Sklad', 'Depozit', 'Sklad', 'Склад'),
    p('shelf_list', 'layout-grid', ml('Shelf list', 'Regalliste', 'Polclista', 'Zoznam regálov', 'Listă de rafturi', 'Seznam regálů', 'Списък със стелажи')),
    p('pick_lists', 'list-checks', ml('Pick lists', 'Kommissionierlisten', 'Komissiózási listák', 'Vychystávacie zoznamy', 'Liste de picking', 'Vychystávací seznamy', 'Листове за комплектоване')),
    p(
      'arriving_shipments',
      'truck',
      ml('Arriving shipments', 'Eingehende Sendungen', 'Érkező szállítmányok', 'Prichádzajúce zásielky', 'Transporturi în sosire', 'Přicházející zásilky', 'Пристигащи пратки'),
    ),
    p(
      'collectible_goods',
      'package-check',
      ml('Goods ready for collection', 'Abholbereite Ware', 'Átvehető áruk', 'Tovar pripravený na vyzdvihnutie', 'Mărfuri de ridicat', 'Zboží k vyzvednutí', 'Стоки за получаване'),
    ),
    p(
      'product_pack_storages',
      'boxes',
      ml(
        'Package storage locations',
        'Lagerplätze der Packstücke',
        'Csomagok tárolóhelyei',
        'Skladové miesta balení',
        'Locații de depozitare a coletelor',
        'Skladová místa balení',
        'Складови места на опаковките',
      ),
    ),
    p(
      'product_storage_lookup',
      'search',
      ml('Storage lookup', 'Lagerplatzsuche', 'Tárolóhely-kereső', 'Vyhľadanie skladového miesta', 'Căutare locație de depozitare', 'Vyhledání skladového místa', 'Търсене на складово място'),
    ),
    p(
      'products_without_storage',
      'package-x',
      ml(
        'Products without storage location',
        'Produkte ohne Lagerplatz',
        'Tárolóhely nélküli termékek',
        'Produkty bez skladového miesta',
        'Produse fără locație de depozitare',
        'Produkty bez skladového místa',
        'Продукти без складово място',
      ),
    ),
    p('shipment_planner', 'calendar-clock', ml('Shipment planner', 'Versandplaner', 'Szállítástervező', 'Plánovač zásielok', 'Planificator de livrări', 'Plánovač zásilek', 'Планиране на пратки')),
  ),
  a(
    'purchasing',
    'clipboard-list',
    ml('Purchasing', 'Einkauf', 'Beszerzés', 'Nákup', 'Achiziții', 'Nákup', 'Снабдяване'),
    p('purchase_orders', 'file-text', ml('Purchase orders', 'Einkaufsbestellungen', 'Beszerzési rendelések', 'Nákupné objednávky', 'Comenzi de achiziție', 'Nákupní objednávky', 'Поръчки за покупка')),
    p(
      'new_purchase_order',
      'file-plus',
      ml('New purchase order', 'Neue Einkaufsbestellung', 'Új beszerzési rendelés', 'Nová nákupná objednávka', 'Comandă de achiziție nouă', 'Nová nákupní objednávka', 'Нова поръчка за покупка'),
    ),
    p('goods_to_order', 'list-plus', ml('Goods to order', 'Zu bestellende Ware', 'Rendelendő áruk', 'Tovar na objednanie', 'Mărfuri de comandat', 'Zboží k objednání', 'Стоки за поръчка')),
    p('low_stock', 'trending-down', ml('Low stock', 'Niedriger Lagerbestand', 'Alacsony készlet', 'Nízka zásoba', 'Stoc redus', 'Nízká zásoba', 'Ниска наличност')),
    p(
      'product_supplier',
      'building-2',
      ml('Product suppliers', 'Produktlieferanten', 'Termékbeszállítók', 'Dodávatelia produktov', 'Furnizori de produse', 'Dodavatelé produktů', 'Доставчици на продукти'),
    ),
  ),
  a(
    'sales',
    'shopping-cart',
    ml('Sales', 'Verkauf', 'Értékesítés', 'Predaj', 'Vânzări', 'Prodej', 'Продажби'),
    p('sales_orders', 'shopping-bag', ml('Sales orders', 'Kundenaufträge', 'Vevői rendelések', 'Predajné objednávky', 'Comenzi de vânzare', 'Prodejní objednávky', 'Поръчки за продажба')),
    p('abandoned_carts', 'shopping-cart', ml('Abandoned carts', 'Abgebrochene Warenkörbe', 'Elhagyott kosarak', 'Opustené košíky', 'Coșuri abandonate', 'Opuštěné košíky', 'Изоставени колички')),
    p(
      'arrival_notifications',
      'bell',
      ml(
        'Arrival notifications',
        'Verfügbarkeitsbenachrichtigungen',
        'Beérkezési értesítések',
        'Upozornenia na naskladnenie',
        'Notificări de disponibilitate',
        'Upozornění na naskladnění',
        'Известия за наличност',
      ),
    ),
    p('arriving_goods', 'package-open', ml('Arriving goods', 'Eingehende Ware', 'Érkező áruk', 'Prichádzajúci tovar', 'Mărfuri în sosire', 'Přicházející zboží', 'Пристигащи стоки')),
    p(
      'stock_free_and_reserved',
      'scale',
      ml(
        'Free and reserved stock',
        'Freier und reservierter Bestand',
        'Szabad és foglalt készlet',
        'Voľné a rezervované zásoby',
        'Stoc liber și rezervat',
        'Volné a rezervované zásoby',
        'Свободна и резервирана наличност',
      ),
    ),
    p('courier', 'truck', ml('Courier', 'Kurierdienst', 'Futárszolgálat', 'Kuriér', 'Curierat', 'Kurýr', 'Куриер')),
    p('cmr', 'scroll-text', ml('CMR consignment notes', 'CMR-Frachtbriefe', 'CMR fuvarlevelek', 'Nákladné listy CMR', 'Scrisori de trăsură CMR', 'Nákladní listy CMR', 'Товарителници CMR')),
    p(
      'newsletter_subscribers',
      'mail',
      ml('Newsletter subscribers', 'Newsletter-Abonnenten', 'Hírlevél-feliratkozók', 'Odberatelia newslettera', 'Abonați la newsletter', 'Odběratelé newsletteru', 'Абонати за бюлетина'),
    ),
  ),
  a(
    'shops',
    'store',
    ml('Shops', 'Shops', 'Webáruházak', 'E-shopy', 'Magazine', 'E-shopy', 'Магазини'),
    p('frontend_shops', 'store', ml('Shop list', 'Shopliste', 'Webáruházak listája', 'Zoznam e-shopov', 'Listă de magazine', 'Seznam e-shopů', 'Списък с магазини')),
    p('frontend_pages', 'file-text', ml('Shop pages', 'Shopseiten', 'Webáruház oldalai', 'Stránky e-shopu', 'Pagini magazin', 'Stránky e-shopu', 'Страници на магазина')),
    p(
      '2frontendPages',
      'table',
      ml(
        'Shop pages (table)',
        'Shopseiten (Tabelle)',
        'Webáruház oldalai (táblázat)',
        'Stránky e-shopu (tabuľka)',
        'Pagini magazin (tabel)',
        'Stránky e-shopu (tabulka)',
        'Страници на магазина (таблица)',
      ),
      [
        {
          route: 'colDefs',
          icon: 'columns-3',
          title: ml('Column definitions', 'Spaltendefinitionen', 'Oszlopdefiníciók', 'Definície stĺpcov', 'Definiții de coloane', 'Definice sloupců', 'Дефиниции на колони'),
        },
      ],
    ),
    p('frontend_categories', 'folder-tree', ml('Shop categories', 'Shop-Kategorien', 'Webáruház-kategóriák', 'Kategórie e-shopu', 'Categorii magazin', 'Kategorie e-shopu', 'Категории на магазина')),
    p('frontend_shop_products', 'package', ml('Shop products', 'Shop-Produkte', 'Webáruház termékei', 'Produkty e-shopu', 'Produse magazin', 'Produkty e-shopu', 'Продукти в магазина')),
    p(
      'published_products',
      'globe',
      ml('Published products', 'Veröffentlichte Produkte', 'Közzétett termékek', 'Publikované produkty', 'Produse publicate', 'Publikované produkty', 'Публикувани продукти'),
    ),
    p('banners', 'image', ml('Banners', 'Banner', 'Bannerek', 'Bannery', 'Bannere', 'Bannery', 'Банери')),
    p('delivery_methods', 'truck', ml('Delivery methods', 'Versandarten', 'Szállítási módok', 'Spôsoby doručenia', 'Metode de livrare', 'Způsoby doručení', 'Методи на доставка')),
    p('payment_methods', 'credit-card', ml('Payment methods', 'Zahlungsarten', 'Fizetési módok', 'Spôsoby platby', 'Metode de plată', 'Způsoby platby', 'Методи на плащане')),
    p('shopper_groups', 'users-round', ml('Shopper groups', 'Kundengruppen', 'Vásárlói csoportok', 'Skupiny zákazníkov', 'Grupuri de clienți', 'Skupiny zákazníků', 'Групи клиенти')),
    p('store_locations', 'map-pin', ml('Store locations', 'Filialen', 'Üzleteink', 'Predajne', 'Locațiile magazinelor', 'Prodejny', 'Търговски обекти')),
  ),
  a(
    'partners',
    'users',
    ml('Partners', 'Partner', 'Partnerek', 'Partneri', 'Parteneri', 'Partneři', 'Партньори'),
    p('partner_list', 'handshake', ml('Partner list', 'Partnerliste', 'Partnerlista', 'Zoznam partnerov', 'Listă de parteneri', 'Seznam partnerů', 'Списък с партньори')),
    p('user_list', 'user', ml('User list', 'Benutzerliste', 'Felhasználólista', 'Zoznam používateľov', 'Listă de utilizatori', 'Seznam uživatelů', 'Списък с потребители')),
  ),
  a(
    'reports',
    'chart-column',
    ml('Reports', 'Berichte', 'Kimutatások', 'Prehľady', 'Rapoarte', 'Přehledy', 'Справки'),
    p('stock_value', 'coins', ml('Stock value', 'Lagerwert', 'Készletérték', 'Hodnota zásob', 'Valoarea stocului', 'Hodnota zásob', 'Стойност на наличностите')),
    p('company_stocks', 'building', ml('Company stocks', 'Firmenbestände', 'Cégkészletek', 'Zásoby spoločností', 'Stocuri pe companii', 'Zásoby společností', 'Наличности по фирми')),
    p('list_80_percent', 'chart-pie', ml('80 % list', '80-%-Liste', '80%-os lista', 'Zoznam 80 %', 'Lista 80 %', 'Seznam 80 %', 'Списък 80 %')),
    p('sales_detailed', 'chart-line', ml('Detailed sales', 'Detaillierte Verkäufe', 'Részletes értékesítés', 'Podrobný predaj', 'Vânzări detaliate', 'Podrobný prodej', 'Подробни продажби')),
    p(
      'product_change_log',
      'history',
      ml(
        'Product change log',
        'Produktänderungsprotokoll',
        'Termékváltozási napló',
        'Denník zmien produktov',
        'Jurnalul modificărilor produselor',
        'Protokol změn produktů',
        'Дневник на промените по продуктите',
      ),
    ),
  ),
  a(
    'print',
    'printer',
    ml('Print', 'Druck', 'Nyomtatás', 'Tlač', 'Tipărire', 'Tisk', 'Печат'),
    p('product_labels', 'tag', ml('Product labels', 'Produktetiketten', 'Termékcímkék', 'Etikety produktov', 'Etichete produse', 'Etikety produktů', 'Етикети на продукти')),
    p(
      'pick_lists_print',
      'printer',
      ml(
        'Print pick lists',
        'Kommissionierlisten drucken',
        'Komissiózási listák nyomtatása',
        'Tlač vychystávacích zoznamov',
        'Tipărire liste de picking',
        'Tisk vychystávacích seznamů',
        'Печат на листове за комплектоване',
      ),
    ),
    p(
      'arriving_shipments_print',
      'printer',
      ml(
        'Print arriving shipments',
        'Eingehende Sendungen drucken',
        'Érkező szállítmányok nyomtatása',
        'Tlač prichádzajúcich zásielok',
        'Tipărire transporturi în sosire',
        'Tisk přicházejících zásilek',
        'Печат на пристигащи пратки',
      ),
    ),
  ),
  a(
    'finance',
    'wallet',
    ml('Finance', 'Finanzen', 'Pénzügyek', 'Financie', 'Finanțe', 'Finance', 'Финанси'),
    p('cashflow', 'banknote', ml('Cash flow', 'Cashflow', 'Pénzforgalom', 'Peňažné toky', 'Flux de numerar', 'Peněžní toky', 'Паричен поток')),
  ),
  a(
    'ai_content',
    'sparkles',
    ml('AI content', 'KI-Inhalte', 'MI-tartalmak', 'AI obsah', 'Conținut AI', 'AI obsah', 'AI съдържание'),
    p('ai_catalog', 'book-open', ml('AI catalogue', 'KI-Katalog', 'MI-katalógus', 'AI katalóg', 'Catalog AI', 'AI katalog', 'AI каталог')),
    p('ai_proposals', 'lightbulb', ml('AI proposals', 'KI-Vorschläge', 'MI-javaslatok', 'AI návrhy', 'Propuneri AI', 'AI návrhy', 'AI предложения')),
    p('ai_analytics', 'activity', ml('AI analytics', 'KI-Analysen', 'MI-elemzések', 'AI analýzy', 'Analize AI', 'AI analýzy', 'AI анализи')),
    p('prompts', 'message-square', ml('Prompts', 'Prompts', 'Promptok', 'Prompty', 'Prompturi', 'Prompty', 'Промптове')),
    p('email_list', 'mail', ml('E-mails', 'E-Mails', 'E-mailek', 'E-maily', 'E-mailuri', 'E-maily', 'Имейли')),
    p('imap_labels', 'tag', ml('IMAP labels', 'IMAP-Labels', 'IMAP-címkék', 'Štítky IMAP', 'Etichete IMAP', 'Štítky IMAP', 'IMAP етикети')),
    p('recipes', 'chef-hat', ml('Recipes', 'Rezepte', 'Receptek', 'Recepty', 'Rețete', 'Recepty', 'Рецепти')),
    p('houses', 'house', ml('Houses', 'Häuser', 'Házak', 'Domy', 'Case', 'Domy', 'Къщи')),
    p('select_preview', 'scan-eye', ml('Selection preview', 'Auswahlvorschau', 'Kiválasztás előnézete', 'Náhľad výberu', 'Previzualizarea selecției', 'Náhled výběru', 'Преглед на избора')),
  ),
  a(
    'news',
    'newspaper',
    ml('News', 'Nachrichten', 'Hírek', 'Správy', 'Știri', 'Zprávy', 'Новини'),
    p('news_list', 'newspaper', ml('News list', 'Nachrichtenliste', 'Hírlista', 'Zoznam správ', 'Listă de știri', 'Seznam zpráv', 'Списък с новини')),
  ),
  a(
    'fsm',
    'workflow',
    ml('Workflows', 'Workflows', 'Munkafolyamatok', 'Pracovné postupy', 'Fluxuri de lucru', 'Pracovní postupy', 'Работни процеси'),
    p('fsm_types', 'shapes', ml('Workflow types', 'Workflow-Typen', 'Munkafolyamat-típusok', 'Typy pracovných postupov', 'Tipuri de fluxuri', 'Typy pracovních postupů', 'Типове работни процеси')),
    p(
      'fsm_states',
      'circle-dot',
      ml('Workflow states', 'Workflow-Zustände', 'Munkafolyamat-állapotok', 'Stavy pracovných postupov', 'Stările fluxurilor', 'Stavy pracovních postupů', 'Състояния на работните процеси'),
    ),
    p(
      'fsm_events',
      'zap',
      ml('Workflow events', 'Workflow-Ereignisse', 'Munkafolyamat-események', 'Udalosti pracovných postupov', 'Evenimentele fluxurilor', 'Události pracovních postupů', 'Събития на работните процеси'),
    ),
    p(
      'fsm_transitions',
      'git-branch',
      ml(
        'Workflow transitions',
        'Workflow-Übergänge',
        'Munkafolyamat-átmenetek',
        'Prechody pracovných postupov',
        'Tranzițiile fluxurilor',
        'Přechody pracovních postupů',
        'Преходи на работните процеси',
      ),
    ),
  ),
  a(
    'settings',
    'settings',
    ml('Settings', 'Einstellungen', 'Beállítások', 'Nastavenia', 'Setări', 'Nastavení', 'Настройки'),
    p('users', 'user-cog', ml('Users', 'Benutzer', 'Felhasználók', 'Používatelia', 'Utilizatori', 'Uživatelé', 'Потребители')),
    p('roles', 'shield', ml('Roles', 'Rollen', 'Szerepkörök', 'Roly', 'Roluri', 'Role', 'Роли')),
    p('backend_pages', 'panel-left', ml('Back-office pages', 'Backoffice-Seiten', 'Back-office oldalak', 'Stránky back-office', 'Pagini back-office', 'Stránky back-office', 'Страници на бек офиса')),
    p('vats', 'percent', ml('VAT rates', 'MwSt.-Sätze', 'ÁFA-kulcsok', 'Sadzby DPH', 'Cote de TVA', 'Sazby DPH', 'Ставки на ДДС')),
    p('packing_templates', 'box', ml('Packing templates', 'Verpackungsvorlagen', 'Csomagolási sablonok', 'Šablóny balenia', 'Șabloane de ambalare', 'Šablony balení', 'Шаблони за опаковане')),
    p('captions', 'type', ml('Captions', 'Beschriftungen', 'Feliratok', 'Popisky', 'Texte de interfață', 'Popisky', 'Надписи')),
    p('translation_table', 'languages', ml('Translation table', 'Übersetzungstabelle', 'Fordítási táblázat', 'Tabuľka prekladov', 'Tabel de traduceri', 'Tabulka překladů', 'Таблица с преводи')),
    p(
      'gtranslate',
      'languages',
      ml(
        'Google Translate settings',
        'Google-Übersetzer-Einstellungen',
        'Google Fordító beállításai',
        'Nastavenia Prekladača Google',
        'Setări Google Traducere',
        'Nastavení Překladače Google',
        'Настройки на Google Преводач',
      ),
    ),
    p('chatgpt', 'message-circle', ml('ChatGPT settings', 'ChatGPT-Einstellungen', 'ChatGPT-beállítások', 'Nastavenia ChatGPT', 'Setări ChatGPT', 'Nastavení ChatGPT', 'Настройки на ChatGPT')),
    p('chatgpt_twin', 'messages-square', ml('ChatGPT twin', 'ChatGPT-Zwilling', 'ChatGPT-iker', 'Dvojča ChatGPT', 'Geamăn ChatGPT', 'Dvojče ChatGPT', 'Близнак на ChatGPT')),
    p('gpt_chats', 'message-square-text', ml('GPT chats', 'GPT-Chats', 'GPT-beszélgetések', 'GPT konverzácie', 'Conversații GPT', 'GPT konverzace', 'GPT разговори')),
    p('gojs', 'network', ml('Diagrams', 'Diagramme', 'Diagramok', 'Diagramy', 'Diagrame', 'Diagramy', 'Диаграми')),
    p('kanban', 'square-kanban', ml('Kanban board', 'Kanban-Board', 'Kanban-tábla', 'Kanban tabuľa', 'Tablă Kanban', 'Kanban tabule', 'Канбан табло')),
    p('obd_texts', 'file-type', ml('OBD texts', 'OBD-Texte', 'OBD-szövegek', 'Texty OBD', 'Texte OBD', 'Texty OBD', 'OBD текстове')),
  ),
];

// Base pages outside any area; '/' and '/login' are deliberately absent.
const basePages: { code: string; url: string; icon: string; title: Ml }[] = [
  { code: 'ai_query', url: '/ai-query', icon: 'bot', title: ml('AI query', 'KI-Abfrage', 'MI-lekérdezés', 'AI dotaz', 'Interogare AI', 'AI dotaz', 'AI заявка') },
];

export interface PageRow {
  page_code: string;
  parent_page_code: string | null;
  url: string | null;
  page_title: Ml;
  icon: string;
  menu: boolean;
  position: number;
  /** The area the page belongs to ('' for base pages); used to grant roles whole areas. */
  area: string;
}

function flatten(): PageRow[] {
  const rows: PageRow[] = [];
  const addPage = (d: PageDef, area: string, parentCode: string, parentUrl: string, position: number) => {
    const code = `${parentCode}.${d.route}`;
    const url = `${parentUrl}/${d.route}`;
    rows.push({ page_code: code, parent_page_code: parentCode, url, page_title: d.title, icon: d.icon, menu: d.menu ?? true, position, area });
    d.sub?.forEach((s, i) => addPage(s, area, code, url, i + 1));
  };
  areas.forEach((ar, i) => {
    rows.push({ page_code: ar.area, parent_page_code: null, url: null, page_title: ar.title, icon: ar.icon, menu: true, position: i + 1, area: ar.area });
    ar.pages.forEach((d, j) => addPage(d, ar.area, ar.area, `/${ar.area}`, j + 1));
  });
  basePages.forEach((b, i) =>
    rows.push({
      page_code: b.code,
      parent_page_code: null,
      url: b.url,
      page_title: b.title,
      icon: b.icon,
      menu: true,
      position: areas.length + i + 1,
      area: '',
    }),
  );
  return rows;
}

/** Every menu row, parents before children. */
export const menuPages: PageRow[] = flatten();

/** Every route (without the language prefix) that has a menu row: the set the page-access check allows. */
export const menuRoutes: string[] = menuPages.flatMap((r) => (r.url ? [r.url] : []));

/** Page codes of the given areas, group nodes included. */
export const pagesOfAreas = (...areaCodes: string[]): string[] => menuPages.filter((r) => areaCodes.includes(r.area)).map((r) => r.page_code);

export async function seedMenu(tx: Queryable): Promise<void> {
  await insertRows(
    tx,
    'app.backend_pages',
    [
      ['page_code', 'text'],
      ['parent_page_code', 'text'],
      ['url', 'text'],
      ['page_title', 'jsonb'],
      ['icon', 'text'],
      ['menu', 'boolean'],
      ['position', 'int'],
    ],
    menuPages,
  );
}
