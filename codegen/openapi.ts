/**
 * `schemas/openapi.yaml` (OpenAPI 3.1), generated from the valibot contract in
 * schemas/api.ts, and the client's types `src/generated/api.ts` from that document.
 *
 * Every exported valibot schema of schemas/api.ts becomes `components.schemas.<ExportName>`;
 * references between them (including the recursive MenuNode and CategoryNode, built with
 * v.lazy) come out as `$ref`s. The row of each form comes from its descriptor (rows.ts:
 * `<Form>Row`, `FormRows`). The paths: POST /rpc/{name} for every procedure, and every route
 * `httpRoutes` declares (schemas/api/http.ts): its JSON bodies and answers as components, its
 * parameters and multipart bodies stated in place, its refusals with their error codes. The
 * output is a pure function of schemas/api.ts and the descriptors, with a fixed key order, so
 * the committed file can be checked for staleness.
 */
import * as v from 'valibot';
import { toJsonSchema, toJsonSchemaDefs, type JsonSchema } from '@valibot/to-json-schema';
import { stringify } from 'yaml';
import * as api from '../schemas/api.ts';
import type { ScreenDescriptor } from '../schemas/screen.ts';
import { namedSchemas, overrideAction, tidy } from './jsonschema.ts';
import { rowSchemas } from './rows.ts';

type Json = Record<string, unknown>;
type Auth = api.Auth;
type HttpRoute = api.HttpRoute;

const summaries: Record<string, string> = {
  login: 'Signs in with email and password; returns an access token and a refresh token (in the body, or with `refresh_cookie` in an HttpOnly cookie).',
  refresh_token: 'Rotates a refresh token (from the body, sent as Bearer on the retry path, or the HttpOnly refresh cookie) into a new token pair.',
  logout: "Ends the session: revokes the refresh token family of the access token's `sid` (Bearer) or of the body's refresh token, and clears the refresh cookie.",
  forgot_password: "Mails a one-time password reset link (1 h) when the address is a user's; answers the same for every address.",
  set_password: 'Sets a password by the token of a mailed link (invitation or reset): single-use, expiring; ends every session of the user.',
  change_password: "Changes the signed-in user's password (the current one required); ends the user's other sessions.",
  end_other_sessions: "Ends the signed-in user's other sessions (their refresh token families and, from the next request, their access tokens).",
  totp_status: "The signed-in user's second factor: enabled, pending, recovery codes left, enforced.",
  totp_enrol: 'Starts TOTP enrolment: a new secret and its otpauth:// URI (confirmed by totp_confirm).',
  totp_confirm: 'Confirms TOTP enrolment with a code; answers the recovery codes (once) and a new access token.',
  totp_disable: 'Turns the second factor off, proven by a code, a recovery code or the password.',
  user: 'The signed-in user: fields, bookmarks, companies, the verified company, menu and scope.',
  set_user_language: "Sets the signed-in user's language (the UI language switch).",
  init: 'Languages, companies and the CDN base for the start of the application.',
  currencies: 'Currencies, one of them in detail, and their rates in the company currency.',
  view_currency_rates: 'Rates of every currency in the given view currency.',
  category_tree: 'The product category tree in the requested language.',
  page_log: 'Logs a navigation to a route and tells whether the page is allowed.',
  page_error_log: 'Logs a failed request of the browser.',
  api_action: 'Runs an action (list, filter, aggregate, set, add, delete, delete_preview, undo, redo) on a form (entity) described in screens/.',
};

const apiActionDescription = `\
\`entity\` is a form name from screens/ (or a custom action such as user_bookmarks, keep_in_stock);
the shape of \`payload\` and of the response depends on \`action\` (schemas under components.schemas):

| action | payload | response |
| --- | --- | --- |
| list | \`ListPayload\`: AG Grid 36's server-side or infinite row-model request as the grid builds it (startRow, endRow, sortModel with \`type\`, filterModel of text / number / bigint / date / set filters, combined \`operator\` + \`conditions\` and multi \`filterModels\`; rowGroupCols, valueCols, pivotCols, pivotMode, groupKeys: grouping and pivoting answer 400 \`unsupported\`, valueCols are ignored; a key AG Grid does not define answers 400 \`unknown_field\`, a column the form lacks 400 \`unknown_column\`) plus the keyset cursor \`after\` and \`count\` ('estimate', the default: the planner's estimate above 100,000 rows with \`totalExact: false\`; or 'exact'); every part optional; with \`locate\` (a row's key) instead: that row's position in this order under these filters | \`ListOutput\`; with \`locate\`, \`LocateOutput\` |
| filter | \`FilterPayload\`: an object of column = value equalities, with startRow, endRow, sortModel, after and count of ListPayload beside them | \`ListOutput\` |
| aggregate | \`AggregatePayload\`: filterModel, groupBy (≤ 3 columns), aggregates per column (sum, avg, min, max, count) | \`AggregateOutput\` |
| set | \`SetPayload\`: the row's key column(s), its version column when the form has one, and the editable fields to change; or \`BulkSetPayload\` \`{rows: [...]}\` (≤ 5,000, one transaction, a failing row's message starts with \`payload.rows.<index>.\`) | \`SetOutput\` / \`BulkSetOutput\` |
| undo | \`UndoPayload\`: log ids of the user's own set changes of this form (from set's \`log_id\`/\`log_ids\`); 409 \`changed_since\` when a field moved on; or of the user's deletes (from delete's \`log_ids\`): the rows back with what cascaded, 409 \`restore_conflict\` when a key is taken again | \`UndoOutput\` |
| redo | \`UndoPayload\`: the log ids an undo of set changes answered (its reverts): the undone values written again through the set path (the set permission, the columns' validation, row rules, references; logged as a new set); 409 \`changed_since\` when a field moved on since the undo | \`UndoOutput\` |
| add | \`AddPayload\`: the editable fields (and the key unless generated) | \`AddOutput\`: the added row and its \`log_id\` |
| delete | \`DeletePayload\`: the keys of the rows (scalars, or objects for compound keys); a row still referenced by a key without ON DELETE CASCADE → 409 \`in_use\` | \`DeleteOutput\` (with the log ids that undo puts back) |
| delete_preview | \`DeletePayload\` (the delete permission): what the delete would take | \`DeletePreviewOutput\` |

Rows: \`rows\` and \`row\` of these answers hold the form's row, \`FormRows.<form>\` (its keys, columns and version).

Custom actions beside the engine (\`entity\` a name no form takes): each is one contract in schemas/api/*.ts
(\`defineAction\`), listed below and in \`x-actions\` (by the name the browser's client calls it) with its payload and
answer components. Page: the right the caller needs on that page before the payload is read (\`authenticated\`: any
signed-in user; the action checks what else it needs itself).

`;

/** The description's table of the custom actions, one row per contract. */
const customActionRows = (rows: readonly { entity: string; action: string; page: string; flag: string; input: string; output: string; summary: string }[]) =>
  [
    '| entity | action | page (right) | payload | response | what it does |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) => `| ${r.entity} | ${r.action} | ${r.page === 'authenticated' ? 'authenticated' : `${r.page} (${r.flag})`} | \`${r.input}\` | \`${r.output}\` | ${r.summary.replace(/\|/g, '\\|')} |`,
    ),
  ].join('\n');

const apiActionExamples = {
  list: {
    summary: 'A page of rows (AG Grid server-side row model)',
    value: {
      entity: 'product_list',
      action: 'list',
      payload: {
        startRow: 0,
        endRow: 100,
        sortModel: [{ colId: 'product_name', sort: 'asc' }],
        filterModel: { product_name: { filterType: 'text', type: 'contains', filter: 'shirt' } },
      },
    },
  },
  filter: {
    summary: 'Rows equal to the given values',
    value: { entity: 'product_list', action: 'filter', payload: { brand_id: 3, endRow: 50 } },
  },
  delete: {
    summary: 'Delete rows by key',
    value: { entity: 'brands', action: 'delete', payload: { keys: [12, 13] } },
  },
  bulkSet: {
    summary: 'Set several rows in one transaction (paste, fill)',
    value: {
      entity: 'product_list',
      action: 'set',
      payload: {
        rows: [
          { product_code: 'P000001', row_version: 3, min_margin: 20 },
          { product_code: 'P000002', row_version: 1, min_margin: 20 },
        ],
      },
    },
  },
  undo: {
    summary: 'Revert own edits by their change-log ids',
    value: { entity: 'product_list', action: 'undo', payload: { log_ids: [1041, 1040] } },
  },
  redo: {
    summary: "Write again what an undo reverted, by the undo's log ids",
    value: { entity: 'product_list', action: 'redo', payload: { log_ids: [1043, 1042] } },
  },
  aggregate: {
    summary: 'Counts and sums per brand',
    value: { entity: 'product_list', action: 'aggregate', payload: { groupBy: ['brand_id'], aggregates: { stock_qty: ['sum', 'avg'] } } },
  },
};

const errors: [status: string, name: string, description: string][] = [
  [
    '400',
    'BadRequest',
    'The input is invalid (`bad_request`, `bad_reference`; `unknown_field`: a key the schema does not define, `unknown_column`: a column the form does not have, `unsupported`: a valid request the server does not serve, with `params.field` its path); the message names the field.',
  ],
  ['401', 'Unauthorized', 'Not signed in, or the access token is missing, invalid or expired (`unauthorized`, `invalid_token`).'],
  ['403', 'Forbidden', "No permission, or X-Company is not one of the user's companies (`forbidden`)."],
  ['404', 'NotFound', 'Unknown procedure or form (`unknown_procedure`, `bad_data_source`, `not_found`).'],
  ['409', 'Conflict', 'The row already exists or was changed meanwhile (`already_exists`, version conflict).'],
  ['412', 'PreconditionFailed', 'The user no longer exists or is blocked (`user_gone`).'],
  ['413', 'TooLarge', 'The request body is larger than 5 MiB (`too_large`).'],
  ['429', 'TooManyRequests', 'Too many attempts; retry after the time in Retry-After.'],
  ['503', 'NotConfigured', 'The engine is not configured on this server (`not_configured`, the message names the environment variable).'],
];
const ref = (to: string) => ({ $ref: to });
const schemaRef = (name: string) => ref(`#/components/schemas/${name}`);
const json = (schema: unknown) => ({ 'application/json': { schema } });

const security = (auth: Auth) => (auth === 'none' ? [] : auth === 'optional' ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }]);
const headers = (auth: Auth) => [ref('#/components/parameters/XHost'), ...(auth === 'none' ? [] : [ref('#/components/parameters/XCompany')])];
const errorResponses = (statuses: string[]) => Object.fromEntries(errors.filter(([s]) => statuses.includes(s)).map(([s, name]) => [s, ref(`#/components/responses/${name}`)]));
const rpcErrors = errors.map(([s]) => s).filter((s) => s !== '503');

/** The refusals every signed-in route shares (src/server/http/session.ts; app.ts `dataSession`). */
const sessionErrors = (auth: api.RouteAuth): HttpRoute['errors'] =>
  auth === 'none'
    ? {}
    : {
        401: 'Not signed in, or the access token is missing, invalid or expired (`unauthorized`, `invalid_token`).',
        403: `X-Company is not one of the user's companies (\`forbidden\`)${auth === 'data' ? '; the session may only enrol its second factor (`totp_enrolment_required`)' : ''}.`,
        412: 'The user no longer exists or is blocked (`user_gone`).',
      };

/** A multipart body's schema: its text parts, and the part `file` (each branch of a union). */
function withFile(schema: JsonSchema, description: string): JsonSchema {
  const node = schema as JsonSchema & { anyOf?: JsonSchema[]; type?: unknown; properties?: Json; required?: string[] };
  if (node.anyOf) return { ...node, anyOf: node.anyOf.map((s) => withFile(s as JsonSchema, description)) };
  if (node.type !== 'object') throw new Error('schemas/api: the fields of a multipart body must be an object, or a union of objects');
  return { ...node, properties: { file: { type: 'string', format: 'binary', description }, ...node.properties }, required: ['file', ...(node.required ?? [])] };
}

/**
 * The operation of a declared route (schemas/api/http.ts). `ref`: a JSON body's or answer's
 * component (its export name, else `fallback`); `inline`: a parameter's or multipart body's schema.
 */
function routeOperation(r: HttpRoute, ref: (schema: v.GenericSchema, fallback: string) => unknown, inline: (schema: v.GenericSchema) => JsonSchema): Json {
  const name = pascal(r.operationId);
  const content = (c: api.Content, fallback: string): Json => {
    switch (c.kind) {
      case 'json':
        return { 'application/json': { schema: ref(c.schema, fallback) } };
      case 'multipart':
        return { 'multipart/form-data': { schema: withFile(inline(c.fields), c.file) } };
      case 'bytes':
        return Object.fromEntries(c.types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }]));
      case 'events': {
        const events = Object.keys(c.events);
        return {
          'text/event-stream': {
            schema: { type: 'string', description: `Server-sent events ${events.map((e) => `\`${e}\``).join(', ')}: each one's \`data\` is the JSON its \`x-events\` schema states.` },
            'x-events': Object.fromEntries(events.map((e) => [e, ref(c.events[e]!, `${name}${pascal(e)}Event`)])),
          },
        };
      }
    }
  };
  const answer = (a: api.RouteAnswer): Json => ({
    description: a.description,
    ...(a.headers ? { headers: Object.fromEntries(Object.entries(a.headers).map(([h, description]) => [h, { description, schema: { type: 'string' } }])) } : {}),
    ...(a.content ? { content: Object.assign({}, ...a.content.map((c) => content(c, `${name}Output`))) as Json } : {}),
  });
  const session = sessionErrors(r.auth) ?? {};
  const own = r.errors ?? {};
  const statuses = [...new Set([...Object.keys(session), ...Object.keys(own)].map(Number) as api.ErrorStatus[])].sort((a, b) => a - b);
  const refusal = (status: api.ErrorStatus): Json => {
    const text = [own[status], session[status]].filter(Boolean).join(' ');
    return {
      description: text,
      ...(/Retry-After/.test(text) ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } } : {}),
      content: json(schemaRef('ErrorBody')),
    };
  };
  const auth: Auth = r.auth === 'data' ? 'user' : r.auth;
  return {
    operationId: r.operationId,
    tags: [r.tag],
    summary: r.summary,
    ...(r.description ? { description: r.description } : {}),
    security: security(auth),
    parameters: [
      ...(r.params ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        required: p.in === 'path' || p.required === true,
        description: p.description,
        schema: p.repeated ? { type: 'array', items: inline(p.schema) } : inline(p.schema),
        ...(p.repeated ? { style: 'form', explode: true } : {}),
        ...(p.example !== undefined ? { example: p.example } : {}),
      })),
      ...headers(auth),
    ],
    ...(r.body ? { requestBody: { required: true, content: content(r.body, `${name}Input`) } } : {}),
    responses: {
      '200': answer(r.answers[200]),
      ...(r.answers[304] ? { '304': answer(r.answers[304]) } : {}),
      ...Object.fromEntries(statuses.map((s) => [String(s), refusal(s)])),
    },
  };
}

const pascal = (s: string) => s.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** The OpenAPI document as a plain object; `screens`: every descriptor (codegen/screens.ts `loadScreens`). */
export function openapiDocument(screens: readonly ScreenDescriptor[]): Json {
  const defs = namedSchemas({ ...api });
  const nameOf = new Map<unknown, string>(Object.entries(defs).map(([k, s]) => [s, k]));
  /** A component name for a procedure's schema: its export name, else one derived from the procedure. */
  const component = (schema: v.GenericSchema, fallback: string): string => {
    const known = nameOf.get(schema);
    if (known) return known;
    if (fallback in defs) throw new Error(`schemas/api.ts: component name ${fallback} is taken; export the schema under a name`);
    defs[fallback] = schema;
    nameOf.set(schema, fallback);
    return fallback;
  };

  const rpc = (Object.entries(api.procedures) as [string, { auth: Auth; input: v.GenericSchema; output: v.GenericSchema }][]).map(([name, proc]) => ({
    name,
    auth: proc.auth,
    input: component(proc.input, `${pascal(name)}Input`),
    output: component(proc.output, `${pascal(name)}Output`),
  }));
  const errorBody = component(api.ErrorBody, 'ErrorBody');
  // Each custom action's payload and answer, from its contract (schemas/api/defineAction.ts).
  const customActions = Object.entries(api.actionContracts as Record<string, api.ActionContract>).map(([name, c]) => ({
    name,
    entity: c.entity,
    action: c.action,
    page: c.page,
    flag: c.flag,
    summary: c.summary,
    input: component(c.input, `${pascal(name)}Payload`),
    output: component(c.output, `${pascal(name)}Output`),
  }));

  // Requests are what the schemas state: a pipe is converted up to its first transformation (an upload's number read from text).
  const config = {
    target: 'draft-2020-12',
    errorMode: 'throw',
    typeMode: 'input',
    overrideAction,
    overrideRef: ({ referenceId }: { referenceId: string }) => `#/components/schemas/${referenceId}`,
  } as const;
  let schemas: Record<string, JsonSchema>;
  try {
    schemas = toJsonSchemaDefs(defs, config);
  } catch (e) {
    // Name the export that fails: convert them one by one.
    const culprit = Object.keys(defs).find((k) => {
      try {
        toJsonSchemaDefs({ [k]: defs[k]! }, config);
        return false;
      } catch {
        return true;
      }
    });
    throw new Error(`schemas/api.ts: ${culprit ?? '(schema)'}: cannot convert to JSON Schema: ${(e as Error).message}`, { cause: e });
  }
  Object.assign(schemas, rowSchemas(screens, new Set(Object.keys(schemas))));
  /** A parameter's or a multipart body's schema, stated where it is used (plain fields, no component). */
  const inline = (schema: v.GenericSchema): JsonSchema => {
    const { $schema: _, ...rest } = toJsonSchema(schema, config);
    return tidy(rest);
  };
  /** An empty body reads as {}: the body is required only when the input has a required field. */
  const bodyRequired = (name: string) => ((schemas[name] as { required?: unknown[] }).required?.length ?? 0) > 0;

  const paths: Json = {};
  for (const { name, auth, input, output } of rpc) {
    const isApiAction = name === 'api_action';
    paths[`/rpc/${name}`] = {
      post: {
        operationId: name,
        tags: ['rpc'],
        summary: summaries[name] ?? `Procedure ${name}.`,
        ...(isApiAction ? { description: `${apiActionDescription}${customActionRows(customActions)}\n` } : {}),
        security: security(auth),
        parameters: headers(auth),
        requestBody: {
          required: bodyRequired(input),
          content: {
            'application/json': {
              schema: schemaRef(input),
              ...(isApiAction ? { examples: apiActionExamples } : {}),
            },
          },
        },
        responses: {
          '200': { description: `The result of ${name}.`, content: json(schemaRef(output)) },
          ...errorResponses(rpcErrors),
        },
        ...(isApiAction
          ? {
              'x-actions': Object.fromEntries(
                customActions.map((a) => [a.name, { entity: a.entity, action: a.action, page: a.page, flag: a.flag, summary: a.summary, payload: schemaRef(a.input), response: schemaRef(a.output) }]),
              ),
            }
          : {}),
      },
    };
  }
  const operationIds = new Set(rpc.map((r) => r.name));
  for (const r of api.httpRoutes) {
    if (operationIds.has(r.operationId)) throw new Error(`schemas/api: operationId ${r.operationId} is taken`);
    operationIds.add(r.operationId);
    const path = (paths[r.path] ??= {}) as Json;
    if (path[r.method]) throw new Error(`schemas/api: ${r.method.toUpperCase()} ${r.path} is declared twice`);
    path[r.method] = routeOperation(r, (schema, suffix) => schemaRef(component(schema, `${pascal(r.operationId)}${suffix}`)), inline);
  }

  return tidy({
    openapi: '3.1.0',
    info: {
      title: 'Back office API',
      version: '1',
      description: 'Every HTTP route of the back office but its pages and static files: POST /rpc/{name} (spec §7) and the routes of schemas/api/*.ts. Generated from schemas/api.ts.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    tags: [{ name: 'rpc', description: 'POST /rpc/{name}: JSON in, JSON out.' }, ...Object.entries(api.routeTags).map(([name, description]) => ({ name, description }))],
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.keys(schemas)
          .sort()
          .map((k) => [k, schemas[k]]),
      ),
      responses: Object.fromEntries(
        errors.map(([status, name, description]) => [
          name,
          {
            description,
            ...(status === '429' ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } } : {}),
            content: json(schemaRef(errorBody)),
          },
        ]),
      ),
      parameters: {
        XCompany: {
          name: 'X-Company',
          in: 'header',
          required: false,
          description: "company_code of the company to work in; must be one of the user's companies (else 403). Default: the first.",
          schema: { type: 'string' },
        },
        XHost: {
          name: 'X-Host',
          in: 'header',
          required: false,
          description: 'The host of the page, without "www." and without port.',
          schema: { type: 'string' },
        },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  });
}

const OPENAPI_HEADER = ['# Generated by `npm run codegen` from schemas/api.ts (codegen/openapi.ts). Do not edit:', '# change schemas/api/*.ts and run `npm run codegen`.'].join('\n');

/** The text of schemas/openapi.yaml: a pure function of schemas/api.ts and the descriptors. */
export function openapiYaml(doc: Json): string {
  const body = stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0, sortMapEntries: false });
  return `${OPENAPI_HEADER}\n${body}`;
}

/** The text of src/generated/api.ts: the client's types, by openapi-typescript. */
export async function clientTypes(doc: Json): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  // defaultNonNullable off: a request field with a default may be left out (the server fills it in).
  const ast = await openapiTS(doc as never, { silent: false, alphabetize: false, defaultNonNullable: false });
  return `// Generated by \`npm run codegen\` from schemas/openapi.yaml (openapi-typescript) — do not edit.\n${astToString(ast)}`;
}
