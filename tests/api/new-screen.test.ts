/**
 * Issue 45's "done when": a new grid screen with a menu entry, a new option set and a workflow
 * event is one descriptor, one migration and locale keys — nothing else.
 * A copy of this tree (its working files, uncommitted changes included) gains exactly those —
 * a company's stock movement reasons under Warehouse: an editable text column, an option
 * column over a set no other screen has (its values named only by `options.reason_scope.*`
 * keys), and a workflow of its own (proposed → approved → retired) declared in the descriptor
 * and named only by `workflows.stock_reason.*` keys, its records' table and view in the
 * migration — its codegen runs, and its server starts (a child process, as `npm start`
 * starts it) on a PGlite data directory seeded by this tree's code, before the screen existed.
 * Then the page is in the menu under its area, titled in the seven languages from the new
 * keys, granted as its parent is (the warehouse role reads it, the catalogue role does not
 * see it); api_action adds, lists and sets its rows and refuses a value outside the option
 * set; each row is a workflow record whose event, named in the seven languages, moves its state
 * through the API; the option values are named in the seven languages (a filter by the name
 * the user reads, the first paint); and its page opens in every language with its start and
 * first paint naming it. Were a renderer, a seeded definition or an icon map entry still
 * needed, codegen would refuse the copy, the row could not be added (no workflow type to make
 * its instance in) or the names would be the raw values.
 *
 * PGlite only: what the server does with an existing database — migrations in order, the
 * reference sync (src/server/db/referenceSync.ts) — is engine-neutral SQL, and
 * upgrade.test.ts runs it on both engines; this test's own part is the tree's, not the engine's.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TOKEN_COOKIE } from '../../src/core/authCookies.ts';
import { LANGS, type Lang } from '../../src/core/langs.ts';
import { startChildServer } from './childServer.ts';
import { root, templateDataDir } from './dataTools.ts';
import { DEMO_PASSWORD, PRODUCTS, type Json } from './harness.ts';
import { startDataOf } from './pageStart.ts';

const AREA = 'warehouse';
const FORM = 'stock_reasons';
const TYPE = 'stock_reason';
/** An icon of the event icon list (core/eventIcons.ts): the browser's map of event icons is codegen's, from that list. */
const ICON = 'package-check';
const ROUTE = `/${AREA}/${FORM}`;
const PAGE_CODE = `${AREA}.${FORM}`;

const DESCRIPTOR = `import { defineScreen } from '../../schemas/screen.ts';

/** Why stock moved, from the company's own list: each reason is for goods in, goods out or a count, proposed and then approved. */
export default defineScreen({
  form: '${FORM}',
  menu: { icon: 'list-tree', order: 12 },
  source: { relation: 'app.v_${FORM}', key: 'reason_id', write: 'app.${FORM}', generatedKey: true, company: 'company_code', version: 'row_version' },
  columns: {
    reason_id: { type: 'int', hidden: true },
    reason_name: { editable: true, required: true, maxLength: 100, width: 250 },
    reason_scope: { options: ['inbound', 'outbound', 'count'], editable: true, required: true, default: 'count', width: 150 },
    state_names: { type: 'multi', width: 150 },
  },
  actions: { add: true, delete: true },
  workflow: {
    type: '${TYPE}',
    states: { proposed: { initial: true }, approved: {}, retired: { final: true } },
    events: {
      approve: { variant: 'success', icon: '${ICON}' },
      retire: { variant: 'danger', icon: 'archive', checkbox: true },
    },
    transitions: [
      { event: 'approve', from: 'proposed', to: 'approved', button: true },
      { event: 'retire', from: ['proposed', 'approved'], to: 'retired' },
    ],
  },
});
`;

const MIGRATION = `-- A company's reasons for stock movements (the new-screen test's table), each a ${TYPE} workflow record.
create table app.${FORM} (
  reason_id serial primary key,
  company_code text not null references app.companies,
  fsm_instance_id bigint not null unique references app.fsm_instances,
  reason_name text not null,
  reason_scope text not null default 'count' check (reason_scope in ('inbound', 'outbound', 'count')),
  row_version int not null default 1,
  unique (company_code, reason_name)
);
-- A new reason starts in its workflow's initial state, whoever adds it.
create function app.${FORM}_instance() returns trigger language plpgsql as $$
begin
  new.fsm_instance_id := app.fsm_create('${TYPE}', new.company_code, nullif(current_setting('app.user_id', true), '')::int);
  return new;
end $$;
create trigger ${FORM}_instance before insert on app.${FORM} for each row execute function app.${FORM}_instance();
create view app.v_${FORM} as
select r.reason_id, r.company_code, r.reason_name, r.reason_scope, r.row_version,
       r.fsm_instance_id, app.fsm_actions(i.state_id) as fsm_actions, s.state_code, s.state_names
from app.${FORM} r
join app.fsm_instances i on i.fsm_instance_id = r.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id;
`;

interface Texts {
  title: string;
  fields: { reason_id: string; reason_name: string; reason_scope: string };
  /** The new option set's names: options.reason_scope.<value>. */
  scope: { inbound: string; outbound: string; count: string };
  /** The new workflow's names: workflows.stock_reason.… */
  workflow: { title: string; states: { proposed: string; approved: string; retired: string }; events: { approve: string; retire: string }; retireCheckbox: string };
}

/** The new keys in each catalogue: the screen's title and labels, its option set's names and its workflow's — nothing a renderer or a seed would say. */
const KEYS: Record<Lang, Texts> = {
  en: {
    title: 'Stock movement reasons',
    fields: { reason_id: 'Reason ID', reason_name: 'Reason name', reason_scope: 'Applies to' },
    scope: { inbound: 'Goods in', outbound: 'Goods out', count: 'Stocktaking' },
    workflow: {
      title: 'Stock reason',
      states: { proposed: 'Proposed', approved: 'Approved', retired: 'Retired' },
      events: { approve: 'Approve', retire: 'Retire' },
      retireCheckbox: 'Tell the warehouse',
    },
  },
  de: {
    title: 'Gründe für Lagerbewegungen',
    fields: { reason_id: 'Grund-ID', reason_name: 'Bezeichnung des Grundes', reason_scope: 'Gilt für' },
    scope: { inbound: 'Wareneingang', outbound: 'Warenausgang', count: 'Inventur' },
    workflow: {
      title: 'Lagergrund',
      states: { proposed: 'Vorgeschlagen', approved: 'Genehmigt', retired: 'Ausgemustert' },
      events: { approve: 'Genehmigen', retire: 'Ausmustern' },
      retireCheckbox: 'Lager informieren',
    },
  },
  hu: {
    title: 'Készletmozgások okai',
    fields: { reason_id: 'Ok azonosító', reason_name: 'Ok megnevezése', reason_scope: 'Vonatkozik' },
    scope: { inbound: 'Bevételezés', outbound: 'Kiadás', count: 'Leltár' },
    workflow: {
      title: 'Készletmozgási ok',
      states: { proposed: 'Javasolt', approved: 'Jóváhagyott', retired: 'Kivezetett' },
      events: { approve: 'Jóváhagyás', retire: 'Kivezetés' },
      retireCheckbox: 'Raktár értesítése',
    },
  },
  sk: {
    title: 'Dôvody skladových pohybov',
    fields: { reason_id: 'ID dôvodu', reason_name: 'Názov dôvodu', reason_scope: 'Platí pre' },
    scope: { inbound: 'Príjem tovaru', outbound: 'Výdaj tovaru', count: 'Inventúra' },
    workflow: {
      title: 'Skladový dôvod',
      states: { proposed: 'Navrhnutý', approved: 'Schválený', retired: 'Vyradený' },
      events: { approve: 'Schváliť', retire: 'Vyradiť' },
      retireCheckbox: 'Upozorniť sklad',
    },
  },
  ro: {
    title: 'Motivele mișcărilor de stoc',
    fields: { reason_id: 'ID motiv', reason_name: 'Denumirea motivului', reason_scope: 'Se aplică la' },
    scope: { inbound: 'Intrare marfă', outbound: 'Ieșire marfă', count: 'Inventar' },
    workflow: { title: 'Motiv de stoc', states: { proposed: 'Propus', approved: 'Aprobat', retired: 'Retras' }, events: { approve: 'Aprobă', retire: 'Retrage' }, retireCheckbox: 'Anunță depozitul' },
  },
  cs: {
    title: 'Důvody skladových pohybů',
    fields: { reason_id: 'ID důvodu', reason_name: 'Název důvodu', reason_scope: 'Platí pro' },
    scope: { inbound: 'Příjem zboží', outbound: 'Výdej zboží', count: 'Inventura' },
    workflow: {
      title: 'Skladový důvod',
      states: { proposed: 'Navržený', approved: 'Schválený', retired: 'Vyřazený' },
      events: { approve: 'Schválit', retire: 'Vyřadit' },
      retireCheckbox: 'Upozornit sklad',
    },
  },
  bg: {
    title: 'Причини за складови движения',
    fields: { reason_id: 'ID на причина', reason_name: 'Наименование на причината', reason_scope: 'Прилага се за' },
    scope: { inbound: 'Приемане на стока', outbound: 'Изписване на стока', count: 'Инвентаризация' },
    workflow: {
      title: 'Складова причина',
      states: { proposed: 'Предложена', approved: 'Одобрена', retired: 'Изведена' },
      events: { approve: 'Одобри', retire: 'Изведи' },
      retireCheckbox: 'Уведоми склада',
    },
  },
};

/** The same texts of every language, as a multi-language value. */
const inLangs = (pick: (t: Texts) => string): Record<Lang, string> => Object.fromEntries(LANGS.map((l) => [l, pick(KEYS[l])])) as Record<Lang, string>;

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups.reverse()) c();
});

interface Ran {
  code: number | null;
  out: string;
}

function run(args: string[], cwd: string): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, out }));
  });
}

/** The tree's files as they are in the working tree (tracked and untracked, not ignored; deleted ones left out). */
async function copyTree(to: string): Promise<void> {
  const git = await new Promise<string>((done, fail) => {
    const child = spawn('git', ['-C', root, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done(out) : fail(new Error(`git ls-files exited ${code}`))));
  });
  for (const f of new Set(git.split('\0').filter(Boolean))) {
    const from = join(root, f);
    let isFile: boolean;
    try {
      isFile = statSync(from).isFile();
    } catch {
      continue; // deleted in the working tree
    }
    if (!isFile) continue;
    mkdirSync(dirname(join(to, f)), { recursive: true });
    cpSync(from, join(to, f));
  }
  symlinkSync(realpathSync(join(root, 'node_modules')), join(to, 'node_modules'));
}

/** The one descriptor, the one migration (the next number) and the keys, written into the copy. */
function addScreen(tree: string): void {
  writeFileSync(join(tree, 'screens', AREA, `${FORM}.ts`), DESCRIPTOR);
  const migrations = join(tree, 'src/server/db/migrations');
  const last = Math.max(...readdirSync(migrations).map((f) => Number(/^(\d+)_/.exec(f)?.[1] ?? 0)));
  writeFileSync(join(migrations, `${String(last + 1).padStart(3, '0')}_${FORM}.sql`), MIGRATION);
  for (const lang of LANGS) {
    const file = join(tree, 'locales', `${lang}.json`);
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    const { title, fields, scope, workflow } = KEYS[lang];
    catalogue[`screens.${FORM}.title`] = title;
    for (const [f, text] of Object.entries(fields)) catalogue[`fields.${f}`] = text;
    for (const [v, text] of Object.entries(scope)) catalogue[`options.reason_scope.${v}`] = text;
    catalogue[`workflows.${TYPE}.title`] = workflow.title;
    for (const [st, text] of Object.entries(workflow.states)) catalogue[`workflows.${TYPE}.states.${st}`] = text;
    for (const [e, text] of Object.entries(workflow.events)) catalogue[`workflows.${TYPE}.events.${e}`] = text;
    catalogue[`workflows.${TYPE}.checkboxes.retire`] = workflow.retireCheckbox;
    writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
  }
}

interface MenuNode {
  page_code: string;
  url: string | null;
  page_title: Record<string, string>;
  perms: Record<string, boolean>;
  children: MenuNode[];
}

describe('a new screen: one descriptor, one migration and locale keys, on a database made before it (pglite)', () => {
  let url: string;
  let tree: string;
  const tokens: Record<string, string> = {};

  const post = async (path: string, body: unknown, token?: string): Promise<{ status: number; body: Json }> => {
    const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const r = await fetch(url + path, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: r.status, body: await r.json() };
  };
  const action = (who: string, act: string, payload: unknown) => post('/rpc/api_action', { entity: FORM, action: act, payload }, tokens[who]!);
  const menuOf = async (who: string): Promise<MenuNode[]> => {
    const r = await post('/rpc/user', {}, tokens[who]!);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.menu as MenuNode[];
  };
  const find = (nodes: MenuNode[], code: string): MenuNode | undefined => {
    for (const n of nodes) {
      if (n.page_code === code) return n;
      const hit = find(n.children, code);
      if (hit) return hit;
    }
    return undefined;
  };

  beforeAll(async () => {
    const t0 = Date.now();
    const lap = (what: string) => console.log(`new screen: ${what} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const work = mkdtempSync(join(tmpdir(), 'bo-newscreen-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    tree = join(work, 'tree');
    const data = join(work, 'data');
    // This tree's seeded demo, made before the screen existed; the copy is written meanwhile.
    const made = templateDataDir(data);
    await copyTree(tree);
    addScreen(tree);
    lap('copied');
    const codegen = await run(['--import', 'tsx', 'codegen/index.ts'], tree);
    expect(codegen.code, codegen.out).toBe(0);
    lap('codegen');
    await made;
    lap('data');
    const server = await startChildServer(tree, { DATA_DIR: data, DEMO_DATA: '1', DEMO_PRODUCTS: String(PRODUCTS) }, "the copy's server");
    cleanups.push(server.kill);
    ({ url } = server);
    lap('listening');
    for (const who of ['admin', 'warehouse', 'catalog']) {
      const r = await post('/rpc/login', { email: `${who}@example.com`, password: DEMO_PASSWORD });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      tokens[who] = r.body.token as string;
    }
  }, 240_000);

  it('puts the page in the menu under its area, titled in the seven languages from its keys', async () => {
    const area = find(await menuOf('admin'), AREA);
    const page = area?.children.find((c) => c.page_code === PAGE_CODE);
    expect(page, `${PAGE_CODE} under ${AREA}`).toBeDefined();
    expect(page!.url).toBe(ROUTE);
    expect(page!.page_title).toEqual(Object.fromEntries(LANGS.map((l) => [l, KEYS[l].title])));
    expect(page!.perms).toEqual({ perms: true, list: true, add: true, set: true, delete: true, events: true });
  });

  it('grants the page as its parent is: the warehouse role reads it, the catalogue role does not see it', async () => {
    const warehouse = await menuOf('warehouse');
    expect(find(warehouse, PAGE_CODE)?.perms).toEqual(find(warehouse, AREA)?.perms);
    expect(find(warehouse, PAGE_CODE)?.perms).toMatchObject({ list: true, add: false });
    expect(find(await menuOf('catalog'), AREA)).toBeUndefined();
    expect(find(await menuOf('catalog'), PAGE_CODE)).toBeUndefined();
    expect((await action('warehouse', 'list', {})).status).toBe(200);
    expect((await action('warehouse', 'add', { reason_name: 'Not hers', reason_scope: 'inbound' })).status).toBe(403);
    expect((await action('catalog', 'list', {})).status).toBe(403);
  });

  const list = async (payload: Json = {}) => {
    const r = await action('admin', 'list', { endRow: 100, ...payload });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.rows as Json[];
  };

  it('adds, lists and sets rows; the option column refuses a value outside its set', async () => {
    const added = await action('admin', 'add', { reason_name: 'Damaged in transit', reason_scope: 'inbound' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [row] = await list();
    expect(row).toMatchObject({ reason_name: 'Damaged in transit', reason_scope: 'inbound', row_version: 1 });
    const set = await action('admin', 'set', { reason_id: row.reason_id, row_version: row.row_version, reason_name: 'Damaged', reason_scope: 'count' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await list()).toEqual([expect.objectContaining({ reason_id: row.reason_id, reason_name: 'Damaged', reason_scope: 'count', row_version: 2 })]);
    const refused = await action('admin', 'add', { reason_name: 'Lost', reason_scope: 'pick' });
    expect(refused.status).toBe(400);
    expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ error: 'invalid_value', params: { field: 'payload.reason_scope', reason: 'validation.options', label: 'fields.reason_scope' } });
    expect(await list()).toHaveLength(1);
  });

  it.each(LANGS)('names the new option set by its keys alone in %s: a filter by the name the user reads finds the row', async (lang) => {
    const named = async (name: string) => (await list({ language: lang, filterModel: { reason_scope: { filterType: 'text', type: 'equals', filter: name } } })).map((r) => r.reason_name);
    expect(await named(KEYS[lang].scope.count)).toEqual(['Damaged']);
    expect(await named(KEYS[lang].scope.inbound)).toEqual([]);
    // The raw value is no name a user reads.
    expect(await named('count')).toEqual([]);
  });

  it('makes each row a record of the workflow its descriptor declares, named in the seven languages from its keys', async () => {
    const [row] = await list();
    expect(row).toMatchObject({ state_code: 'proposed', state_names: inLangs((t) => t.workflow.states.proposed) });
    expect(row.fsm_actions).toEqual([
      { event_code: 'approve', event_names: inLangs((t) => t.workflow.events.approve), params: { bv_variant: 'success', bv_icon: ICON }, menu: true, button: true },
      {
        event_code: 'retire',
        event_names: inLangs((t) => t.workflow.events.retire),
        params: { bv_variant: 'danger', bv_icon: 'archive', checkbox: inLangs((t) => t.workflow.retireCheckbox) },
        menu: true,
        button: false,
      },
    ]);
    const types = await post('/rpc/api_action', { entity: 'fsm_types', action: 'list', payload: { endRow: 100 } }, tokens.admin!);
    expect(types.status, JSON.stringify(types.body)).toBe(200);
    expect((types.body.data.rows as Json[]).find((t) => t.type_code === TYPE)).toMatchObject({ page_code: PAGE_CODE, type_names: inLangs((t) => t.workflow.title) });
    // The event's icon is in the browser's map, which codegen wrote from the descriptor.
    expect(readFileSync(join(tree, 'src/generated/eventIcons.ts'), 'utf8')).toContain(`'lucide-react/icons/${ICON}'`);
  });

  it("moves a row's state through the API by its event; the warehouse role, without the page's events right, may not", async () => {
    const [row] = await list();
    const fire = (who: string) =>
      post('/rpc/api_action', { entity: 'trigger_fsm', action: 'set', payload: { event_code: 'approve', fsm_instance_id: row.fsm_instance_id, params: { state_code: 'proposed' } } }, tokens[who]!);
    const denied = await fire('warehouse');
    expect(denied.status, JSON.stringify(denied.body)).toBe(403);
    expect(denied.body).toMatchObject({ error: 'event_right_required' });
    const moved = await fire('admin');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.rows[0]).toMatchObject({ fsm_instance_id: row.fsm_instance_id, state_code: 'approved' });
    const [after] = await list();
    expect(after).toMatchObject({ reason_id: row.reason_id, state_code: 'approved', state_names: inLangs((t) => t.workflow.states.approved) });
    expect((after.fsm_actions as Json[]).map((a) => a.event_code)).toEqual(['retire']);
    // A second approve finds no transition from the state the row is in now.
    expect((await fire('admin')).status).toBe(409);
  });

  it.each(LANGS)('opens /%s' + ROUTE + ' signed in: its start names the form, its first paint its title, columns and option names', async (lang) => {
    const path = `/${lang}${ROUTE}`;
    const r = await fetch(url + path, { headers: { cookie: `${PAGE_TOKEN_COOKIE}=${encodeURIComponent(tokens.admin!)}` } });
    expect(r.status).toBe(200);
    const html = await r.text();
    const start = startDataOf(html);
    expect(start?.request).toEqual({ currency_code: null, page: path, form: FORM });
    expect(start.bootstrap.data.screen.form).toBe(FORM);
    expect(start.rows).toMatchObject({ form: FORM, payload: { language: lang } });
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(`<h1 class="page-title">${KEYS[lang].title}</h1>`);
    expect(html).toContain(KEYS[lang].fields.reason_name);
    // The row's option value, by its name in the page's language (server/http/firstPaintCells.ts).
    expect(html).toContain(`>${KEYS[lang].scope.count}<`);
  });
});
