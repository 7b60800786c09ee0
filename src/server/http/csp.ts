import { randomBytes } from 'node:crypto';

/*
 * Content-Security-Policy (issue 21, hardening 6), by what a response is.
 */

/** The placeholder of index.html's `<meta property="csp-nonce" nonce="…">`, replaced per response. */
export const NONCE_PLACEHOLDER = 'CSP_NONCE';

/**
 * The UI's page (index.html, also as the not-found page). Script only from this origin's
 * files: no inline script, no eval (the build has none; a script injected into the page
 * does not run). Styles from this origin's files, and a `<style>` element only with the
 * response's nonce: Radix's dialogs lock the page's scroll with one (react-style-singleton,
 * which takes the nonce the app hands it from the page's csp-nonce meta: src/app/main.tsx);
 * style attributes set through the CSSOM (element.style: React's `style`, Quill) are not
 * governed by CSP. Images also from any https host: the data holds image URLs of the CDN
 * (settings.cdn) and of other hosts (banners, products), and an image runs no script. No
 * plugins, no <base>, no framing by other sites, forms post here only.
 */
export function pageCsp(flagServiceUrl?: string): (nonce: string) => string {
  // A flag service may be plain http (config.ts allows it): named by its origin.
  const flags = flagServiceUrl?.startsWith('http:') ? ` ${new URL(flagServiceUrl.replace(/\{code\}/g, 'x')).origin}` : '';
  const before = "default-src 'self'; script-src 'self'; style-src 'self' 'nonce-";
  const after = `'; img-src 'self' data: blob: https:${flags}; object-src 'none'; base-uri 'none'; frame-ancestors 'self'; form-action 'self'`;
  return (nonce) => `${before}${nonce}${after}`;
}

/** A fresh nonce for one page. */
export const newNonce = (): string => randomBytes(16).toString('base64');

/** A file the server hands out (an export, an uploaded file): shown by itself it is sandboxed and loads nothing, so an uploaded HTML or SVG runs no script. */
export const DOWNLOAD_CSP = "default-src 'none'; sandbox";

/** A JSON answer: nothing to load, never framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
