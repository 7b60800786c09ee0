/**
 * The production layout (compose.yaml, Containerfile, Caddyfile) run on this host as compose
 * describes it: no image can be pulled here, so instead of containers the same pieces run as
 * processes — two app processes started with the Containerfile's CMD and ENV on a fresh
 * database of the PostgreSQL server, and Debian's Caddy with the repository's Caddyfile (`tls
 * internal`) load-balancing both. Through HTTPS both answer; a session made on one works on
 * the other; with one stopped the site still answers. compose.yaml is parsed and checked
 * against what was started, so the files and this test cannot drift apart.
 *
 * Needs TEST_DATABASE_URL and Debian's caddy (.ci/run installs it): skipped without them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freshDatabase } from './harness.ts';
import { freePort } from './freePort.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const caddy = spawnSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' }).stdout.trim();
const skip = !process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL is not set' : !caddy ? 'caddy is not installed (apt-get install caddy; .ci/run does)' : '';

/** The Containerfile's final stage: its ENV pairs, USER and CMD (exec form). */
function containerfile() {
  const text = readFileSync(join(ROOT, 'Containerfile'), 'utf8');
  const last = text.split(/^FROM .*$/m).at(-1)!;
  const env: Record<string, string> = {};
  for (const m of last.matchAll(/^ENV (.+)$/gm)) for (const p of m[1]!.matchAll(/(\w+)=(\S+)/g)) env[p[1]!] = p[2]!;
  const user = /^USER (\S+)$/m.exec(last)?.[1];
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(last)![1]!) as string[];
  return { env, user, cmd };
}

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
}

/** compose's `${NAME}`, `${NAME:-default}`, `${NAME:?message}` from `vars`. */
const interpolate = (s: string, vars: Record<string, string>) =>
  s.replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_, name: string, kind?: string, alt?: string) => vars[name] ?? (kind === '-' ? (alt ?? '') : ''));

/** Resolves when `proc` wrote a line matching `ready` (stdout or stderr); rejects if it exits first. */
function waitFor(proc: ChildProcess, ready: RegExp, what: string): Promise<void> {
  return new Promise((res, rej) => {
    let seen = '';
    const on = (d: Buffer) => {
      seen += d.toString();
      if (ready.test(seen)) res();
    };
    proc.stdout!.on('data', on);
    proc.stderr!.on('data', on);
    proc.once('exit', (code) => rej(new Error(`${what} exited (${code}) before it was ready:\n${seen.slice(-3000)}`)));
  });
}

const exited = (p: ChildProcess) => (p.exitCode !== null || p.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => p.once('exit', () => r())));

describe.skipIf(skip !== '')(`production layout on the host${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const image = containerfile();
  const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
  const services = compose.services;
  let db: { url: string; drop(): Promise<void> };
  let dir: string;
  let ca: string;
  let site: string;
  const apps: { proc: ChildProcess; port: number; url: string }[] = [];
  let proxy: ChildProcess;
  let proxyLog = '';
  const ADMIN = { email: 'ops@example.com', password: randomBytes(12).toString('hex') };

  beforeAll(async () => {
    db = await freshDatabase();
    dir = mkdtempSync(join(tmpdir(), 'bo-prod-'));
    const httpsPort = await freePort();
    site = `localhost:${httpsPort}`;
    const vars: Record<string, string> = { SITE_ADDRESS: site, JWT_SECRET: randomBytes(32).toString('hex'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, POSTGRES_PASSWORD: 'unused' };
    for (const name of ['app1', 'app2']) {
      const port = await freePort();
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(services[name]!.environment ?? {})) env[k] = interpolate(String(v), vars);
      // The host's stand-ins for the container's network: the test database for compose's `postgres` service, a free port for PORT.
      env.DATABASE_URL = db.url;
      env.PORT = String(port);
      // The image's ENV, its /app being this checkout.
      for (const [k, v] of Object.entries(image.env)) env[k] ??= v.replace(/^\/app(?=\/|$)/, ROOT);
      if (image.env.PORT) env.PORT = String(port);
      const proc = spawn(image.cmd[0]!, image.cmd.slice(1), { cwd: ROOT, env: { PATH: process.env.PATH!, HOME: dir, ...env, UI_DIR: join(ROOT, 'dist') }, stdio: ['ignore', 'pipe', 'pipe'] });
      apps.push({ proc, port, url: `http://127.0.0.1:${port}` });
    }
    await Promise.all(apps.map((a, i) => waitFor(a.proc, /back office: http/, `app${i + 1}`)));
    const caddyEnv = services.caddy!.environment ?? {};
    proxy = spawn(caddy, ['run', '--config', join(ROOT, 'Caddyfile'), '--adapter', 'caddyfile'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH!,
        HOME: dir,
        XDG_DATA_HOME: join(dir, 'data'),
        XDG_CONFIG_HOME: join(dir, 'config'),
        SITE_ADDRESS: site,
        TLS: interpolate(String(caddyEnv.TLS), {}),
        APP_UPSTREAMS: apps.map((a) => `127.0.0.1:${a.port}`).join(' '),
        CADDY_ADMIN: 'off',
        HTTP_PORT: String(await freePort()),
        HTTPS_PORT: String(httpsPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proxy.stderr!.on('data', (d: Buffer) => (proxyLog += d.toString()));
    await waitFor(proxy, /certificate obtained successfully/, 'caddy');
    ca = readFileSync(join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt'), 'utf8');
  }, 240_000);

  afterAll(async () => {
    for (const p of [proxy, ...apps.map((a) => a.proc)]) {
      if (p && p.exitCode === null && p.signalCode === null) {
        p.kill('SIGTERM');
        await exited(p);
      }
    }
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A request through Caddy over HTTPS, the certificate checked against Caddy's own CA. */
  const viaTls = (path: string, body?: unknown, token?: string) =>
    new Promise<{ status: number; upstream: string; json: unknown }>((res, rej) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `https://${site}${path}`,
        {
          ca,
          servername: 'localhost',
          method: payload ? 'POST' : 'GET',
          headers: { accept: 'application/json', ...(payload ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        },
        (r) => {
          let text = '';
          r.on('data', (d: Buffer) => (text += d.toString()));
          r.on('end', () => {
            let json: unknown = text;
            try {
              json = JSON.parse(text);
            } catch {
              /* not JSON */
            }
            res({ status: r.statusCode!, upstream: String(r.headers['x-upstream'] ?? ''), json });
          });
        },
      );
      req.on('error', rej);
      req.end(payload);
    });

  const direct = async (url: string, path: string, body: unknown, token?: string) => {
    const r = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    return { status: r.status, json: (await r.json()) as Record<string, unknown> };
  };
  const BOOT = { currency_code: null, page: null, form: null };

  it('compose.yaml describes what runs here: PostgreSQL, two app processes of the Containerfile, Caddy with this Caddyfile', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'caddy', 'postgres']);
    expect(services.postgres!.image).toMatch(/postgres:15\b/);
    expect(image.user).toBeDefined();
    expect(image.user).not.toMatch(/^(root|0)$/);
    for (const name of ['app1', 'app2']) {
      const s = services[name]!;
      expect(s.build?.dockerfile).toBe('Containerfile');
      expect(s.command).toBeUndefined(); // the image's CMD: the command started here
      expect(s.environment?.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(s.environment?.PORT).toBe(image.env.PORT);
      expect(s.environment?.TRUST_PROXY).toBe('1');
    }
    expect(services.app2).toEqual(services.app1);
    expect(services.caddy!.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(services.caddy!.environment?.APP_UPSTREAMS).toBe(`app1:${image.env.PORT} app2:${image.env.PORT}`);
    expect(interpolate(String(services.caddy!.environment?.TLS), {})).toBe('internal');
  });

  it('answers over HTTPS from both processes; a session made on one works on the other and through the proxy', async () => {
    const login = await direct(apps[0]!.url, '/rpc/login', ADMIN);
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const token = login.json.token as string;
    const onOther = await direct(apps[1]!.url, '/rpc/bootstrap', BOOT, token);
    expect(onOther.status, JSON.stringify(onOther.json)).toBe(200);
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const r = await viaTls('/rpc/bootstrap', BOOT, token);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      seen.add(r.upstream);
    }
    expect([...seen].sort()).toEqual(apps.map((a) => `127.0.0.1:${a.port}`).sort());
    // Logged in through the proxy, used on each process directly.
    const viaProxy = await viaTls('/rpc/login', ADMIN);
    expect(viaProxy.status).toBe(200);
    for (const a of apps) expect((await direct(a.url, '/rpc/bootstrap', BOOT, (viaProxy.json as { token: string }).token)).status).toBe(200);
  });

  it('keeps answering with one process stopped', async () => {
    const token = ((await viaTls('/rpc/login', ADMIN)).json as { token: string }).token;
    const [first, second] = apps;
    first!.proc.kill('SIGTERM');
    await exited(first!.proc);
    for (let i = 0; i < 6; i++) {
      const r = await viaTls('/rpc/bootstrap', BOOT, token);
      expect(r.status, proxyLog.split('\n').slice(-5).join('\n')).toBe(200);
      expect(r.upstream).toBe(`127.0.0.1:${second!.port}`);
    }
  });
});
