/**
 * Every HTTP route the server serves is in the OpenAPI document (schemas/openapi.yaml), every
 * operation the document states is served, and the documented answers are what the routes
 * answer. The route table is the app's as the server builds it (createApp, src/server/http/
 * app.ts); what is not an API — the UI's pages and files, the storefront's pages — is listed
 * in NOT_API, each entry with why (and an entry nothing serves any more fails too). Every custom
 * api_action the server registers is implemented against one contract of `actionContracts`,
 * and the document lists each with the contract's payload and answer.
 */
import { mkdtempSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../../schemas/api.ts';
import * as actionCalls from '../../src/generated/actions/index.ts';
import { custom, implementations } from '../../src/server/actions/index.ts';
import { tokenSigner } from '../../src/server/auth/tokens.ts';
import { configFromEnv } from '../../src/server/config.ts';
import { createApp } from '../../src/server/http/app.ts';
import { registry } from '../../src/server/rpc/index.ts';
import { engines, startTestServer, type Json, type TestServer } from './harness.ts';

type Param = { name: string; in: string; example?: string; schema?: { enum?: string[] } };
type Operation = { operationId: string; parameters?: (Param | { $ref: string })[] };
type Doc = { paths: Record<string, Record<string, Operation>>; components: unknown };
const doc = parseYaml(readFileSync(new URL('../../schemas/openapi.yaml', import.meta.url), 'utf8')) as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op })));
const documented = new Set(operations.map((o) => o.key));

/**
 * Served, but not an API. Hono lists middleware (`app.use`) as method ALL: each such entry is
 * here too, so a route registered with `app.all` cannot slip through as "middleware".
 */
const NOT_API: Record<string, string> = {
  'ALL /*': 'middleware: the security headers, and the storefront of a shop’s own host',
  'ALL /rpc/*': 'middleware: no-store and the body limit of the procedures (documented with each)',
  'ALL /api/*': 'middleware: no-store and the body limits of /api/… (documented with each route)',
  'ALL /assets/*': 'the UI build’s hashed files (source maps refused, cached a year): static files for the browser',
  'ALL /media/*': 'the demo’s banner and content pictures (public/media/): static files',
  'GET /favicon.svg': 'the UI’s icon (public/)',
  'GET /favicon.ico': 'the UI’s icon (public/)',
  'GET /download.svg': 'the image placeholder (public/)',
  'GET /': 'the UI’s page (the SPA)',
  'GET /{lang}': 'the UI’s page under a language prefix',
  'GET /{lang}/*': 'the SPA fallback: the UI’s pages under a language prefix',
  'GET /guide': 'the staff guide (docs/guide/): redirects to its contents page',
  'GET /guide/{lang}/{page}': 'the staff guide’s pages (HTML for browsers, docs/guide/): documentation',
  'GET /guide/img/{file}': 'the staff guide’s screenshots (docs/guide/img/): static files',
  'GET /guide/help/{uiLang}/{area}?': 'the help button’s link (PageHeader.tsx): redirects to the guide page of the screen’s area',
  'GET /sf/{file}': 'the storefront’s islands script: a build file',
  'GET /storefront/{host}': 'a shop’s storefront (HTML pages for shoppers’ browsers) under this server’s host',
  'GET /storefront/{host}/*': 'a shop’s storefront pages (HTML for browsers), robots.txt and sitemap.xml',
  'GET /healthz': 'operations: the load balancer’s liveness probe (docs/server.md, Watching it)',
  'GET /readyz': 'operations: the load balancer’s readiness probe (docs/server.md, Watching it)',
  'GET /metrics': 'operations: Prometheus text for the scraper, with METRICS_TOKEN only (docs/server.md, Watching it)',
  'POST /storefront/{host}/*': 'the storefront pages’ own forms (cart, checkout, newsletter, notify me, the shoppers’ chat): same-origin posts of those pages only',
};

/** Hono's `/api/print/:doc{[a-z_]+}` as OpenAPI writes it: `/api/print/{doc}` (a pattern may hold braces of its own). */
function openapiPath(path: string): string {
  let out = '';
  for (let i = 0; i < path.length;) {
    const name = path[i] === ':' ? /^:(\w+)/.exec(path.slice(i))?.[1] : undefined;
    if (name === undefined) {
      out += path[i++];
      continue;
    }
    i += name.length + 1;
    if (path[i] === '{') {
      let depth = 0;
      do depth += path[i] === '{' ? 1 : path[i] === '}' ? -1 : 0;
      while (++i < path.length && depth > 0);
    }
    out += `{${name}}`;
  }
  return out;
}

/** A request path for a documented path: each parameter's example (else its first allowed value). */
function concrete(path: string, op: Operation): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const p = op.parameters?.find((x): x is Param => 'name' in x && x.name === name && x.in === 'path');
    const value = p?.example ?? p?.schema?.enum?.[0];
    if (value === undefined) throw new Error(`${op.operationId}: give the path parameter ${name} an example`);
    return encodeURIComponent(value);
  });
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
ajv.addFormat('binary', /.*/);
ajv.addSchema({ $id: 'openapi', components: doc.components });
/** '' when `value` is the component `name`, else what does not match. */
const check = (name: string, value: unknown): string => (ajv.validate(`openapi#/components/schemas/${name}`, value) ? '' : `${name}: ${ajv.errorsText(ajv.errors)}`);

describe.each(engines)('the OpenAPI document and the routes on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => void (s = await startTestServer(engine)));
  afterAll(() => s?.close());

  it('states every route of the app the server builds, or NOT_API says why it is no API', () => {
    const app = createApp({ db: s.db, signer: tokenSigner('route-table-only', 60), config: { ...configFromEnv({}), uiDir: mkdtempSync(join(tmpdir(), 'bo-ui-')) } });
    const served = [...new Set(app.routes.map((r) => `${r.method} ${openapiPath(r.path)}`))];
    // POST /rpc/:name dispatches over the procedure registry: each procedure is its own path.
    expect(served).toContain('POST /rpc/{name}');
    const routes = served.flatMap((k) => (k === 'POST /rpc/{name}' ? Object.keys(registry).map((n) => `POST /rpc/${n}`) : [k]));
    expect(routes.filter((k) => !documented.has(k) && !Object.hasOwn(NOT_API, k))).toEqual([]);
    expect(
      Object.keys(NOT_API).filter((k) => !served.includes(k)),
      'NOT_API entries nothing serves',
    ).toEqual([]);
    expect(
      routes.filter((k) => documented.has(k) && Object.hasOwn(NOT_API, k)),
      'documented and NOT_API at once',
    ).toEqual([]);
  });

  it('every documented operation reaches a route of the running server (not the not-found answer)', async () => {
    const unserved: string[] = [];
    for (const { key, path, method, op } of operations) {
      // No token and no body: a route answers its own refusal (401, 400) or its answer; only a path nothing serves answers the app's not-found.
      const r = await fetch(s.url + concrete(path, op), { method: method.toUpperCase(), headers: { accept: 'application/json' } });
      const text = await r.text();
      if (r.status === 404 && text.includes('This page could not be found')) unserved.push(key);
    }
    expect(unserved).toEqual([]);
    expect(operations.length).toBeGreaterThan(40);
  });

  it('the JSON answers and refusals of the documented routes are their components', async () => {
    const { token } = await s.login('admin@example.com');
    const auth = { authorization: `Bearer ${token}` };
    const get = async (path: string) => {
      const r = await fetch(s.url + path, { headers: auth });
      return { status: r.status, body: (await r.json()) as Json };
    };
    const send = async (path: string, body?: FormData | object) => {
      const r = await fetch(s.url + path, {
        method: 'POST',
        headers: body instanceof FormData || body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
        body: body instanceof FormData || body === undefined ? body : JSON.stringify(body),
      });
      return { status: r.status, body: (await r.json()) as Json };
    };
    const product = ((await s.action(token, 'product_list', 'list', { endRow: 1 })).body.data.rows as { product_code: string }[])[0]!.product_code;
    const form = (parts: Record<string, string>, file: [name: string, content: string]) => {
      const f = new FormData();
      for (const [k, x] of Object.entries(parts)) f.set(k, x);
      f.set('file', new Blob([file[1]]), file[0]);
      return f;
    };
    const answers: [component: string, reply: { status: number; body: Json }, status: number][] = [
      ['ShopsOutput', await get('/shops'), 200],
      ['CaptionsOutput', await get('/api/captions/de'), 200],
      ['AiStatusOutput', await get('/ai/status'), 200],
      ['AiChatOutput', await get('/ai/chat'), 200],
      ['AiChatOutput', await send('/ai/chat/clear'), 200],
      ['PrintOutput', await get(`/api/print/product_labels?product_code=${encodeURIComponent(product)}&lang=hu`), 200],
      ['ImportOutput', await send('/api/import/brands', form({ mode: 'inspect', language: 'en' }, ['brands.csv', 'brand_name\nContract brand\n'])), 200],
      ['ImportOutput', await send('/api/import/brands', form({ mode: 'preview', language: 'en', mapping: '["brand_name"]' }, ['brands.csv', 'brand_name\nContract brand\n'])), 200],
      ['FileUploadOutput', await send('/api/files/product_files', form({ product_code: product }, ['notes.txt', 'contract'])), 200],
      // Refusals: the error body, its parameters texts and numbers.
      ['ErrorBody', await get(`/api/print/product_labels?${new URLSearchParams(Array.from({ length: 501 }, () => ['product_code', product]))}`), 400],
      ['ErrorBody', await send('/api/files/product_files', form({ product_code: product }, ['tool.exe', 'MZ'])), 415],
      ['ErrorBody', await send('/api/export/brands', { format: 'csv', language: 'en', columns: [{ field: 'no_such_column', header: 'x' }] }), 400],
    ];
    expect(answers.filter(([, r, status]) => r.status !== status).map(([name, r]) => `${name}: ${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    expect(answers.map(([name, r]) => check(name, r.body)).filter(Boolean)).toEqual([]);
    // The numbers among the parameters are numbers (print_too_many's limit).
    expect(answers[9]![1].body.params.limit).toBeTypeOf('number');
  });
});

describe('the custom api_actions', () => {
  const contracts = Object.entries(api.actionContracts as Record<string, api.ActionContract>);
  type Listed = { entity: string; action: string; page: string; flag: string; payload: { $ref: string }; response: { $ref: string } };
  const listed = (doc.paths['/rpc/api_action']!.post as unknown as { 'x-actions': Record<string, Listed> })['x-actions'];
  /** The component a contract's schema is: its export name in schemas/api.ts, else the one codegen names after the action. */
  const componentOf = (schema: unknown, fallback: string) => Object.keys(api).find((k) => (api as Record<string, unknown>)[k] === schema) ?? fallback;
  const pascal = (s: string) => s.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

  it('every registered action is implemented against a contract, and every contract once', () => {
    const all = contracts.map(([, c]) => c);
    expect(implementations.filter((i) => !all.includes(i.contract)).map((i) => `${i.contract.entity} ${i.contract.action}`)).toEqual([]);
    expect(contracts.filter(([, c]) => implementations.filter((i) => i.contract === c).length !== 1).map(([name]) => name)).toEqual([]);
    // The dispatcher finds each under its entity and verb, and holds nothing else.
    expect(contracts.filter(([, c]) => custom.get(c.entity)?.get(c.action)?.contract !== c).map(([name]) => name)).toEqual([]);
    expect([...custom.values()].reduce((n, verbs) => n + verbs.size, 0)).toBe(contracts.length);
    expect(contracts.length).toBeGreaterThan(40);
  });

  it('the OpenAPI document lists each with its payload and answer, and the client calls each by its name', () => {
    expect(Object.keys(listed).sort()).toEqual(contracts.map(([name]) => name).sort());
    const wrong = contracts.flatMap(([name, c]) => {
      const l = listed[name]!;
      const payload = `#/components/schemas/${componentOf(c.input, `${pascal(name)}Payload`)}`;
      const response = `#/components/schemas/${componentOf(c.output, `${pascal(name)}Output`)}`;
      const problems = [
        l.entity === c.entity && l.action === c.action && l.page === c.page && l.flag === c.flag ? '' : `${name}: listed as ${l.entity} ${l.action} on ${l.page} (${l.flag})`,
        l.payload.$ref === payload ? '' : `${name}: payload ${l.payload.$ref}, not ${payload}`,
        l.response.$ref === response ? '' : `${name}: response ${l.response.$ref}, not ${response}`,
        ...[payload, response].map((ref) => (ajv.getSchema(`openapi${ref}`) ? '' : `${name}: no component ${ref}`)),
        ((call) => call && `${call.entity} ${call.action}`)((actionCalls as Record<string, { entity: string; action: string } | undefined>)[name]) === `${c.entity} ${c.action}`
          ? ''
          : `${name}: the client calls it otherwise`,
      ];
      return problems.filter(Boolean);
    });
    expect(wrong).toEqual([]);
    expect(Object.keys(actionCalls).length).toBe(contracts.length);
  });
});
