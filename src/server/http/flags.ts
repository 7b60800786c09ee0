/**
 * Country and region flags served by this server: GET /flags/{code}.svg from the
 * flag-icons package (MIT; 4:3 SVGs), so a back office works offline and no third party
 * learns what its staff open. Only codes the package has are answered (404 otherwise);
 * the files are read once and kept, with a long cache lifetime and an ETag.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import { FLAG_CODE } from '../../core/images.ts';
import { HttpError } from './errors.ts';

/** A month: the flags of a package version do not change; a new version answers new ETags. */
export const FLAG_MAX_AGE = 30 * 24 * 3600;

const dir = join(dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags', '4x3');

let codes: Set<string> | undefined;
/** The flag codes the package has ('sk', 'gb-eng', …), listed once. */
function flagCodes(): ReadonlySet<string> {
  codes ??= new Set(
    readdirSync(dir)
      .filter((f) => f.endsWith('.svg'))
      .map((f) => f.slice(0, -4)),
  );
  return codes;
}

const files = new Map<string, { body: string; etag: string }>();

export function mountFlags(app: Hono): void {
  app.get('/flags/:file', (c) => {
    const m = /^(.+)\.svg$/.exec(c.req.param('file'));
    const code = m?.[1];
    if (!code || !FLAG_CODE.test(code) || !flagCodes().has(code)) throw new HttpError(404, 'not_found', 'No such flag');
    let file = files.get(code);
    if (!file) {
      const body = readFileSync(join(dir, `${code}.svg`), 'utf8');
      file = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      files.set(code, file);
    }
    const headers = { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': `public, max-age=${FLAG_MAX_AGE}`, etag: file.etag };
    if (c.req.header('if-none-match') === file.etag) return c.body(null, 304, headers);
    return c.body(file.body, 200, headers);
  });
}
