/**
 * codegen: the committed generated documents are current, the OpenAPI document covers
 * every procedure, descriptor errors name their path, and screen.schema.json agrees
 * with the real descriptors.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { procedures } from '../../schemas/api.ts';
import { parseScreen } from '../../schemas/screen.ts';
import type { CompactScreen } from '../../src/generated/screenDefaults.ts';
import { screenJsonSchema, screenJsonSchemaText } from '../../codegen/jsonschema.ts';
import { clientTypes, openapiDocument, openapiYaml } from '../../codegen/openapi.ts';
import { checkLocales, keysInUse, optionSetProblems, sameHeaders, unnamedOptions } from '../../codegen/locales.ts';
import { loadScreens, referenceProblem, root, screenFiles } from '../../codegen/screens.ts';
import { forBrowser, lookupsOf } from '../../codegen/routes.ts';
import { eventIconsSource, iconProblems, lucideIcons, workflowDefinitions, workflowKeys, workflowTypeProblems } from '../../codegen/workflows.ts';
import { fieldLabelId } from '../../src/core/fieldLabel.ts';

const read = (path: string) => readFileSync(join(root, path), 'utf8');
type Doc = {
  paths: Record<string, Record<string, { operationId: string; requestBody?: unknown; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
};

/** Every descriptor: the document states each form's row. */
const descriptors = (await loadScreens()).map((s) => s.screen);

describe('openapi.yaml', () => {
  it('is current: the committed file equals what codegen generates from schemas/api.ts and the descriptors', () => {
    expect(read('schemas/openapi.yaml'), 'schemas/openapi.yaml is stale: run `npm run codegen`').toBe(openapiYaml(openapiDocument(descriptors)));
  });

  it('is deterministic', () => {
    expect(openapiYaml(openapiDocument(descriptors))).toBe(openapiYaml(openapiDocument(descriptors)));
  });

  const doc = parseYaml(read('schemas/openapi.yaml')) as Doc;

  it('has POST /rpc/{name} for every procedure, GET /shops and GET /openapi.json', () => {
    for (const name of Object.keys(procedures)) {
      const op = doc.paths[`/rpc/${name}`]?.post;
      expect(op, `/rpc/${name}`).toBeDefined();
      expect(op!.operationId).toBe(name);
      expect(op!.requestBody).toBeDefined();
      expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', '412', '429']));
    }
    expect(doc.paths['/shops']?.get).toBeDefined();
    expect(doc.paths['/openapi.json']?.get).toBeDefined();
  });

  it('states the recursive schemas with $ref and their components validate real shapes', () => {
    const s = doc.components.schemas as Record<string, { properties: Record<string, { items: unknown }> }>;
    expect(s.MenuNode!.properties.children!.items).toEqual({ $ref: '#/components/schemas/MenuNode' });
    expect(s.CategoryNode!.properties.children!.items).toEqual({ $ref: '#/components/schemas/CategoryNode' });

    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'openapi', components: doc.components });
    const check = (name: string, value: unknown) => ajv.validate(`openapi#/components/schemas/${name}`, value);
    const leaf = { page_code: 'b', page_title: { en: 'B' }, url: '/b', icon: '', menu: true, perms: { perms: true, list: true, add: false, set: false, delete: false, events: false }, children: [] };
    expect(check('MenuNode', { ...leaf, page_code: 'a', url: null, children: [leaf] })).toBe(true);
    expect(check('MenuNode', { ...leaf, children: [{ ...leaf, children: [{ nope: 1 }] }] })).toBe(false);
    expect(check('ListPayload', { startRow: 0, endRow: 100, sortModel: [{ colId: 'a', sort: 'asc' }], filterModel: { a: { filterType: 'text', type: 'contains', filter: 'x' } } })).toBe(true);
    expect(check('ListPayload', { startRow: -1 })).toBe(false);
    expect(check('DeletePayload', { keys: [] })).toBe(false);
  });

  it('turns into client types', async () => {
    const ts = await clientTypes(openapiDocument(descriptors));
    expect(ts).toContain('"/rpc/api_action"');
    expect(ts).toMatch(/MenuNode: \{[^}]*children: components\["schemas"\]\["MenuNode"\]\[\]/);
  });
});

describe('descriptor errors', () => {
  it('read `file: json.path: expected …`', () => {
    const broken = {
      form: 'broken',
      route: '/broken',
      source: { relation: 'app.broken', key: 'x' },
      columns: { x: { type: 'nope' } },
    };
    expect(() => parseScreen(broken, 'screens/broken.ts')).toThrow(/^screens\/broken\.ts: columns\.x\.type: .*expected/im);
  });

  it('name a default sort on a column the form does not have, or cannot sort', () => {
    const base = { form: 'sorted', route: '/sorted', source: { relation: 'app.sorted', key: 'x' }, columns: { x: {}, j: { type: 'json' } } };
    const sorted = (colId: string) => ({ ...base, source: { ...base.source, sort: [{ colId, sort: 'asc' }] } });
    expect(() => parseScreen(sorted('position'), 'screens/sorted.ts')).toThrow('screens/sorted.ts: source.sort.0.colId: expected a column, got "position"');
    expect(() => parseScreen(sorted('j'), 'screens/sorted.ts')).toThrow('source.sort.0.colId: column "j" cannot be sorted');
    expect(parseScreen(sorted('x')).source.sort).toEqual([{ colId: 'x', sort: 'asc' }]);
  });
});

describe('what a descriptor file says (issue 45: route and area from the path)', () => {
  const columns = { id: { type: 'int' } };
  const source = { relation: 'app.t', key: 'id' };

  it('a page screen at screens/<area>/<name>.ts is /<area>/<name> in <area> unless it says otherwise', () => {
    const s = parseScreen({ form: 'things', source, columns }, 'screens/stock/things.ts');
    expect([s.route, s.area]).toEqual(['/stock/things', 'stock']);
    const moved = parseScreen({ form: 'things', route: '/stock/thing_list', source, columns }, 'screens/stock/things.ts');
    expect([moved.route, moved.area]).toEqual(['/stock/thing_list', 'stock']);
  });

  it('a sub-grid has no route and lies in its page’s area; a lookup has neither', () => {
    const sub = parseScreen({ form: 'parts', page: '/products/categories', source, columns }, 'screens/shops/parts.ts');
    expect([sub.route, sub.area]).toEqual([undefined, 'products']);
    const lookup = parseScreen({ form: 'things_brief', access: 'authenticated', source, columns }, 'screens/lookups/things_brief.ts');
    expect([lookup.route, lookup.area]).toEqual([undefined, undefined]);
  });

  it('refuses a route or area that restates the path (each is said once)', () => {
    expect(() => parseScreen({ form: 'things', route: '/stock/things', source, columns }, 'screens/stock/things.ts')).toThrow(
      'screens/stock/things.ts: route: expected no route (the file\'s path says /stock/things), got "/stock/things"',
    );
    expect(() => parseScreen({ form: 'parts', page: '/products/categories', area: 'products', source, columns }, 'screens/shops/parts.ts')).toThrow(
      'screens/shops/parts.ts: area: expected no area (the page /products/categories says products), got "products"',
    );
  });

  it('holds for every real descriptor: the explicit routes are the ones that differ from the path', async () => {
    const routed = (await loadScreens()).filter((s) => s.screen.route);
    const explicit = routed.filter(({ file, screen }) => `/${file.split('/').slice(1).join('/').replace(/\.ts$/, '')}` !== screen.route).map((s) => s.screen.route);
    expect(explicit.sort()).toEqual([
      '/ai_content/email_list/outbox',
      '/purchasing/product_supplier',
      '/sales/newsletter_subscribers',
      '/shops/2frontendPages',
      '/shops/2frontendPages/colDefs',
      '/warehouse/shelf_list',
    ]);
    for (const { file, screen } of routed) expect(screen.area, file).toBe(screen.route!.split('/')[1]);
  });
});

describe('screen.schema.json', () => {
  it('is current', () => {
    expect(read('schemas/screen.schema.json'), 'schemas/screen.schema.json is stale: run `npm run codegen`').toBe(screenJsonSchemaText());
  });

  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile(screenJsonSchema());

  it('accepts every descriptor in screens/', async () => {
    const files = screenFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const abs of files) {
      const mod = (await import(abs)) as { default: unknown };
      expect(validate(mod.default) ? [] : validate.errors, relative(root, abs)).toEqual([]);
    }
  });

  it('rejects a descriptor without source, and other broken ones', () => {
    const ok = { form: 'x', route: '/x', source: { relation: 'app.x', key: 'x' }, columns: { x: {} } };
    expect(validate(ok)).toBe(true);
    const { source: _, ...noSource } = ok;
    expect(validate(noSource)).toBe(false);
    expect(validate.errors).toContainEqual(expect.objectContaining({ keyword: 'required', params: { missingProperty: 'source' } }));
    expect(validate({ ...ok, columns: {} })).toBe(false);
    expect(validate({ ...ok, columns: { x: { type: 'nope' } } })).toBe(false);
    expect(validate({ ...ok, columns: { X: {} } })).toBe(false);
    expect(validate({ ...ok, extra: 1 })).toBe(false);
  });
});

describe('currencyField', () => {
  it('names a text or ref column of the screen (the currency code), on a money column', () => {
    const base = { form: 'p', route: '/p', source: { relation: 'app.p', key: 'k' } };
    expect(() => parseScreen({ ...base, columns: { k: {}, price: { type: 'money', currencyField: 'cur' }, cur: {} } })).not.toThrow();
    expect(() => parseScreen({ ...base, columns: { k: {}, price: { type: 'money', currencyField: 'cur' }, cur: { type: 'ref', lookup: 'currencies_brief' } } })).not.toThrow();
    expect(() => parseScreen({ ...base, columns: { k: {}, price: { type: 'money', currencyField: 'nope' } } })).toThrow(
      /columns\.price\.currencyField: expected a text or ref column of the screen, got "nope"/,
    );
    expect(() => parseScreen({ ...base, columns: { k: {}, qty: { type: 'int', currencyField: 'k' } } })).toThrow(/expected a money column, got int/);
  });
});

describe('columns.references', () => {
  const base = { form: 'p', route: '/p', source: { relation: 'app.p', key: 'k' } };
  const target = (source: Record<string, unknown>, key: Record<string, unknown> = { type: 'int' }) =>
    parseScreen({ form: 't', route: '/t', source: { relation: 'app.t', key: 'id', ...source }, columns: { id: key, id2: {} } });

  it('is for a column that is not a ref (a ref references its lookup)', () => {
    expect(parseScreen({ ...base, columns: { k: {}, t_id: { type: 'int', references: 't' } } }).columns.t_id!.references).toBe('t');
    expect(() => parseScreen({ ...base, columns: { k: {}, t_id: { type: 'ref', lookup: 't', references: 't' } } })).toThrow(/columns\.t_id\.references: expected a column that is not a ref/);
  });

  it('names a form of one key of the column’s type whose rows belong to companies (the codegen check)', () => {
    expect(referenceProblem('int', target({ company: 'company_code' }))).toBeNull();
    expect(referenceProblem('int', target({ company: 'company_code' }, { type: 'ref', lookup: 'x' }))).toBeNull();
    expect(referenceProblem('int', undefined)).toBe('expected a form');
    expect(referenceProblem('int', target({ company: 'company_code', key: ['id', 'id2'] }))).toBe('expected a form with one key');
    expect(referenceProblem('int', target({}))).toMatch(/^expected a form whose rows belong to a company/);
    expect(referenceProblem('text', target({ company: 'company_code' }))).toBe('expected a form whose key is a text column like this one (its key is int)');
  });
});

describe('workflow', () => {
  const base = { form: 'orders', route: '/orders', source: { relation: 'app.orders', key: 'id' } };
  const columns = { id: { type: 'int' } };

  it('adds the instance, its actions as the row’s buttons and its state, after fsm_reference or else the key', () => {
    const parsed = parseScreen({ ...base, columns: { id: { type: 'int' }, fsm_reference: {}, total: { type: 'money' } }, workflow: { type: 'sales_order' } });
    expect(parsed.workflow).toEqual({ type: 'sales_order' });
    expect(Object.keys(parsed.columns)).toEqual(['id', 'fsm_reference', 'fsm_instance_id', 'fsm_actions', 'state_code', 'total']);
    expect(parsed.columns.fsm_instance_id).toMatchObject({ type: 'int', hidden: true });
    expect(parsed.columns.state_code).toMatchObject({ type: 'text', hidden: true });
    expect(parsed.columns.fsm_actions).toMatchObject({ type: 'json', renderer: 'fsmActions', width: 250, hidden: false, sortable: false, filterable: false });
    expect(Object.keys(parseScreen({ ...base, columns: { id: { type: 'int' }, total: { type: 'money' } }, workflow: { type: 'sales_order' } }).columns)).toEqual([
      'id',
      'fsm_instance_id',
      'fsm_actions',
      'state_code',
      'total',
    ]);
    // `buttons`: the actions column's width, or hidden (the toolbar menu still offers the actions).
    expect(parseScreen({ ...base, columns, workflow: { type: 'sales_order', buttons: 200 } }).columns.fsm_actions).toMatchObject({ width: 200, hidden: false });
    const hidden = parseScreen({ ...base, columns, workflow: { type: 'sales_order', buttons: false } }).columns.fsm_actions!;
    expect([hidden.hidden, hidden.width, hidden.renderer]).toEqual([true, undefined, 'fsmActions']);
    expect(() => parseScreen({ ...base, columns, workflow: { type: 'sales_order', buttons: 120 } })).toThrow(/workflow\.buttons/);
    // Said once: a descriptor stating one of them is refused.
    expect(() => parseScreen({ ...base, columns: { ...columns, fsm_actions: { type: 'json' } }, workflow: { type: 'sales_order' } }, 'screens/o.ts')).toThrow(
      'screens/o.ts: columns.fsm_actions: expected no fsm_actions (the workflow adds it), got one',
    );
    expect(() => parseScreen({ ...base, columns, workflow: { type: 'sales_order', extra: 1 } })).toThrow(/workflow/);
    // Without a workflow, nothing is added.
    expect(Object.keys(parseScreen({ ...base, columns }).columns)).toEqual(['id']);
    // A kanban card shows columns of the screen.
    expect(parseScreen({ ...base, columns, workflow: { type: 'sales_order', card: ['id', 'state_code'] } }).workflow!.card).toEqual(['id', 'state_code']);
    expect(() => parseScreen({ ...base, columns, workflow: { type: 'sales_order', card: ['total'] } }, 'screens/o.ts')).toThrow('screens/o.ts: workflow.card: expected a column, got "total"');
  });

  it('names a type some descriptor defines (the codegen check)', async () => {
    const types = workflowDefinitions(await loadScreens());
    expect(types.map((w) => w.type)).toEqual(expect.arrayContaining(['sales_order', 'purchase_order', 'cashflow']));
    const screen = (type: string) => ({ file: 'screens/o.ts', screen: parseScreen({ ...base, columns, workflow: { type } }) });
    expect(workflowTypeProblems([screen('cashflow')], types)).toEqual([]);
    expect(workflowTypeProblems([screen('sales_orders')], types)).toEqual([
      `screens/o.ts: workflow.type: expected a type some descriptor defines (${types.map((w) => w.type).join(', ')}), got "sales_orders"`,
    ]);
    expect(workflowTypeProblems(await loadScreens(), types)).toEqual([]);
  });

  // Issue 45: a workflow is its descriptor and locale keys — the seed, the sync and the browser's icons read it from there.
  describe('defined in the descriptor', () => {
    const defined = {
      type: 'review',
      states: { open: { initial: true }, done: { final: true } },
      events: { finish: { variant: 'success', icon: 'flask-conical', checkbox: true }, drop: { variant: 'danger', icon: 'x-circle' } },
      transitions: [
        { event: 'finish', from: 'open', to: 'done', button: true, timeout: 60 },
        { event: 'drop', from: ['open'], to: 'done' },
      ],
    } as const;
    const parsed = (workflow: object, file = 'screens/o.ts') => parseScreen({ ...base, columns, workflow }, file);

    it('gives the type its page (the screen route), its transitions one per state left, and its names by key', () => {
      const [w] = workflowDefinitions([{ file: 'screens/o.ts', screen: parsed(defined) }]);
      expect(w).toEqual({
        type: 'review',
        page: 'orders',
        states: defined.states,
        events: defined.events,
        transitions: [
          { event: 'finish', from: 'open', to: 'done', button: true, timeout: 60 },
          { event: 'drop', from: 'open', to: 'done' },
        ],
      });
      expect([...workflowKeys([w!]).keys()].sort()).toEqual([
        'workflows.review.checkboxes.finish',
        'workflows.review.events.drop',
        'workflows.review.events.finish',
        'workflows.review.states.done',
        'workflows.review.states.open',
        'workflows.review.title',
      ]);
      expect(keysInUse([], [w!]).get('workflows.review.events.finish')).toBe('workflow review');
    });

    it('maps each icon to its lucide-react module, and refuses a name lucide does not have', () => {
      const icons = lucideIcons();
      expect(icons.get('x-circle')).toBe('circle-x'); // an alias, by the module it names
      const [w] = workflowDefinitions([{ file: 'screens/o.ts', screen: parsed(defined) }]);
      const source = eventIconsSource([w!], icons);
      expect(source).toContain("import i0 from 'lucide-react/icons/flask-conical';");
      expect(source).toContain('"x-circle": i1,');
      const bad = { file: 'screens/o.ts', screen: parsed({ ...defined, events: { ...defined.events, drop: { variant: 'danger', icon: 'no-such-icon' } } }) };
      expect(iconProblems([bad], icons)).toEqual(['screens/o.ts: workflow.events.drop.icon: expected a lucide icon name, got "no-such-icon"']);
    });

    it('refuses a definition that cannot be written', () => {
      expect(() => parsed({ type: 'review', states: defined.states })).toThrow(/expected states, events and transitions together/);
      expect(() => parsed({ ...defined, states: { open: {}, done: { final: true } } })).toThrow(/exactly one initial state, got 0/);
      expect(() => parsed({ ...defined, transitions: [{ event: 'close', from: 'open', to: 'gone' }] }, 'screens/o.ts')).toThrow(
        /workflow.transitions.0.event: expected an event of workflow.events, got "close"[\s\S]*got "gone"/,
      );
      expect(() => parsed({ ...defined, transitions: [...defined.transitions, { event: 'finish', from: 'open', to: 'open' }] })).toThrow(
        /one transition per event and state, got finish from open twice/,
      );
      expect(() => parsed({ ...defined, timeoutEvent: 'expire' })).toThrow(/workflow.timeoutEvent: expected an event/);
      expect(() => parseScreen({ ...base, route: undefined, page: '/orders', columns, workflow: defined })).toThrow(/expected a routed screen to define its type/);
    });

    it('is defined once', () => {
      const one = { file: 'screens/a.ts', screen: parsed(defined) };
      const two = { file: 'screens/b.ts', screen: parsed(defined) };
      expect(workflowTypeProblems([one, two], workflowDefinitions([one]))).toEqual([
        'screens/b.ts: workflow: expected the type review defined once, got a second definition (the first in screens/a.ts)',
      ]);
    });
  });

  it('checks the states an editableIn names against the governing workflow (issue 43)', async () => {
    const types = workflowDefinitions(await loadScreens());
    const master = parseScreen({ ...base, columns, workflow: { type: 'sales_order' }, details: ['lines'] });
    const lines = (states: string[], parent = 'orders') =>
      parseScreen({ form: 'lines', page: '/orders', source: { relation: 'app.lines', key: 'id', write: 'app.lines' }, columns: { id: { type: 'int' } }, editableIn: { parent, states } });
    const of = (detail: ReturnType<typeof lines>) => [
      { file: 'screens/o.ts', screen: master },
      { file: 'screens/l.ts', screen: detail },
    ];
    expect(workflowTypeProblems(of(lines(['placed', 'paid'])), types)).toEqual([]);
    expect(workflowTypeProblems(of(lines(['placed', 'posted'])), types)).toEqual(['screens/l.ts: editableIn.states: expected states of sales_order, got "posted"']);
    expect(workflowTypeProblems(of(lines(['placed'], 'other')), types)).toEqual(['screens/l.ts: editableIn.parent: expected a form listing lines among its details, got "other"']);
    // The row's own state needs a workflow screen.
    expect(() =>
      parseScreen({ form: 'lines', route: '/lines', source: { relation: 'app.lines', key: 'id', write: 'app.lines' }, columns: { id: { type: 'int' } }, editableIn: { states: ['placed'] } }),
    ).toThrow(/editableIn: expected a workflow screen/);
  });
});

describe('row markers', () => {
  const base = { form: 'orders', route: '/orders', source: { relation: 'app.orders', key: 'id' } };
  it('are known markers whose column the screen has', () => {
    expect(parseScreen({ ...base, columns: { id: { type: 'int' }, state_code: {}, deleted: { type: 'bool' } }, markers: ['workflowState', 'deleted'] }).markers).toEqual(['workflowState', 'deleted']);
    expect(() => parseScreen({ ...base, columns: { id: { type: 'int' } }, markers: ['inactive'] }, 'screens/o.ts')).toThrow(
      'screens/o.ts: markers: "inactive" reads the column active, which the screen does not have',
    );
    expect(() => parseScreen({ ...base, columns: { id: { type: 'int' } }, markers: ['blinking'] })).toThrow(/markers/);
  });
});

describe('source.siblingWrites', () => {
  it('is for a screen that writes, and off unless stated', () => {
    const base = { form: 'p', route: '/p', columns: { k: {} } };
    expect(parseScreen({ ...base, source: { relation: 'app.p', key: 'k' } }).source.siblingWrites).toBe(false);
    expect(parseScreen({ ...base, source: { relation: 'app.p', key: 'k', write: 'app.p', siblingWrites: true } }).source.siblingWrites).toBe(true);
    expect(() => parseScreen({ ...base, source: { relation: 'app.p', key: 'k', siblingWrites: true } })).toThrow(/source\.siblingWrites: expected source\.write/);
  });
});

describe('column headers', () => {
  const screen = parseScreen({
    form: 'things',
    route: '/things',
    source: { relation: 'app.things', key: 'thing_id' },
    columns: { thing_id: { type: 'int' }, thing_name: {}, other_id: { type: 'int', label: 'thing_key' } },
  });

  it('come from fields.<field> unless the column names another label', () => {
    expect(fieldLabelId('thing_id', screen.columns.thing_id)).toBe('fields.thing_id');
    expect(fieldLabelId('other_id', screen.columns.other_id)).toBe('fields.thing_key');
  });

  it('must differ within a screen, in every language (case and spaces aside)', () => {
    const cat = { 'fields.thing_id': 'Thing', 'fields.thing_name': 'thing ', 'fields.thing_key': 'Thing ID' };
    expect(sameHeaders([screen], cat)).toEqual(['screens/things: columns thing_id and thing_name: expected different headers, got "thing " for both (give one a `label`)']);
    expect(sameHeaders([screen], { ...cat, 'fields.thing_id': 'Thing no.' })).toEqual([]);
  });

  it('differ on every real screen, and each label names a text (the codegen check)', async () => {
    const screens = (await loadScreens()).map((s) => s.screen);
    expect(checkLocales(screens)).toEqual([]);
  });

  it('of a looked-up column shown by its name do not call it an ID (show_prices: "Shopper group", not "Group ID")', async () => {
    const all = (await loadScreens()).map((s) => s.screen);
    const lookups = new Map(all.map((s) => [s.form, s]));
    const en = JSON.parse(read('locales/en.json')) as Record<string, string>;
    const offenders = all.flatMap((s) =>
      Object.entries(s.columns)
        .filter(([f, c]) => c.type === 'ref' && c.lookup && !c.hidden && !lookups.get(c.lookup)?.source.search && /\bID$/.test(en[fieldLabelId(f, c)] ?? ''))
        .map(([f]) => `${s.form}.${f}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('option values', () => {
  const screen = (column: Record<string, unknown> = {}, form = 'blocks') =>
    parseScreen({
      form,
      route: `/${form}`,
      source: { relation: 'app.blocks', key: 'block_id' },
      columns: { block_id: { type: 'int' }, block_type: { options: ['text', 'image', 'video'], ...column } },
    });

  // Issue 45: an option set is its values and their keys, named by convention — no renderer per set.
  it('are named by their option set, the field unless optionsKey says another: options.<set>.<value>', () => {
    expect(screen().columns.block_type!.optionsKey).toBe('block_type');
    expect(keysInUse([screen()]).get('options.block_type.image')).toBe('screens/blocks (block_type)');
    expect(keysInUse([screen({ optionsKey: 'page_block' })]).get('options.page_block.video')).toBe('screens/blocks (block_type)');
    expect(unnamedOptions([screen()])).toEqual([]);
    // A language code names itself (with its flag): no set, no keys.
    const languages = screen({ renderer: 'languageCode' });
    expect(languages.columns.block_type!.optionsKey).toBeUndefined();
    expect([...keysInUse([languages]).values()].filter((where) => where === 'screens/blocks (block_type)')).toEqual([]);
    expect(() => screen({ optionsKey: 'block_type' }, 'blocks')).toThrow(/optionsKey: expected no optionsKey \(the field's name names its option set\)/);
    expect(() => screen({ renderer: 'languageCode', optionsKey: 'x' })).toThrow(/optionsKey: expected options named by the catalogue/);
  });

  it('of one set are the same values on every screen: another set names itself', () => {
    const other = screen({ options: ['text', 'html'] }, 'notes');
    expect(optionSetProblems([screen(), screen({}, 'pages')])).toEqual([]);
    expect(optionSetProblems([screen(), other])).toEqual([
      'screens/notes (block_type): options: expected the values of the option set block_type as screens/blocks (block_type) lists them (image, text, video), got html, text: give the column an optionsKey of its own',
    ]);
    expect(optionSetProblems([screen(), screen({ options: ['text', 'html'], optionsKey: 'note_format' }, 'notes')])).toEqual([]);
  });
});

describe('parsed descriptors for the browser (src/generated/screens/)', () => {
  it('are every screen exactly as the schema parses it, and the loaders and lookups point at them', async () => {
    const screens = await loadScreens();
    const { screenLoaders } = await import('../../src/generated/routes.ts');
    const { lookupScreens } = await import('../../src/generated/lookups.ts');
    const { expand } = await import('../../src/generated/screenDefaults.ts');
    for (const { file, screen } of screens) {
      const generated = (await import(`../../src/generated/screens/${screen.form}.ts`)) as { default: CompactScreen };
      // Written without the defaults: expanded, JSON drops undefined optionals, as the browser would never see them.
      // A workflow's definition is the seed's (codegen/routes.ts forBrowser): the browser's copy has the rest.
      expect(expand(generated.default), file).toEqual(JSON.parse(JSON.stringify(forBrowser(parseScreen((await import(join(root, file))).default, file)))));
      expect(JSON.stringify(generated.default).length, `${file}: the defaults are left out`).toBeLessThan(JSON.stringify(expand(generated.default)).length);
    }
    const product = await screenLoaders.product_list!();
    expect(product.default.form).toBe('product_list');
    expect(lookupScreens.product_brands_brief?.form).toBe('product_brands_brief');
    // Each screen's chunk carries the lookups its refs search (and theirs), each as lookups.ts has it; the list route no others.
    const byForm = new Map(screens.map((s) => [s.screen.form, s.screen]));
    for (const { screen } of screens) {
      const { lookups = {} } = (await import(`../../src/generated/screens/${screen.form}.ts`)) as { lookups?: Record<string, Omit<CompactScreen, 'form'>> };
      const refs = Object.values(screen.columns).flatMap((c) => (c.lookup && c.lookup !== screen.form ? [c.lookup] : []));
      expect(Object.keys(lookups), screen.form).toEqual(expect.arrayContaining(refs));
      expect(Object.keys(lookups).sort(), screen.form).toEqual(lookupsOf(screen, byForm));
      for (const [form, l] of Object.entries(lookups)) expect(expand({ ...(l as CompactScreen), form }), `${screen.form} → ${form}`).toEqual(lookupScreens[form]);
    }
    expect(Object.keys(product.lookups ?? {}).sort()).toEqual([
      'collections_brief',
      'countries_brief',
      'currencies_brief',
      'packing_templates_brief',
      'product_brands_brief',
      'product_categories_brief',
      'product_manufacturers_brief',
      'product_types_brief',
      'vats_brief',
    ]);
  });
});
