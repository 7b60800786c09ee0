import type { Db, Queryable } from '../types.ts';
import { syncCatalogue } from '../catalogueSync.ts';
import { syncReference, type ReferenceSynced } from '../referenceSync.ts';
import { maintain } from '../maintenance.ts';
import { seedCatalogue, seedProductKinds } from './catalogue.ts';
import { seedCategories } from './categories.ts';
import { seedCompanies } from './companies.ts';
import { seedCountries } from './countries.ts';
import { seedCurrencies } from './currencies.ts';
import { seedLanguages } from './languages.ts';
import { seedMenu } from './menu.ts';
import { seedProducts } from './products.ts';
import { seedRelations } from './relations.ts';
import { seedShops } from './shops.ts';
import { seedPages } from './pages.ts';
import { seedPartnerUsers } from './partnerUsers.ts';
import { seedPartners } from './partners.ts';
import { seedSalesOrders } from './salesOrders.ts';
import { seedSalesLists } from './salesLists.ts';
import { seedCashflow } from './cashflow.ts';
import { seedInvoices } from './invoices.ts';
import { seedShipping } from './shipping.ts';
import { seedOutbox } from './outbox.ts';
import { seedFiles } from './files.ts';
import { seedShopCatalogue } from './shopCatalogue.ts';
import { seedMedia } from './media.ts';
import { seedAiContent } from './aiContent.ts';
import { seedShopContent } from './shopContent.ts';
import { seedProductDetails } from './productDetails.ts';
import { seedChangeLog } from './changeLog.ts';
import { seedServices } from './services.ts';
import { seedBannerTags } from './bannerTags.ts';
import { hashDemoPasswords, seedAdminRole, seedUsers } from './users.ts';
import { seedWorkflows } from './workflows.ts';
import { seedWarehouse } from './warehouse.ts';
import { seedNews } from './news.ts';
import { seedMail } from './mail.ts';
import { seedTexts } from './texts.ts';
import { seedChat } from './chat.ts';
import { seedTranslationEngines } from './translationEngines.ts';
import { seedAiAnalytics } from './aiAnalytics.ts';

export { demoUsers } from './users.ts';
export { menuPages } from './menu.ts';

export const SEED_LOCK = 727275; // distinct from migrate's lock; serializes two app instances seeding one server

const count = async (q: Pick<Db, 'query'>, table: 'app.languages' | 'app.companies') => (await q.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0;

/**
 * What every database needs to work, demo or not: the languages, currencies and countries
 * (spec §3 reference data), the product types and packing templates (no screen maintains
 * them), the menu (page access is the menu tree), the administrator role granted every page
 * and the workflow definitions (sales orders, purchase orders, cashflow items move by them).
 */
async function seedReference(tx: Queryable): Promise<void> {
  await seedLanguages(tx);
  await seedCurrencies(tx);
  await seedCountries(tx);
  await seedProductKinds(tx);
  await seedMenu(tx);
  await seedAdminRole(tx);
  await seedWorkflows(tx); // after the menu: a type's triggers are governed by its page
}

/** The deterministic demo data set: three companies with shops and VATs, the demo users and roles, the catalogue and its content. */
async function seedDemo(tx: Queryable, hashes: string[], products: number): Promise<void> {
  // The demo histories are written as they happened: payments do not close items, receipts make no payables (migration 117).
  await tx.query(`select set_config('app.cashflow_auto', 'off', true)`);
  // The demo orders keep the histories drawn for them: their stock and moves queue no stock event (migration 123).
  await tx.query("select set_config('app.stock_events', 'off', true)");
  await seedCompanies(tx);
  await seedCatalogue(tx);
  await seedCategories(tx);
  await seedUsers(tx, hashes);
  // '' = this server: it is its own image CDN (GET /p/{imageId}.jpg, http/images.ts).
  await tx.query('insert into app.settings (key, value) values ($1, $2)', ['cdn', '']);
  const stock = await seedProducts(tx, products);
  await seedRelations(tx);
  await seedShops(tx);
  await seedPartners(tx);
  await seedPartnerUsers(tx); // after the users: the demo logins keep their fixed ids
  await seedSalesOrders(tx);
  await seedWarehouse(tx, stock); // after the orders: shipped ones were picked
  await seedCashflow(tx); // after the orders: incoming items are their invoices
  await seedInvoices(tx); // after the cash flow: the delivered orders' items take their invoices' numbers
  await seedShipping(tx);
  await seedOutbox(tx); // after the orders, purchase orders and cash flow: the mail their moves sent
  await seedBannerTags(tx);
  await seedPages(tx);
  await seedFiles(tx);
  await seedShopCatalogue(tx);
  await seedMedia(tx);
  await seedShopContent(tx);
  await seedSalesLists(tx); // after the shops' languages: a row's language is one its shop sells in
  await seedProductDetails(tx);
  await seedChangeLog(tx);
  await seedNews(tx); // shared by the companies: sources and items of a past fetch, no network
  await seedServices(tx); // the generated catalogue's images, shops and history are for goods
  await seedTexts(tx);
  await seedMail(tx); // Mail for AI: labels and messages of a past sync, no mail server
  await seedChat(tx); // prompts, reply settings and saved conversations (migration 062)
  await seedTranslationEngines(tx); // the companies' engines and this month's demo usage
  await seedAiAnalytics(tx); // saved Ask-AI questions with their SQL (no model needed to answer)
  await seedAiContent(tx); // recipes, houses and open AI proposals; after the products and users
  await tx.query(`select set_config('app.cashflow_auto', '', true)`);
}

export interface Seeded {
  reference: boolean;
  demo: boolean;
  /** What the start's reference sync added (referenceSync.ts); `changed` false on a start with nothing new. */
  synced: ReferenceSynced;
}

/**
 * Fills a new database, in one transaction: the reference data when there are no languages
 * yet, and with `demo` the demo data set when there are no companies yet (a database that
 * already has companies, its own or the demo's, is left as it is). On every call the UI
 * catalogue's copy follows locales/*.json (catalogueSync.ts) and the reference data follows
 * the definitions (referenceSync.ts: what a newer version adds arrives in an existing
 * database; on a new one, after the first seed, it finds nothing missing and records the hash).
 */
export async function seed(db: Db, opts: { demo: boolean; products?: number }): Promise<Seeded> {
  const needs = async (q: Pick<Db, 'query'>) => ({ reference: (await count(q, 'app.languages')) === 0, demo: opts.demo && (await count(q, 'app.companies')) === 0 });
  await syncCatalogue(db); // every start: the catalogue in the database follows the files
  let seeded = await needs(db);
  if (seeded.reference || seeded.demo) {
    const hashes = seeded.demo ? await hashDemoPasswords() : [];
    seeded = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
      const now = await needs(tx); // another instance may have seeded meanwhile
      if (now.reference) await seedReference(tx);
      if (now.demo) await seedDemo(tx, hashes.length ? hashes : await hashDemoPasswords(), opts.products ?? 24000);
      return now;
    });
  }
  const synced = await syncReference(db); // every start: after the first seed, so a new database's data are the seed's
  // A bulk load: the planner's statistics and the visibility map at once, not when autovacuum gets round to it (PGlite's never would).
  if (seeded.reference || seeded.demo) await maintain(db);
  return { ...seeded, synced };
}
