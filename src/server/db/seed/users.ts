import { hashPassword } from '../../auth/password.ts';
import type { Queryable } from '../types.ts';
import { insertRows, syncSerial } from './insert.ts';
import { ml, type Lang, type Ml } from './languages.ts';
import { menuPages, pagesOfAreas } from './menu.ts';

/** A page's flags (migration 094: `can_events` runs the page's workflow events, a right of its own beside `can_set`). */
type Flags = { can_perms: boolean; can_list: boolean; can_add: boolean; can_set: boolean; can_delete: boolean; can_events: boolean };
const ALL: Flags = { can_perms: true, can_list: true, can_add: true, can_set: true, can_delete: true, can_events: true };
const EDIT: Flags = { can_perms: false, can_list: true, can_add: true, can_set: true, can_delete: false, can_events: false };
const READ: Flags = { can_perms: false, can_list: true, can_add: false, can_set: false, can_delete: false, can_events: false };

interface Role {
  id: number;
  code: string;
  name: Ml;
  pages: string[];
  flags: Flags;
  /** Pages of `pages` the role also adds and changes on (its daily work), by page code. */
  works?: string[];
}

/** Three roles covering the permission shapes the app must handle: everything, edit-no-delete, read-only. */
export const roles: Role[] = [
  {
    id: 1,
    code: 'administrator',
    flags: ALL,
    pages: menuPages.map((p) => p.page_code),
    name: ml('Administrator', 'Administrator', 'Adminisztrátor', 'Administrátor', 'Administrator', 'Administrátor', 'Администратор'),
  },
  {
    id: 2,
    code: 'catalog',
    flags: EDIT,
    pages: pagesOfAreas('products', 'prices'),
    name: ml('Catalogue manager', 'Katalogverwalter', 'Katalóguskezelő', 'Správca katalógu', 'Manager de catalog', 'Správce katalogu', 'Управител на каталога'),
  },
  {
    id: 3,
    code: 'warehouse',
    flags: READ,
    pages: pagesOfAreas('warehouse', 'purchasing', 'print'),
    // A warehouse day: receive goods, pick orders, move and count stock (the rest is read only).
    works: ['warehouse.arriving_shipments', 'warehouse.pick_lists', 'warehouse.stock_transfers', 'warehouse.stock_corrections'],
    name: ml('Warehouse staff', 'Lagermitarbeiter', 'Raktári dolgozó', 'Skladník', 'Lucrător de depozit', 'Skladník', 'Складов работник'),
  },
];

const DEMO_PASSWORD = 'demo-password';

export interface DemoUser {
  id: number;
  email: string;
  userName: string;
  firstName: string;
  lastName: string;
  role: string;
  /** Company codes in the user's order; the first is the default. */
  companies: string[];
  blocked: boolean;
  language: Lang;
  bookmarks: string[];
  /** Grants of the user's own beside the role's (user_pages), by page code: the users' pages grid shows both and where each comes from. */
  ownPages?: Record<string, Flags>;
}

/** The demo logins (all with DEMO_PASSWORD), exported for tests and the login screen's hints. */
export const demoUsers: DemoUser[] = [
  {
    id: 1,
    email: 'admin@example.com',
    userName: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'administrator',
    companies: ['SK01', 'HU01', 'CZ01'],
    blocked: false,
    language: 'en',
    bookmarks: ['/products/product_list', '/settings/users'],
  },
  {
    id: 2,
    email: 'catalog@example.com',
    userName: 'catalog',
    firstName: 'Carl',
    lastName: 'Catalog',
    role: 'catalog',
    companies: ['SK01'],
    blocked: false,
    language: 'de',
    bookmarks: ['/products/product_list', '/prices/show_prices'],
  },
  {
    id: 3,
    email: 'warehouse@example.com',
    userName: 'warehouse',
    firstName: 'Wanda',
    lastName: 'Warehouse',
    role: 'warehouse',
    companies: ['SK01', 'HU01'],
    blocked: false,
    language: 'en',
    bookmarks: ['/warehouse/pick_lists'],
  },
  {
    id: 4,
    email: 'blocked@example.com',
    userName: 'blocked',
    firstName: 'Bob',
    lastName: 'Blocked',
    role: 'catalog',
    companies: ['SK01'],
    blocked: true,
    language: 'en',
    bookmarks: ['/products/brands'],
  },
  {
    // Warehouse staff who also buys for HU01: purchase orders and the stock reports of her own.
    id: 5,
    email: 'buyer@example.com',
    userName: 'buyer',
    firstName: 'Hanna',
    lastName: 'Horváth',
    role: 'warehouse',
    companies: ['HU01'],
    blocked: false,
    language: 'hu',
    bookmarks: ['/purchasing/purchase_orders'],
    // She sends, confirms and cancels her purchase orders: their events are a right of her own too (migration 094).
    ownPages: { 'purchasing.purchase_orders': { ...EDIT, can_events: true }, 'purchasing.new_purchase_order': EDIT, 'reports.stock_value': READ, 'reports.company_stocks': READ },
  },
];

/** argon2 is deliberately slow, so hash before the transaction opens; salts are the seed's only randomness. */
export const hashDemoPasswords = (): Promise<string[]> => Promise.all(demoUsers.map(() => hashPassword(DEMO_PASSWORD)));

/** The administrator role (every page, every flag): reference data, the first administrator of any database holds it. */
export const ADMIN_ROLE: Role = roles.find((r) => r.code === 'administrator')!;

async function insertRoles(tx: Queryable, list: Role[]): Promise<void> {
  await insertRows(
    tx,
    'app.roles',
    [
      ['role_id', 'int'],
      ['role_code', 'text'],
      ['role_name', 'jsonb'],
    ],
    list.map((r) => ({ role_id: r.id, role_code: r.code, role_name: r.name })),
  );
  await syncSerial(tx, 'app.roles', 'role_id');
  await insertRows(
    tx,
    'app.role_pages',
    [
      ['role_id', 'int'],
      ['page_code', 'text'],
      ['can_perms', 'boolean'],
      ['can_list', 'boolean'],
      ['can_add', 'boolean'],
      ['can_set', 'boolean'],
      ['can_delete', 'boolean'],
      ['can_events', 'boolean'],
    ],
    list.flatMap((r) => r.pages.map((page_code) => ({ role_id: r.id, page_code, ...(r.works?.includes(page_code) ? { ...r.flags, can_add: true, can_set: true } : r.flags) }))),
  );
}

/** Reference: the administrator role and its grants (after the menu). */
export const seedAdminRole = (tx: Queryable): Promise<void> => insertRoles(tx, [ADMIN_ROLE]);

/** Demo: the other roles and the demo users with their roles, companies and bookmarks. */
export async function seedUsers(tx: Queryable, hashes: string[]): Promise<void> {
  await insertRoles(
    tx,
    roles.filter((r) => r !== ADMIN_ROLE),
  );

  await insertRows(
    tx,
    'app.users',
    [
      ['user_id', 'int'],
      ['user_email', 'text'],
      ['user_name', 'text'],
      ['first_name', 'text'],
      ['last_name', 'text'],
      ['password_hash', 'text'],
      ['blocked', 'boolean'],
      ['language_code', 'text'],
    ],
    demoUsers.map((u, i) => ({
      user_id: u.id,
      user_email: u.email,
      user_name: u.userName,
      first_name: u.firstName,
      last_name: u.lastName,
      password_hash: hashes[i],
      blocked: u.blocked,
      language_code: u.language,
    })),
  );
  await syncSerial(tx, 'app.users', 'user_id');

  const roleId = new Map(roles.map((r) => [r.code, r.id]));
  await insertRows(
    tx,
    'app.user_roles',
    [
      ['user_id', 'int'],
      ['role_id', 'int'],
    ],
    demoUsers.map((u) => ({ user_id: u.id, role_id: roleId.get(u.role) })),
  );
  await insertRows(
    tx,
    'app.user_companies',
    [
      ['user_id', 'int'],
      ['company_code', 'text'],
      ['position', 'int'],
    ],
    demoUsers.flatMap((u) => u.companies.map((company_code, i) => ({ user_id: u.id, company_code, position: i + 1 }))),
  );
  await insertRows(
    tx,
    'app.user_pages',
    [
      ['user_id', 'int'],
      ['page_code', 'text'],
      ['can_perms', 'boolean'],
      ['can_list', 'boolean'],
      ['can_add', 'boolean'],
      ['can_set', 'boolean'],
      ['can_delete', 'boolean'],
      ['can_events', 'boolean'],
    ],
    demoUsers.flatMap((u) => Object.entries(u.ownPages ?? {}).map(([page_code, flags]) => ({ user_id: u.id, page_code, ...flags }))),
  );
  await insertRows(
    tx,
    'app.user_bookmarks',
    [
      ['user_id', 'int'],
      ['path', 'text'],
      ['position', 'int'],
    ],
    demoUsers.flatMap((u) => u.bookmarks.map((path, i) => ({ user_id: u.id, path, position: i + 1 }))),
  );
}
