import type { EngineName, EngineSetting } from './ai/engines.ts';
import * as v from 'valibot';
import { LoginInput } from '../../schemas/api.ts';
import { DEFAULT_MAIL_FROM } from './mail/transport.ts';
import { allowHostKey } from './net/outboundFetch.ts';
import { AI_QUERY_TIMEOUT_MS } from './ai/runner.ts';
import { ECB_DAILY_URL } from '../core/rates.ts';

/** The first company, made with the first administrator when the database has none. */
export interface CompanySetup {
  code: string;
  name: string;
  currency: string;
  country: string;
}

/** A first administrator: every page with every flag (the administrator role) and every company. */
export interface AdminSetup {
  email: string;
  /** Never logged, never echoed in an error. */
  password: string;
  /** Undefined: no company is made; the administrator creates it in the browser (the home page's checklist leads her there). */
  company: CompanySetup | undefined;
}

/** Configuration from the environment; secrets never leave the server or reach logs. */
export interface Config {
  port: number;
  /**
   * WORKERS=N (N ≥ 2): node:cluster forks N processes sharing the port (src/server/cluster.ts),
   * on one PostgreSQL server only (DATABASE_URL; the embedded PGlite belongs to one process).
   * 1 (default): this process serves.
   */
  workers: number;
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  /**
   * DATABASE_READ_URL: a streaming replica of DATABASE_URL's server for the heavy reads
   * (reports, Ask-AI, exports, the storefront's listings: db/open.ts `openReads`). Unset: the
   * primary reads them too. Ignored without DATABASE_URL (PGlite has no replica).
   */
  databaseReadUrl: string | undefined;
  jwtSecret: string | undefined;
  accessTtlSec: number;
  refreshTtlSec: number;
  /**
   * IMAGE_CACHE_DIR: where the image server keeps its renderings (src/server/images/render.ts);
   * absent: `image-cache` in the data directory.
   */
  imageCacheDir: string | undefined;
  /** Directory of the built UI (vite build output). */
  uiDir: string;
  /**
   * DEMO_DATA=1: a new database gets the demo data set (users with known passwords,
   * companies, products …); DEMO_DATA=0: only the reference data. Unset: demo data for the
   * embedded PGlite only — a database given by DATABASE_URL never gets demo users unasked.
   */
  demoData: boolean;
  demoProducts: number;
  /**
   * ADMIN_EMAIL + ADMIN_PASSWORD (at least MIN_ADMIN_PASSWORD characters), with
   * ADMIN_COMPANY, ADMIN_COMPANY_CODE, ADMIN_COMPANY_CURRENCY, ADMIN_COMPANY_COUNTRY for the
   * first company: created on a start that finds no user (`npm run create-admin` adds one any time).
   */
  admin: AdminSetup | undefined;
  /** list with `count: 'estimate'`: totals estimated above this many rows are answered as estimates. */
  countEstimateThreshold: number;
  /**
   * An outside flag image service (spec §3), `{code}` standing for the flag code, e.g.
   * 'https://flagcdn.com/w20/{code}.png'. Absent: flags come from this server
   * (GET /flags/{code}.svg), so a back office works offline and tells no third party what
   * its staff open.
   */
  flagServiceUrl: string | undefined;
  /**
   * How often (ms) this process runs the workflow scheduler (timeouts, loops:
   * src/server/workflow/scheduler.ts); 0: not in this process. Any number of processes may
   * run it on one database.
   */
  workflowTickMs: number;
  /**
   * SMTP_URL: where workflow e-mails go (smtp://user:pass@host:587, smtps://… for TLS from
   * the start). A secret (it may hold the password): never logged, never echoed in an
   * error. Absent: e-mails wait in the outbox (app.mail_outbox) until it is set.
   */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every e-mail ('Name <address>'). */
  mailFrom: string;
  /**
   * PUBLIC_URL: where users open the app (https://bo.example.com), the base of the links
   * account mails carry (set-password links). Never taken from a request's Host header
   * (a forged one would send a reset link to another site). Default http://localhost:PORT.
   */
  publicUrl: string;
  /** How often (ms) this process sends due e-mails (src/server/mail/outbox.ts); 0: not in this process. */
  mailTickMs: number;
  /** How often (ms) this process mails the storefront's arrival notifications of products back in stock (src/server/storefront/arrivals.ts); 0: not in this process. */
  arrivalTickMs: number;
  /** How often (ms) this process mails the reminders of abandoned carts due by their shop's delay (src/server/storefront/cartReminders.ts); 0: not in this process. */
  cartReminderTickMs: number;
  /** How often (ms) this process moves sales orders by the stock changes queued since (src/server/workflow/stockEvents.ts: goods arrived / missing); 0: not in this process. */
  stockEventsTickMs: number;
  /** How often (ms) this process fetches the news sources that are due (src/server/news/fetcher.ts); 0: not in this process. Any number of processes may. */
  newsTickMs: number;
  /**
   * RATES_URL: the daily currency-rate feed (an ECB eurofxref-daily.xml file, rates per 1 EUR;
   * src/server/rates/feed.ts), fetched through the outbound guard. Unset: the ECB's own; set
   * empty: no feed (rates only as users enter them).
   */
  ratesUrl: string | undefined;
  /** How often (ms) this process fetches the rate feed (RATES_TICK_MS; processes share the schedule: once per interval in all); 0: not in this process. */
  ratesTickMs: number;
  /** How often (ms) an embedded database (PGlite, which has no autovacuum) is vacuumed and analyzed where due (src/server/db/maintenance.ts); 0: never. A server's own autovacuum does this there. */
  maintenanceTickMs: number;
  /**
   * The translation and AI engines (src/server/ai/engines.ts): each its API key (absent: its
   * routes answer 503 not_configured) and endpoint. Keys never reach the client, logs or errors.
   */
  engines: Record<EngineName, EngineSetting>;
  /**
   * IMAP_URL: the one mailbox the back office reads for Mail for AI (imaps://user:pass@host:993/INBOX,
   * imap://… upgrades with STARTTLS; the path is the folder, INBOX when none). A secret: never
   * logged, never echoed in an error. Absent: /ai_content/email_list shows the stored messages and says to set it.
   */
  imapUrl: string | undefined;
  /** How often (ms) this process synchronises the mailbox (src/server/imap/poller.ts); 0: not in this process. */
  imapTickMs: number;
  /** Calls per user and engine per minute (AI_RATE_PER_MINUTE; src/server/ai/rateLimit.ts). */
  aiRatePerMinute: number;
  /** The first retry's wait (ms) after an engine's 429/5xx, doubled per retry (AI_RETRY_BASE_MS). */
  aiRetryBaseMs: number;
  /** How long one chat engine call may take (ms; AI_CHAT_TIMEOUT_MS, spec §9: 120 s; tests shorten it). */
  aiChatTimeoutMs: number;
  /** How long (ms) one Ask-AI query may run in the database (AI_QUERY_TIMEOUT_MS, 5 s; then 504 `ai_query_timeout`). */
  aiQueryTimeoutMs: number;
  /** How long (ms) one call to a translation engine (Google, DeepL) may take (TRANSLATE_TIMEOUT_MS). */
  translateTimeoutMs: number;
  /**
   * The storefront's IP-to-country text service (spec §7), `{ip}` standing for the address
   * (else it is appended): e.g. 'https://ip2c.org/{ip}'. Absent: no detection (the shop's country).
   */
  ipCountryUrl: string | undefined;
  /** How long (ms) one IP-to-country call may take (IP_COUNTRY_TIMEOUT_MS); then the country is empty. */
  ipCountryTimeoutMs: number;
  /**
   * TRUST_PROXY=1: the server runs behind a reverse proxy that sets X-Forwarded-For; the
   * storefront takes the visitor's address from it (its last entry, the one the proxy added).
   * Unset: the socket's peer address, and the header is ignored (a visitor could forge it).
   */
  trustProxy: boolean;
  /**
   * METRICS_TOKEN: GET /metrics (Prometheus text) answers a request bearing it
   * (`Authorization: Bearer …`); a secret, never logged. METRICS_PORT: the metrics also on
   * a port of their own (for a network only the scraper reaches; the token, if set, is asked
   * there too). Neither: no metrics are served.
   */
  metricsToken: string | undefined;
  metricsPort: number | undefined;
  /**
   * SHUTDOWN_TIMEOUT_MS (default 20 s): on SIGTERM the server stops taking connections and
   * waits this long at most for the requests under way and the background passes; then the
   * connections left are cut and the process ends with 1. SHUTDOWN_DELAY_MS (default 0):
   * how long /readyz says 503 before the listener closes (a load balancer's probe interval).
   */
  shutdownTimeoutMs: number;
  shutdownDelayMs: number;
  /**
   * TEST ONLY — OUTBOUND_ALLOW_HOSTS: host:port entries (comma-separated) that the outbound
   * guard (src/server/net/outboundFetch.ts) fetches although their addresses are not public:
   * the tests' fake feeds on 127.0.0.1. Empty (the default): only public addresses.
   */
  outboundAllowHosts: string[];
}

/** An engine's endpoint: http(s), without a trailing slash. */
function engineUrl(v: string | undefined, fallback: string, name: string): string {
  if (v === undefined || v.trim() === '') return fallback;
  let u: URL;
  try {
    u = new URL(v.trim());
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${v}"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${v}"`);
  return u.href.replace(/\/+$/, '');
}

/**
 * The engines' keys and endpoints (issue 25's names). DeepL's endpoint follows its key: a
 * free account's key ends in ':fx' and is served by api-free.deepl.com.
 */
function enginesFromEnv(env: NodeJS.ProcessEnv): Config['engines'] {
  const deeplKey = env.DEEPL_AUTH_KEY || undefined;
  return {
    google: { key: env.GOOGLE_TRANSLATE_API_KEY || undefined, url: engineUrl(env.GOOGLE_TRANSLATE_URL, 'https://translation.googleapis.com/language/translate/v2', 'GOOGLE_TRANSLATE_URL') },
    deepl: { key: deeplKey, url: engineUrl(env.DEEPL_API_URL, deeplKey?.endsWith(':fx') ? 'https://api-free.deepl.com/v2' : 'https://api.deepl.com/v2', 'DEEPL_API_URL') },
    openai: { key: env.OPENAI_API_KEY || undefined, url: engineUrl(env.OPENAI_BASE_URL, 'https://api.openai.com/v1', 'OPENAI_BASE_URL') },
    deepseek: { key: env.DEEPSEEK_API_KEY || undefined, url: engineUrl(env.DEEPSEEK_BASE_URL, 'https://api.deepseek.com', 'DEEPSEEK_BASE_URL') },
  };
}

const int = (v: string | undefined, fallback: number, name: string): number => {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`);
  return n;
};

/** A flag service URL: http(s) with a `{code}` placeholder. */
function flagService(v: string | undefined): string | undefined {
  if (v === undefined || v.trim() === '') return undefined;
  const url = v.trim();
  if (!/^https?:\/\/[^/]+/i.test(url) || !url.includes('{code}')) {
    throw new Error(`FLAG_SERVICE_URL must be an http(s) URL with a {code} placeholder (e.g. https://flagcdn.com/w20/{code}.png), got "${v}"`);
  }
  return url;
}

function demoData(v: string | undefined, databaseUrl: string | undefined): boolean {
  if (v === undefined || v === '') return !databaseUrl;
  if (v === '1' || v === '0') return v === '1';
  throw new Error(`DEMO_DATA must be 1 or 0, got "${v}"`);
}

/**
 * A mail server's URL (SMTP_URL, IMAP_URL): `<scheme>://` or `<scheme>s://` with a host.
 * The message never quotes the value (it may hold a password).
 */
function mailServerUrl(v: string | undefined, name: string, scheme: 'smtp' | 'imap', example: string): string | undefined {
  if (v === undefined || v.trim() === '') return undefined;
  let u: URL | undefined;
  try {
    u = new URL(v.trim());
  } catch {
    u = undefined;
  }
  if (!u || u.protocol.replace(/s?:$/, '') !== scheme || !u.hostname) throw new Error(`${name} must be an ${scheme}:// or ${scheme}s:// URL with a host (e.g. ${example})`);
  return v.trim();
}

/** MAIL_FROM: one address, optionally with a display name. */
function mailFrom(v: string | undefined): string {
  if (v === undefined || v.trim() === '') return DEFAULT_MAIL_FROM;
  const from = v.trim();
  if (!/^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(from)) {
    throw new Error(`MAIL_FROM must be an address, optionally with a name (e.g. Back office <no-reply@example.com>), got "${from}"`);
  }
  return from;
}

/** PUBLIC_URL: an http(s) URL with a host; no trailing slash. */
function publicUrl(v: string | undefined, port: number): string {
  if (v === undefined || v.trim() === '') return `http://localhost:${port}`;
  let u: URL | undefined;
  try {
    u = new URL(v.trim());
  } catch {
    u = undefined;
  }
  if (!u || !/^https?:$/.test(u.protocol) || !u.hostname || u.search || u.hash) throw new Error(`PUBLIC_URL must be an http(s) URL without query (e.g. https://bo.example.com), got "${v}"`);
  return u.toString().replace(/\/+$/, '');
}

/** The administrator's password: at least 12 characters (OWASP ASVS 4.0.3 V2.1.1); the account holds every right. */
export const MIN_ADMIN_PASSWORD = 12;

/** Checks an administrator's email and password (`where`: what they came from, for the message); the password never appears in it. */
export function checkAdminCredentials(email: string, password: string, where: { email: string; password: string }): { email: string; password: string } {
  const r = v.safeParse(LoginInput, { email, password });
  if (!r.success) throw new Error(`${v.getDotPath(r.issues[0]) === 'password' ? where.password : where.email}: ${r.issues[0].message}`);
  if ([...password].length < MIN_ADMIN_PASSWORD) throw new Error(`${where.password} must have at least ${MIN_ADMIN_PASSWORD} characters`);
  return { email: r.output.email, password };
}

const COMPANY_ENV = ['ADMIN_COMPANY', 'ADMIN_COMPANY_CODE', 'ADMIN_COMPANY_CURRENCY', 'ADMIN_COMPANY_COUNTRY'] as const;

/**
 * The first company from ADMIN_COMPANY… when any of them is set (the others default to "My
 * company", MAIN, EUR, SK; the codes are checked against the reference data on creation);
 * none set: no company, the administrator creates it on the companies screen.
 */
export function companyFromEnv(env: NodeJS.ProcessEnv): CompanySetup | undefined {
  if (!COMPANY_ENV.some((k) => env[k]?.trim())) return undefined;
  const code = env.ADMIN_COMPANY_CODE?.trim() || 'MAIN';
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(code)) throw new Error(`ADMIN_COMPANY_CODE must be 1 to 20 letters, digits, _ or -, got "${code}"`);
  const name = env.ADMIN_COMPANY?.trim() || 'My company';
  if (name.length > 200) throw new Error('ADMIN_COMPANY must have at most 200 characters');
  const currency = env.ADMIN_COMPANY_CURRENCY?.trim().toUpperCase() || 'EUR';
  if (!/^[A-Z]{3}$/.test(currency)) throw new Error(`ADMIN_COMPANY_CURRENCY must be a three-letter currency code, got "${currency}"`);
  const country = env.ADMIN_COMPANY_COUNTRY?.trim().toUpperCase() || 'SK';
  if (!/^[A-Z]{2}$/.test(country)) throw new Error(`ADMIN_COMPANY_COUNTRY must be a two-letter country code, got "${country}"`);
  return { code, name, currency, country };
}

function adminFromEnv(env: NodeJS.ProcessEnv): AdminSetup | undefined {
  const email = env.ADMIN_EMAIL ?? '';
  const password = env.ADMIN_PASSWORD ?? '';
  if (!email && !password) return undefined;
  if (!email || !password) throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither');
  return { ...checkAdminCredentials(email, password, { email: 'ADMIN_EMAIL', password: 'ADMIN_PASSWORD' }), company: companyFromEnv(env) };
}

/** IP_COUNTRY_URL as given (its `{ip}` must not be percent-encoded by URL parsing), checked to be http(s). */
function ipCountryUrl(v: string | undefined): string | undefined {
  const t = v?.trim();
  if (!t) return undefined;
  if (!/^https?:\/\/[^\s/]+/i.test(t)) throw new Error(`IP_COUNTRY_URL must be an http(s) URL, got "${t}"`);
  return t;
}

/** RATES_URL: absent → the ECB's daily file; empty → no feed; else an http(s) URL. */
function ratesUrl(v: string | undefined): string | undefined {
  if (v === undefined) return ECB_DAILY_URL;
  const t = v.trim();
  if (!t) return undefined;
  if (!/^https?:\/\/[^\s/]+/i.test(t)) throw new Error(`RATES_URL must be an http(s) URL (or empty: no rate feed), got "${t}"`);
  return t;
}

/** OUTBOUND_ALLOW_HOSTS: host:port entries, each with its port (a host alone would open all its ports). */
function outboundAllowHosts(v: string | undefined): string[] {
  const entries = (v ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const e of entries) if (!allowHostKey(e)) throw new Error(`OUTBOUND_ALLOW_HOSTS (test only) must be host:port entries separated by commas (e.g. 127.0.0.1:8081), got "${e}"`);
  return entries;
}

/** METRICS_TOKEN: at least 16 characters (a scraper's secret, not a word to guess). */
function metricsToken(v: string | undefined): string | undefined {
  if (!v) return undefined;
  if (v.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return v;
}

/** WORKERS: 0 or 1 is one process; more needs a PostgreSQL server. */
function workers(v: string | undefined, databaseUrl: string | undefined): number {
  const n = Math.max(1, int(v, 1, 'WORKERS'));
  if (n > 1 && !databaseUrl) {
    throw new Error(
      `WORKERS=${n} needs a PostgreSQL server (DATABASE_URL): the embedded PGlite database is owned by one process (its data directory is locked by it). Run one process, or move the data to a server first`,
    );
  }
  return n;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 3000, 'PORT'),
    workers: workers(env.WORKERS, env.DATABASE_URL || undefined),
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: (env.DATABASE_URL && env.DATABASE_READ_URL) || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTtlSec: int(env.ACCESS_TOKEN_TTL, 15 * 60, 'ACCESS_TOKEN_TTL'),
    refreshTtlSec: int(env.REFRESH_TOKEN_TTL, 30 * 24 * 3600, 'REFRESH_TOKEN_TTL'),
    imageCacheDir: env.IMAGE_CACHE_DIR || undefined,
    uiDir: env.UI_DIR || './dist',
    demoData: demoData(env.DEMO_DATA, env.DATABASE_URL || undefined),
    demoProducts: int(env.DEMO_PRODUCTS, 24_000, 'DEMO_PRODUCTS'),
    admin: adminFromEnv(env),
    countEstimateThreshold: int(env.COUNT_ESTIMATE_THRESHOLD, 100_000, 'COUNT_ESTIMATE_THRESHOLD'),
    flagServiceUrl: flagService(env.FLAG_SERVICE_URL),
    workflowTickMs: int(env.WORKFLOW_TICK_MS, 5_000, 'WORKFLOW_TICK_MS'),
    smtpUrl: mailServerUrl(env.SMTP_URL, 'SMTP_URL', 'smtp', 'smtp://user:password@mail.example.com:587'),
    mailFrom: mailFrom(env.MAIL_FROM),
    publicUrl: publicUrl(env.PUBLIC_URL, int(env.PORT, 3000, 'PORT')),
    mailTickMs: int(env.MAIL_TICK_MS, 5_000, 'MAIL_TICK_MS'),
    arrivalTickMs: int(env.ARRIVAL_TICK_MS, 60_000, 'ARRIVAL_TICK_MS'),
    cartReminderTickMs: int(env.CART_REMINDER_TICK_MS, 600_000, 'CART_REMINDER_TICK_MS'),
    stockEventsTickMs: int(env.STOCK_EVENTS_TICK_MS, 5_000, 'STOCK_EVENTS_TICK_MS'),
    newsTickMs: int(env.NEWS_TICK_MS, 60_000, 'NEWS_TICK_MS'),
    ratesUrl: ratesUrl(env.RATES_URL),
    ratesTickMs: int(env.RATES_TICK_MS, 3_600_000, 'RATES_TICK_MS'),
    maintenanceTickMs: int(env.MAINTENANCE_TICK_MS, 60_000, 'MAINTENANCE_TICK_MS'),
    engines: enginesFromEnv(env),
    imapUrl: mailServerUrl(env.IMAP_URL, 'IMAP_URL', 'imap', 'imaps://user:password@mail.example.com:993/INBOX'),
    imapTickMs: int(env.IMAP_TICK_MS, 300_000, 'IMAP_TICK_MS'),
    aiRatePerMinute: int(env.AI_RATE_PER_MINUTE, 30, 'AI_RATE_PER_MINUTE'),
    aiRetryBaseMs: int(env.AI_RETRY_BASE_MS, 500, 'AI_RETRY_BASE_MS'),
    aiChatTimeoutMs: int(env.AI_CHAT_TIMEOUT_MS, 120_000, 'AI_CHAT_TIMEOUT_MS'),
    aiQueryTimeoutMs: int(env.AI_QUERY_TIMEOUT_MS, AI_QUERY_TIMEOUT_MS, 'AI_QUERY_TIMEOUT_MS'),
    translateTimeoutMs: int(env.TRANSLATE_TIMEOUT_MS, 30_000, 'TRANSLATE_TIMEOUT_MS'),
    ipCountryUrl: ipCountryUrl(env.IP_COUNTRY_URL),
    ipCountryTimeoutMs: int(env.IP_COUNTRY_TIMEOUT_MS, 2_000, 'IP_COUNTRY_TIMEOUT_MS'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsPort: env.METRICS_PORT ? int(env.METRICS_PORT, 0, 'METRICS_PORT') : undefined,
    shutdownTimeoutMs: int(env.SHUTDOWN_TIMEOUT_MS, 20_000, 'SHUTDOWN_TIMEOUT_MS'),
    shutdownDelayMs: int(env.SHUTDOWN_DELAY_MS, 0, 'SHUTDOWN_DELAY_MS'),
    outboundAllowHosts: outboundAllowHosts(env.OUTBOUND_ALLOW_HOSTS),
  };
}
