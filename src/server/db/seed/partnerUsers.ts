import type { Lang } from './languages.ts';
import { demoPartners } from './partners.ts';
import type { Queryable } from '../types.ts';

/**
 * Demo: partners' users (/partners/user_list, migration 059) — the contact persons of each
 * company's first partners with a named contact, as accounts of that partner. They have no
 * usable password (an invitation gives them one); the first of each company has the
 * warehouse role (a supplier's rep who follows purchase orders and arriving goods), the
 * others none yet; the last of each company is blocked (a rep who left).
 */
const PER_COMPANY = 5;

/** Each company's language: its partners' people write in it. */
const LANG: Record<string, Lang> = { SK01: 'sk', HU01: 'hu', CZ01: 'cs' };

const TITLES: Record<Lang, readonly string[]> = {
  en: ['Sales representative', 'Buyer', 'Key account manager'],
  de: ['Außendienstmitarbeiter', 'Einkäufer', 'Key-Account-Manager'],
  hu: ['Területi képviselő', 'Beszerző', 'Kulcsügyfél-menedzser'],
  sk: ['Obchodný zástupca', 'Nákupca', 'Manažér kľúčových zákazníkov'],
  ro: ['Reprezentant vânzări', 'Achizitor', 'Manager clienți cheie'],
  cs: ['Obchodní zástupce', 'Nákupčí', 'Manažer klíčových zákazníků'],
  bg: ['Търговски представител', 'Купувач', 'Мениджър ключови клиенти'],
};

/** Lowercase ASCII for an address part ("Horváth" → "horvath"). */
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

function demoPartnerUsers() {
  const { partners, addresses } = demoPartners();
  const contact = new Map<number, (typeof addresses)[number]>();
  for (const a of addresses) if (a.first_name && a.last_name && !contact.has(a.partner_id)) contact.set(a.partner_id, a);
  const rows = [];
  const emails = new Set<string>();
  for (const company of Object.keys(LANG)) {
    const lang = LANG[company]!;
    const picked = partners.filter((p) => p.company_code === company && !p.deleted && contact.has(p.partner_id)).slice(0, PER_COMPANY);
    for (const [i, p] of picked.entries()) {
      const a = contact.get(p.partner_id)!;
      const domain = ascii(p.partner_name.split(' ').slice(0, 2).join('')) || `partner${p.partner_id}`;
      let email = `${ascii(a.first_name)}.${ascii(a.last_name)}@${domain}.example`;
      for (let n = 2; emails.has(email); n++) email = `${ascii(a.first_name)}.${ascii(a.last_name)}${n}@${domain}.example`;
      emails.add(email);
      rows.push({
        company_code: company,
        partner_id: p.partner_id,
        user_email: email,
        user_name: `${ascii(a.first_name)}.${ascii(a.last_name)}`,
        first_name: a.first_name,
        last_name: a.last_name,
        job_title: TITLES[lang][i % TITLES[lang].length]!,
        phone: a.phone,
        language_code: lang,
        blocked: i === picked.length - 1,
        role: i === 0 ? 'warehouse' : null,
      });
    }
  }
  return rows;
}

export async function seedPartnerUsers(tx: Queryable): Promise<void> {
  const rows = demoPartnerUsers();
  // Unusable passwords (migration 054), so not insertRows; then the partner's company.
  await tx.query(
    `insert into app.users (user_email, user_name, first_name, last_name, job_title, phone, language_code, blocked, partner_id, password_hash)
     select r.user_email, r.user_name, r.first_name, r.last_name, r.job_title, r.phone, r.language_code, r.blocked, r.partner_id, app.unusable_password()
     from jsonb_to_recordset($1::jsonb) as r(user_email text, user_name text, first_name text, last_name text, job_title text, phone text,
                                             language_code text, blocked boolean, partner_id int)`,
    [JSON.stringify(rows)],
  );
  await tx.query(
    `insert into app.user_companies (user_id, company_code, position)
     select u.user_id, p.company_code, 1 from app.users u join app.partners p on p.partner_id = u.partner_id`,
  );
  await tx.query(
    `insert into app.user_roles (user_id, role_id)
     select u.user_id, r.role_id from jsonb_to_recordset($1::jsonb) as x(user_email text, role text)
     join app.users u on u.user_email = x.user_email join app.roles r on r.role_code = x.role`,
    [JSON.stringify(rows.filter((r) => r.role))],
  );
}
