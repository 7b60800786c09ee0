/**
 * Issue 45's "done when": a new grid screen is one descriptor, one migration and locale keys.
 * A copy of this tree (its working files, uncommitted changes included) gains exactly those —
 * a company's stock movement reasons under Warehouse, with an option column and an editable
 * text column — its codegen runs, and its server starts (a child process, as `npm start`
 * starts it) on a PGlite data directory seeded by this tree's code, before the screen existed.
 * Then the page is in the menu under its area, titled in the seven languages from the new
 * keys, granted as its parent is (the warehouse role reads it, the catalogue role does not
 * see it); api_action adds, lists and sets its rows and refuses a value outside the option
 * set; and its page opens in every language with its start and first paint naming it.
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
const ROUTE = `/${AREA}/${FORM}`;
const PAGE_CODE = `${AREA}.${FORM}`;

const DESCRIPTOR = `import { defineScreen } from '../../schemas/screen.ts';

/** Why stock moved, from the company's own list: each reason is for receipts or for corrections. */
export default defineScreen({
  form: '${FORM}',
  menu: { icon: 'list-tree', order: 12 },
  source: { relation: 'app.${FORM}', key: 'reason_id', write: 'app.${FORM}', generatedKey: true, company: 'company_code', version: 'row_version' },
  columns: {
    reason_id: { type: 'int', hidden: true },
    reason_name: { editable: true, required: true, maxLength: 100, width: 250 },
    reason_kind: { options: ['receipt', 'correction'], renderer: 'movementKind', editable: true, required: true, default: 'correction', width: 150 },
  },
  actions: { add: true, delete: true },
});
`;

const MIGRATION = `-- A company's reasons for stock movements (the new-screen test's table).
create table app.${FORM} (
  reason_id serial primary key,
  company_code text not null references app.companies,
  reason_name text not null,
  reason_kind text not null default 'correction' check (reason_kind in ('receipt', 'correction')),
  row_version int not null default 1,
  unique (company_code, reason_name)
);
`;

/**
 * The new keys in each catalogue. The option values are named by an existing renderer
 * (movementKind, src/core/optionNames.ts): a set of new names would need a renderer in code.
 */
const KEYS: Record<Lang, { title: string; reason_id: string; reason_name: string; reason_kind: string }> = {
  en: { title: 'Stock movement reasons', reason_id: 'Reason ID', reason_name: 'Reason name', reason_kind: 'Applies to' },
  de: { title: 'Gründe für Lagerbewegungen', reason_id: 'Grund-ID', reason_name: 'Bezeichnung des Grundes', reason_kind: 'Gilt für' },
  hu: { title: 'Készletmozgások okai', reason_id: 'Ok azonosító', reason_name: 'Ok megnevezése', reason_kind: 'Vonatkozik' },
  sk: { title: 'Dôvody skladových pohybov', reason_id: 'ID dôvodu', reason_name: 'Názov dôvodu', reason_kind: 'Platí pre' },
  ro: { title: 'Motivele mișcărilor de stoc', reason_id: 'ID motiv', reason_name: 'Denumirea motivului', reason_kind: 'Se aplică la' },
  cs: { title: 'Důvody skladových pohybů', reason_id: 'ID důvodu', reason_name: 'Název důvodu', reason_kind: 'Platí pro' },
  bg: { title: 'Причини за складови движения', reason_id: 'ID на причина', reason_name: 'Наименование на причината', reason_kind: 'Прилага се за' },
};

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
    const { title, ...fields } = KEYS[lang];
    catalogue[`screens.${FORM}.title`] = title;
    for (const [f, text] of Object.entries(fields)) catalogue[`fields.${f}`] = text;
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
    const tree = join(work, 'tree');
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
    expect((await action('warehouse', 'add', { reason_name: 'Not hers', reason_kind: 'receipt' })).status).toBe(403);
    expect((await action('catalog', 'list', {})).status).toBe(403);
  });

  it('adds, lists and sets rows; the option column refuses a value outside its set', async () => {
    const added = await action('admin', 'add', { reason_name: 'Damaged in transit', reason_kind: 'receipt' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const list = async () => {
      const r = await action('admin', 'list', { endRow: 100 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.rows as Json[];
    };
    const [row] = await list();
    expect(row).toMatchObject({ reason_name: 'Damaged in transit', reason_kind: 'receipt', row_version: 1 });
    const set = await action('admin', 'set', { reason_id: row.reason_id, row_version: row.row_version, reason_name: 'Damaged', reason_kind: 'correction' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await list()).toEqual([expect.objectContaining({ reason_id: row.reason_id, reason_name: 'Damaged', reason_kind: 'correction', row_version: 2 })]);
    const refused = await action('admin', 'add', { reason_name: 'Lost', reason_kind: 'pick' });
    expect(refused.status).toBe(400);
    expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ error: 'invalid_value', params: { field: 'payload.reason_kind', reason: 'validation.options', label: 'fields.reason_kind' } });
    expect(await list()).toHaveLength(1);
  });

  it.each(LANGS)('opens /%s' + ROUTE + ' signed in: its start names the form, its first paint its title and columns', async (lang) => {
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
    expect(html).toContain(KEYS[lang].reason_name);
  });
});
