import type { MenuNode } from '../../../schemas/api.ts';
import type { Queryable } from '../db/types.ts';

interface PageRow {
  page_code: string;
  parent_page_code: string | null;
  url: string | null;
  page_title: Record<string, string>;
  icon: string;
  menu: boolean;
  can_perms: boolean | null;
  can_list: boolean | null;
  can_add: boolean | null;
  can_set: boolean | null;
  can_delete: boolean | null;
  can_events: boolean | null;
}

/**
 * The user's menu tree: every page the user may list, with the group nodes above it.
 * Page access in the browser and on the server derives from this one query.
 */
export async function menuTree(db: Queryable, userId: number): Promise<MenuNode[]> {
  const r = await db.query<PageRow>(
    `select p.page_code, p.parent_page_code, p.url, p.page_title, p.icon, p.menu,
            g.can_perms, g.can_list, g.can_add, g.can_set, g.can_delete, g.can_events
     from app.backend_pages p
     left join app.v_user_page_permissions g on g.page_code = p.page_code and g.user_id = $1
     order by p.position, p.page_code`,
    [userId],
  );
  const nodes = new Map<string, MenuNode & { parent: string | null; granted: boolean }>();
  for (const p of r.rows) {
    nodes.set(p.page_code, {
      page_code: p.page_code,
      page_title: p.page_title,
      url: p.url,
      icon: p.icon,
      menu: p.menu,
      perms: { perms: !!p.can_perms, list: !!p.can_list, add: !!p.can_add, set: !!p.can_set, delete: !!p.can_delete, events: !!p.can_events },
      children: [],
      parent: p.parent_page_code,
      granted: !!p.can_list,
    });
  }
  // Keep granted pages and their ancestors.
  const keep = new Set<string>();
  for (const n of nodes.values()) {
    if (!n.granted) continue;
    for (let c: string | null = n.page_code; c && !keep.has(c); c = nodes.get(c)?.parent ?? null) keep.add(c);
  }
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    if (!keep.has(n.page_code)) continue;
    const { parent, granted: _g, ...node } = n;
    const parentNode = parent ? nodes.get(parent) : undefined;
    (parentNode && keep.has(parent!) ? parentNode.children : roots).push(node);
  }
  return roots;
}

/**
 * The events of those types the user may not press although she holds their page's events
 * right: each reserved to roles (fsm_event_roles, migration 122) of which she holds no active
 * one — a global administrator none. By type; types with none are left out.
 */
export async function deniedEvents(db: Queryable, userId: number): Promise<Record<string, string[]>> {
  const r = await db.query<{ type_code: string; events: string[] }>(
    `select e.type_code, array_agg(e.event_code order by e.event_code) as events
     from app.fsm_events e
     join app.fsm_types t on t.type_code = e.type_code
     join app.v_user_page_permissions g on g.page_code = t.page_code and g.user_id = $1 and g.can_events
     where not app.is_global_admin($1)
       and exists (select 1 from app.fsm_event_roles x where x.event_id = e.event_id)
       and not exists (select 1 from app.fsm_event_roles x join app.user_roles ur on ur.role_id = x.role_id and ur.user_id = $1
                       join app.roles ro on ro.role_id = x.role_id and ro.active where x.event_id = e.event_id)
     group by e.type_code`,
    [userId],
  );
  return Object.fromEntries(r.rows.map((x) => [x.type_code, x.events]));
}

/** The workflow types whose events the user may run: the `events` right on each type's page (migration 094). */
export async function eventTypes(db: Queryable, userId: number): Promise<string[]> {
  const r = await db.query<{ type_code: string }>(
    `select t.type_code from app.fsm_types t
     join app.v_user_page_permissions g on g.page_code = t.page_code and g.user_id = $1
     where g.can_events order by t.type_code`,
    [userId],
  );
  return r.rows.map((x) => x.type_code);
}
