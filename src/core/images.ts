/**
 * Image URLs (spec §3): the size presets (all webp), query parameters for an image URL,
 * CDN product images `/p/{imageId}.jpg`, the placeholder and country flags. Pure.
 */

export interface ImageSize {
  width: number;
  height: number;
}

export interface ImagePreset extends ImageSize {
  quality: number;
  format: 'webp';
  /** Other sizes offered in a srcset (empty: the main size only). */
  sizes: readonly ImageSize[];
}

const square = (...widths: number[]): ImageSize[] => widths.map((w) => ({ width: w, height: w }));
const preset = (width: number, height: number, quality: number, sizes: ImageSize[]): ImagePreset => ({ width, height, quality, format: 'webp', sizes });

/** The eight presets of spec §3: main size, quality, format webp, other sizes. */
export const IMAGE_PRESETS = {
  categoryCard: preset(500, 500, 70, square(200, 300, 400, 500)),
  productCard: preset(500, 500, 70, square(300, 400, 500, 850)),
  productThumb: preset(100, 100, 80, square(100, 200, 300)),
  productThumbSmall: preset(30, 30, 80, []),
  productThumbLarge: preset(300, 300, 80, []),
  productDetails: preset(850, 850, 70, square(300, 400, 500, 850)),
  cartProductCard: preset(300, 300, 70, square(100, 200, 300, 400, 500)),
  banner: preset(1200, 800, 80, [
    { width: 576, height: 384 },
    { width: 768, height: 512 },
    { width: 992, height: 661 },
    { width: 1200, height: 800 },
  ]),
} as const satisfies Record<string, ImagePreset>;
export type ImagePresetName = keyof typeof IMAGE_PRESETS;

/**
 * The sizes the image server renders (spec §3: every preset's main size and other sizes)
 * and its qualities. Any other size or quality is refused (400), so nobody can fill its
 * disk cache with sizes no page asks for (src/server/images/render.ts).
 */
export const OFFERED_IMAGE_SIZES: readonly ImageSize[] = (() => {
  const seen = new Map<string, ImageSize>();
  for (const p of Object.values<ImagePreset>(IMAGE_PRESETS)) for (const s of [p, ...p.sizes]) seen.set(`${s.width}x${s.height}`, { width: s.width, height: s.height });
  return [...seen.values()].sort((a, b) => a.width - b.width || a.height - b.height);
})();

/** Whether the image server renders this size. */
export const isOfferedImageSize = (width: number, height: number): boolean => OFFERED_IMAGE_SIZES.some((s) => s.width === width && s.height === height);

/** Shown where an image is missing or fails to load. */
export const PLACEHOLDER_IMAGE = '/download.svg';

/** Quality of CDN product images (spec §3). */
export const CDN_QUALITY = 80;

/** The qualities the image server renders: the presets' and the CDN's. */
export const OFFERED_IMAGE_QUALITIES: readonly number[] = [...new Set([...Object.values<ImagePreset>(IMAGE_PRESETS).map((p) => p.quality), CDN_QUALITY])].sort((a, b) => a - b);

const query = (size: ImageSize, quality: number) => `width=${size.width}&height=${size.height}&quality=${quality}&format=webp`;

/** Inserts a query before any #fragment. */
function withQuery(url: string, q: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? `${url}?${q}` : `${url.slice(0, hash)}?${q}${url.slice(hash)}`;
}

const presetOf = (p: ImagePresetName | ImagePreset): ImagePreset => (typeof p === 'string' ? IMAGE_PRESETS[p] : p);

/**
 * An image URL at a preset's main size: width, height, quality and format=webp are
 * added unless the URL already carries a query (then it is used as it is). No URL →
 * the placeholder.
 */
export function imageUrl(url: string | null | undefined, p: ImagePresetName | ImagePreset, size?: ImageSize): string {
  const u = url?.trim();
  if (!u) return PLACEHOLDER_IMAGE;
  if (u.includes('?')) return u;
  const pr = presetOf(p);
  return withQuery(u, query(size ?? pr, pr.quality));
}

/** A srcset of a preset's other sizes ('…?width=300… 300w, …'); '' when the preset has none or the URL carries a query. */
export function imageSrcSet(url: string | null | undefined, p: ImagePresetName | ImagePreset): string {
  const u = url?.trim();
  const pr = presetOf(p);
  if (!u || u.includes('?') || !pr.sizes.length) return '';
  return pr.sizes.map((s) => `${withQuery(u, query(s, pr.quality))} ${s.width}w`).join(', ');
}

/** The CDN's base: 'https://cdn.example.com' as it is; a bare host gets https://; trailing slashes go. '' → same origin. */
function cdnBase(cdn: string | null | undefined): string {
  const c = (cdn ?? '').trim().replace(/\/+$/, '');
  if (!c) return '';
  return /^https?:\/\//i.test(c) || c.startsWith('//') ? c : `https://${c}`;
}

/**
 * A product image on the CDN: `{cdn}/p/{imageId}.jpg?width=…&height=…&quality=80&format=webp`
 * (spec §3). No id → the placeholder.
 */
export function cdnImageUrl(cdn: string | null | undefined, imageId: string | number | null | undefined, size: ImageSize): string {
  if (imageId === null || imageId === undefined || String(imageId).trim() === '') return PLACEHOLDER_IMAGE;
  return `${cdnBase(cdn)}/p/${encodeURIComponent(String(imageId).trim())}.jpg?${query(size, CDN_QUALITY)}`;
}

/**
 * The URL of an image value at a size: a URL (absolute or a path) gets the preset's
 * query; anything else is a CDN image id. Unsafe schemes and no value → the placeholder.
 */
export function imageSrc(value: unknown, cdn: string | null | undefined, p: ImagePresetName | ImagePreset): string {
  if (typeof value === 'number') return Number.isFinite(value) ? cdnImageUrl(cdn, value, presetOf(p)) : PLACEHOLDER_IMAGE;
  if (typeof value !== 'string' || !value.trim()) return PLACEHOLDER_IMAGE;
  const v = value.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v);
  if (scheme) return /^https?$/i.test(scheme[1]!) ? imageUrl(v, p) : PLACEHOLDER_IMAGE;
  if (v.includes('/')) return imageUrl(v, p);
  return cdnImageUrl(cdn, v, presetOf(p));
}

/** Width of flags (spec §3: the flag service at 20 px). */
export const FLAG_WIDTH = 20;

/** Flag codes of UI languages whose code is not a country's (the languages list's flag_code wins). */
const LANGUAGE_FLAG: Readonly<Record<string, string>> = { en: 'gb', cs: 'cz' };

/** A language's flag code: the one the languages list gives, else a known one, else the code itself. */
export function flagCodeOf(languageCode: string, flagCode?: string | null): string {
  return (flagCode || LANGUAGE_FLAG[languageCode.toLowerCase()] || languageCode).toLowerCase();
}

/**
 * Where flags come from by default: this server's copies of the flag-icons SVGs
 * (GET /flags/{code}.svg). An outside flag service (spec §3) is a setting the server
 * hands out (FLAG_SERVICE_URL, init's `flags`): nothing here names a third-party host.
 */
export const OWN_FLAGS = '/flags/{code}.svg';

/** A flag code: a country ('hu', 'gb') or a region of one ('gb-eng', 'es-ct'). */
export const FLAG_CODE = /^[a-z]{2}(-[a-z]{2,3})?$/;

/** The flag image of a flag code in a URL template (`{code}`); null for text that is not a flag code. */
export function flagUrl(flagCode: string | null | undefined, template: string = OWN_FLAGS): string | null {
  const c = flagCode?.trim().toLowerCase();
  return c && FLAG_CODE.test(c) ? template.replaceAll('{code}', c) : null;
}
