/** Configuration from the environment; secrets never leave the server or reach logs. */
export interface Config {
  port: number;
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  accessTtlSec: number;
  refreshTtlSec: number;
  /** Directory of the built UI (vite build output). */
  uiDir: string;
  demoProducts: number;
  /** list with `count: 'estimate'`: totals estimated above this many rows are answered as estimates. */
  countEstimateThreshold: number;
  /**
   * An outside flag image service (spec §3), `{code}` standing for the flag code, e.g.
   * 'https://flagcdn.com/w20/{code}.png'. Absent: flags come from this server
   * (GET /flags/{code}.svg), so a back office works offline and tells no third party what
   * its staff open.
   */
  flagServiceUrl: string | undefined;
  /** API keys of the machine translation engines (absent: the route answers 503 not_configured). */
  translation: {
    google: string | undefined;
    deepl: string | undefined;
    openai: string | undefined;
    deepseek: string | undefined;
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

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 3000, 'PORT'),
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTtlSec: int(env.ACCESS_TOKEN_TTL, 15 * 60, 'ACCESS_TOKEN_TTL'),
    refreshTtlSec: int(env.REFRESH_TOKEN_TTL, 30 * 24 * 3600, 'REFRESH_TOKEN_TTL'),
    uiDir: env.UI_DIR || './dist',
    demoProducts: int(env.DEMO_PRODUCTS, 24_000, 'DEMO_PRODUCTS'),
    countEstimateThreshold: int(env.COUNT_ESTIMATE_THRESHOLD, 100_000, 'COUNT_ESTIMATE_THRESHOLD'),
    flagServiceUrl: flagService(env.FLAG_SERVICE_URL),
    translation: {
      google: env.GOOGLE_TRANSLATE_API_KEY || undefined,
      deepl: env.DEEPL_API_KEY || undefined,
      openai: env.OPENAI_API_KEY || undefined,
      deepseek: env.DEEPSEEK_API_KEY || undefined,
    },
  };
}
