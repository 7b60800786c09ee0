/**
 * The declaration of an HTTP route other than POST /rpc/{name}: its path as the OpenAPI
 * document writes it, who may call it, its parameters, body, answers and refusals, with
 * the valibot schemas the server parses with. Each feature's file declares its routes
 * beside its schemas; codegen/openapi.ts turns them into the document's paths, and
 * tests/api/openapi-routes.test.ts holds the server's route table to them.
 */
import * as v from 'valibot';

/**
 * Who may call. 'none': no session (a public route); 'user': a signed-in user (401 without a
 * valid token, 412 for a blocked or removed user, 403 for an X-Company not hers); 'data': a
 * signed-in user whose session may work with data — not one held to enrolling its second
 * factor (403 `totp_enrolment_required`).
 */
export type RouteAuth = 'none' | 'user' | 'data';

/** The statuses a route refuses with; each answers the error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 429 | 502 | 503 | 504;

/** A request's or an answer's content. */
export type Content =
  /** application/json of this schema. */
  | { kind: 'json'; schema: v.GenericSchema }
  /** multipart/form-data: the part `file` (described here) and the text parts of `fields`. */
  | { kind: 'multipart'; file: string; fields: v.GenericSchema }
  /** Bytes of one of these media types (a download, a picture). */
  | { kind: 'bytes'; types: readonly string[] }
  /** text/event-stream: each event's name and the JSON its `data` carries. */
  | { kind: 'events'; events: Readonly<Record<string, v.GenericSchema>> };

export interface RouteParam {
  name: string;
  in: 'path' | 'query';
  description: string;
  schema: v.GenericSchema;
  /** A query parameter that must be given (path parameters always are). */
  required?: boolean;
  /** A query parameter given once per value (`?id=1&id=2`). */
  repeated?: boolean;
  /** A value the server serves: the document shows it, and the route test requests it. */
  example?: string;
}

export interface RouteAnswer {
  description: string;
  /** Several when the request chooses (JSON or events; CSV or XLSX). */
  content?: readonly Content[];
  /** Response headers worth knowing, by name: what each says. */
  headers?: Readonly<Record<string, string>>;
}

export interface HttpRoute {
  method: 'get' | 'post';
  /** As the OpenAPI document writes it: `{name}` for a path parameter. */
  path: `/${string}`;
  operationId: string;
  tag: keyof typeof routeTags;
  summary: string;
  description?: string;
  auth: RouteAuth;
  params?: readonly RouteParam[];
  body?: Content;
  answers: { 200: RouteAnswer; 304?: RouteAnswer };
  /** The route's own refusals by status: the error codes and when (the session's refusals come with `auth`). */
  errors?: Partial<Readonly<Record<ErrorStatus, string>>>;
}

/** The document's tags of these routes (POST /rpc/{name} is `rpc`). */
export const routeTags = {
  rest: 'Other routes.',
  files: 'Files: uploads and downloads, pictures, the grid’s export and import.',
  print: 'Print documents: their model as JSON, or a PDF.',
  translate: 'Machine translation: POST /api/…, JSON in, JSON out.',
  ai: 'Chat engine replies (JSON or server-sent events), Ask-AI and the engines’ state.',
} as const;

/** An OpenAPI 3.1 document. */
export const OpenapiOutput = v.looseObject({ openapi: v.string() });

/** GET /openapi.json: the document itself (the committed schemas/openapi.yaml, as JSON). */
export const documentRoutes: readonly HttpRoute[] = [
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'openapi',
    tag: 'rest',
    summary: 'This document, as JSON.',
    auth: 'none',
    answers: { 200: { description: 'The OpenAPI document.', content: [{ kind: 'json', schema: OpenapiOutput }] } },
  },
];

/** The refusals of a route that calls an AI or translation engine (src/server/ai/engineFetch.ts, engines.ts, rateLimit.ts, budget.ts). */
export const engineErrors = {
  429: 'The company’s monthly budget of the engine is used up (`ai_budget_used_up`, no engine call); this user called the engine too often (`ai_rate_limited`, with Retry-After).',
  502: 'The engine answered an error or could not be reached (`engine_failed`), or answered in a form that could not be read (`engine_bad_answer`).',
  503: 'The engine has no API key on this server (`not_configured`: `params.variable` names the environment variable), or kept rate-limiting it after the retries (`engine_rate_limited`).',
  504: 'The engine did not answer in time (`engine_timeout`).',
} as const satisfies Partial<Record<ErrorStatus, string>>;

/** A JSON body over the 5 MiB limit of /api/* and /rpc/* (src/server/http/middleware.ts). */
export const bodyTooLarge = 'The body is larger than 5 MiB (`too_large`).';

/** A JSON body the route's schema refuses (src/server/http/errors.ts parseInput, checkInputText). */
export const bodyInvalid =
  'The body is invalid: malformed JSON or a wrong value (`bad_request`), a key the schema does not define (`unknown_field`), a text the database cannot hold (`invalid_character`), a prototype key (`key_not_allowed`); the message and `params.field` name the field.';
