import type { TestServer } from './harness.ts';

type Flags = Partial<Record<'can_perms' | 'can_list' | 'can_add' | 'can_set' | 'can_delete' | 'can_events', boolean>>;

/** The administrator's answer to one write, or a thrown error naming it. */
async function asAdmin(s: TestServer, form: string, payload: Record<string, unknown>, company: string): Promise<void> {
  const admin = (await s.login('admin@example.com')).token;
  const r = await s.action(admin, form, 'set', payload, company);
  if (r.status !== 200) throw new Error(`${form} set ${JSON.stringify(payload)}: ${r.status} ${JSON.stringify(r.body)}`);
}

/** Sets a user's own flags on a page as an administrator does (the user's pages grid, through the API; flags not named stay). */
export const grantUserPage = (s: TestServer, userId: number, pageCode: string, flags: Flags, company = 'SK01') => asAdmin(s, 'user_pages', { user_id: userId, page_code: pageCode, ...flags }, company);

/** Sets a role's flags on a page as an administrator does (the role's pages grid, through the API). */
export async function grantRolePage(s: TestServer, roleCode: string, pageCode: string, flags: Flags, company = 'SK01'): Promise<void> {
  const r = await s.db.query<{ role_id: number }>('select role_id from app.roles where role_code = $1', [roleCode]);
  await asAdmin(s, 'role_pages', { role_id: r.rows[0]!.role_id, page_code: pageCode, ...flags }, company);
}
