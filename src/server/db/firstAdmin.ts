/**
 * An administrator for a database without demo users: ADMIN_EMAIL + ADMIN_PASSWORD on the
 * first start, or `npm run create-admin` any time. The administrator holds the
 * administrator role (every page, every flag, as the demo admin) and every company; a
 * database without a company gets its first one when ADMIN_COMPANY… name it, with rates to
 * every currency from the reference rate table — else she creates it in the browser.
 */
import { hashPassword } from '../auth/password.ts';
import type { AdminSetup, CompanySetup } from '../config.ts';
import { SEED_LOCK } from './seed/index.ts';
import { currencies, rate } from './seed/currencies.ts';
import { insertRates } from './seed/companies.ts';
import { ADMIN_ROLE } from './seed/users.ts';
import type { Db, Queryable } from './types.ts';

export type AdminResult = { created: true; email: string; company: string | undefined } | { created: false; reason: 'email_exists' | 'users_exist' };

export async function hasUsers(db: Queryable): Promise<boolean> {
  return (await db.query('select 1 from app.users limit 1')).rows.length > 0;
}

/** A code of the reference data, or an error naming the setting and the codes there are. */
async function known(tx: Queryable, codes: 'currencies' | 'countries', code: string, envName: string): Promise<void> {
  const sql = codes === 'currencies' ? 'select currency_code as code from app.currencies order by position' : 'select country_code as code from app.countries order by country_code';
  const all = (await tx.query<{ code: string }>(sql)).rows.map((r) => r.code);
  if (!all.includes(code)) throw new Error(`${envName}: "${code}" is not in the reference data (${codes}: ${all.join(', ')})`);
}

/** The first company and its rates to every currency of the rate table. */
async function createCompany(tx: Queryable, c: CompanySetup): Promise<void> {
  await known(tx, 'currencies', c.currency, 'ADMIN_COMPANY_CURRENCY');
  await known(tx, 'countries', c.country, 'ADMIN_COMPANY_COUNTRY');
  await tx.query('insert into app.companies (company_code, company_name, currency_code, country_code, position) values ($1, $2, $3, $4, 1)', [c.code, c.name, c.currency, c.country]);
  const inDb = new Set((await tx.query<{ currency_code: string }>('select currency_code from app.currencies')).rows.map((r) => r.currency_code));
  const rated = currencies.filter((cur) => inDb.has(cur.code));
  // Its own currency's rate comes with the company (migration 111); one outside the rate table gets no other.
  if (!rated.some((cur) => cur.code === c.currency)) return;
  await insertRates(
    tx,
    rated.filter((cur) => cur.code !== c.currency).map((cur) => ({ company_code: c.code, currency_code: cur.code, rate: rate(c.currency, cur.code) })),
  );
}

/**
 * Creates the administrator (and the first company when there is none). `onlyFirst`: only
 * into a database without users (the start's ADMIN_EMAIL); otherwise any time, unless the
 * email is taken — nothing is changed then, the password least of all.
 */
export async function createAdmin(db: Db, admin: AdminSetup, opts: { onlyFirst: boolean }): Promise<AdminResult> {
  if (opts.onlyFirst && (await hasUsers(db))) return { created: false, reason: 'users_exist' };
  const hash = await hashPassword(admin.password); // argon2 is slow: before the transaction
  return db.transaction(async (tx): Promise<AdminResult> => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]); // after the reference data another instance may be writing
    if (opts.onlyFirst && (await hasUsers(tx))) return { created: false, reason: 'users_exist' };
    if ((await tx.query('select 1 from app.users where lower(user_email) = lower($1)', [admin.email])).rows.length) return { created: false, reason: 'email_exists' };
    const role = await tx.query<{ role_id: number }>('select role_id from app.roles where role_code = $1', [ADMIN_ROLE.code]);
    if (!role.rows[0]) throw new Error(`the role "${ADMIN_ROLE.code}" is missing from the database (the reference data)`);
    const noCompany = !(await tx.query('select 1 from app.companies limit 1')).rows.length;
    const company = noCompany ? admin.company : undefined;
    if (company) await createCompany(tx, company);
    const user = await tx.query<{ user_id: number }>(`insert into app.users (user_email, user_name, password_hash, language_code) values ($1, $2, $3, 'en') returning user_id`, [
      admin.email,
      admin.email.split('@')[0],
      hash,
    ]);
    const userId = user.rows[0]!.user_id;
    await tx.query('insert into app.user_roles (user_id, role_id) values ($1, $2)', [userId, role.rows[0].role_id]);
    await tx.query(
      `insert into app.user_companies (user_id, company_code, position)
       select $1, company_code, row_number() over (order by position, company_code) from app.companies`,
      [userId],
    );
    return { created: true, email: admin.email, company: company?.code };
  });
}
