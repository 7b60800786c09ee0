/**
 * The rank rule (migration 086, app.check_not_outranked) against a plain model of it: random
 * pairs of users with random companies, own grants and roles (random flags, roles switched on
 * or off, the administrator role among them), written without an actor in a transaction that
 * is rolled back; the database's verdict — called directly, and through the users table's
 * trigger as the grid's write meets it — must be the model's.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/server/db/types.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

// can_events: the events right (migration 094, issue 43 #18) is a flag of the rank like the others.
const FLAGS = ['can_perms', 'can_list', 'can_add', 'can_set', 'can_delete', 'can_events'] as const;
type Flags = readonly boolean[]; // in FLAGS order
type Grants = ReadonlyMap<string, Flags>;
const COMPANIES = ['SK01', 'HU01', 'CZ01'];
/** Pages the random grants use: two the administrator role grants, one only users may hold in this test. */
const PAGES = ['settings.vats', 'products.brands', 'settings.users'];

interface RoleSpec {
  active: boolean;
  grants: Grants;
}
interface UserSpec {
  companies: string[];
  own: Grants;
  /** Indexes into the world's roles; ADMIN is the administrator role. */
  roles: number[];
}
interface World {
  adminActive: boolean;
  roles: RoleSpec[];
  actor: UserSpec;
  /** undefined: the actor acts on herself. */
  target: UserSpec | undefined;
}
const ADMIN = -1;

const flags = fc.array(fc.boolean(), { minLength: FLAGS.length, maxLength: FLAGS.length });
const grants = fc.dictionary(fc.constantFrom(...PAGES), flags, { maxKeys: 3 }).map((d) => new Map(Object.entries(d)) as Grants);
const role = fc.record({ active: fc.boolean(), grants });
const user = (roleCount: number) =>
  fc.record({
    companies: fc.subarray(COMPANIES),
    own: grants,
    roles: fc.subarray([ADMIN, ...Array.from({ length: roleCount }, (_, i) => i)]),
  });
const world: fc.Arbitrary<World> = fc.record({ adminActive: fc.boolean(), roles: fc.array(role, { minLength: 2, maxLength: 2 }) }).chain((w) =>
  fc.record({
    adminActive: fc.constant(w.adminActive),
    roles: fc.constant(w.roles),
    actor: user(w.roles.length),
    // Weighted so that most cases compare two people; a few ask about oneself.
    target: fc.option(user(w.roles.length), { freq: 8 }).map((t) => t ?? undefined),
  }),
);

/** The rule as the brief states it, on the generated data alone. */
function verdict(w: World, adminGrants: Grants): string | null {
  const { actor } = w;
  const target = w.target;
  if (!target) return null; // oneself
  const isAdmin = (u: UserSpec) => w.adminActive && u.roles.includes(ADMIN);
  const effective = (u: UserSpec): Map<string, boolean[]> => {
    const out = new Map<string, boolean[]>();
    const add = (g: Grants) => {
      for (const [page, f] of g)
        out.set(
          page,
          (out.get(page) ?? FLAGS.map(() => false)).map((x, i) => x || f[i]!),
        );
    };
    add(u.own);
    for (const r of u.roles) {
      if (r === ADMIN) {
        if (w.adminActive) add(adminGrants);
      } else if (w.roles[r]!.active) add(w.roles[r]!.grants);
    }
    return out;
  };
  if (isAdmin(target) && !isAdmin(actor)) return 'user_is_administrator';
  if (target.companies.some((c) => !actor.companies.includes(c))) return 'user_outside_your_companies';
  const mine = effective(actor);
  for (const [page, f] of effective(target)) if (f.some((x, i) => x && !mine.get(page)?.[i])) return 'user_outranks_you';
  return null;
}

class Verdicts {
  constructor(
    readonly direct: string | null,
    readonly viaTrigger: string | null,
  ) {}
}

/** The database's verdicts on one world, in a transaction rolled back. */
async function databaseVerdicts(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, w: World, run: number): Promise<Verdicts> {
  try {
    await db.transaction(async (tx) => {
      const adminRole = (await tx.query<{ role_id: number }>(`select role_id from app.roles where role_code = 'administrator'`)).rows[0]!.role_id;
      await tx.query('update app.roles set active = $2 where role_id = $1', [adminRole, w.adminActive]);
      const roleIds: number[] = [];
      for (const [i, r] of w.roles.entries()) {
        const id = (await tx.query<{ role_id: number }>(`insert into app.roles (role_code, active) values ($1, $2) returning role_id`, [`prop_${run}_${i}`, r.active])).rows[0]!.role_id;
        roleIds.push(id);
        for (const [page, f] of r.grants)
          await tx.query(`insert into app.role_pages (role_id, page_code, ${FLAGS.join(', ')}) values ($1, $2, ${FLAGS.map((_, i) => `$${i + 3}`).join(', ')})`, [id, page, ...f]);
      }
      const make = async (u: UserSpec, who: string): Promise<number> => {
        const id = (
          await tx.query<{ user_id: number }>(`insert into app.users (user_email, user_name, password_hash) values ($1, $1, app.unusable_password()) returning user_id`, [`${who}.${run}@prop.example`])
        ).rows[0]!.user_id;
        for (const [i, c] of u.companies.entries()) await tx.query('insert into app.user_companies (user_id, company_code, position) values ($1, $2, $3)', [id, c, i + 1]);
        for (const r of u.roles) await tx.query('insert into app.user_roles (user_id, role_id) values ($1, $2)', [id, r === ADMIN ? adminRole : roleIds[r]!]);
        for (const [page, f] of u.own)
          await tx.query(`insert into app.user_pages (user_id, page_code, ${FLAGS.join(', ')}) values ($1, $2, ${FLAGS.map((_, i) => `$${i + 3}`).join(', ')})`, [id, page, ...f]);
        return id;
      };
      const actor = await make(w.actor, 'actor');
      const target = w.target ? await make(w.target, 'target') : actor;
      await tx.query(`select set_config('app.user_id', $1, true)`, [String(actor)]);
      const attempt = async (sql: string): Promise<string | null> => {
        await tx.query('savepoint attempt');
        try {
          await tx.query(sql, [target]);
          await tx.query('release savepoint attempt');
          return null;
        } catch (e) {
          await tx.query('rollback to savepoint attempt');
          const err = e as { code?: string; constraint?: string };
          if (err.code !== '42501') throw e;
          return err.constraint ?? 'unnamed';
        }
      };
      throw new Verdicts(await attempt('select app.check_not_outranked($1)'), await attempt('update app.users set first_name = first_name where user_id = $1'));
    });
  } catch (e) {
    if (e instanceof Verdicts) return e;
    throw e;
  }
  throw new Error('the transaction was not rolled back');
}

describe.each(engines)('the rank rule against its model on %s', (engine) => {
  let s: TestServer;
  let adminGrants: Grants;
  beforeAll(async () => {
    s = await startTestServer(engine);
    const r = await s.db.query<Record<(typeof FLAGS)[number] | 'page_code', string & boolean>>(
      `select rp.page_code, ${FLAGS.map((f) => `rp.${f}`).join(', ')} from app.role_pages rp join app.roles r on r.role_id = rp.role_id where r.role_code = 'administrator'`,
    );
    adminGrants = new Map(r.rows.map((g) => [g.page_code, FLAGS.map((f) => g[f] === true)]));
  });
  afterAll(() => s?.close());

  it('the database refuses exactly when the model does, with the model’s rule, directly and through a write', async () => {
    let run = 0;
    const seen = new Set<string | null>();
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        run += 1;
        const expected = verdict(w, adminGrants);
        seen.add(expected);
        const got = await databaseVerdicts(s.db, w, run);
        expect({ direct: got.direct, viaTrigger: got.viaTrigger }).toEqual({ direct: expected, viaTrigger: expected });
      }),
      { numRuns: 150 },
    );
    // The generator reaches every verdict (else the property proves less than it says).
    expect([...seen].sort()).toEqual([null, 'user_is_administrator', 'user_outranks_you', 'user_outside_your_companies'].sort());
  });
});
