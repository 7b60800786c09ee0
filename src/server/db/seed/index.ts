import type { Db } from '../types.ts';
import { seedCatalogue } from './catalogue.ts';
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
import { seedFiles } from './files.ts';
import { seedShopCatalogue } from './shopCatalogue.ts';
import { seedMedia } from './media.ts';
import { seedShopContent } from './shopContent.ts';
import { seedProductDetails } from './productDetails.ts';
import { seedChangeLog } from './changeLog.ts';
import { seedServices } from './services.ts';
import { seedBannerTags } from './bannerTags.ts';
import { hashDemoPasswords, seedUsers } from './users.ts';

export { demoUsers, DEMO_PASSWORD, roles } from './users.ts';
export { menuRoutes, menuPages } from './menu.ts';
export { companies } from './companies.ts';
export { productCounts } from './products.ts';

const SEED_LOCK = 727275; // distinct from migrate's lock; serializes two app instances seeding one server

/**
 * Fills an empty database with the deterministic demo data set, in one transaction.
 * Returns false (and changes nothing) when companies already exist.
 */
export async function seed(db: Db, opts: { products?: number } = {}): Promise<boolean> {
  const isEmpty = async (q: Pick<Db, 'query'>) => (await q.query<{ n: number }>('select count(*)::int as n from app.companies')).rows[0]?.n === 0;
  if (!(await isEmpty(db))) return false;
  const hashes = await hashDemoPasswords();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (!(await isEmpty(tx))) return false; // another instance seeded meanwhile
    await seedLanguages(tx);
    await seedCurrencies(tx);
    await seedCountries(tx);
    await seedCompanies(tx);
    await seedCatalogue(tx);
    await seedCategories(tx);
    await seedMenu(tx);
    await seedUsers(tx, hashes);
    await tx.query('insert into app.settings (key, value) values ($1, $2)', ['cdn', 'https://cdn.example.com']);
    await seedProducts(tx, opts.products ?? 24000);
    await seedRelations(tx);
    await seedShops(tx);
    await seedBannerTags(tx);
    await seedPages(tx);
    await seedFiles(tx);
    await seedShopCatalogue(tx);
    await seedMedia(tx);
    await seedShopContent(tx);
    await seedProductDetails(tx);
    await seedChangeLog(tx);
    await seedServices(tx); // last: the generated catalogue's images, shops and history are for goods
    return true;
  });
}
