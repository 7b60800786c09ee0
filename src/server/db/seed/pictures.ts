/**
 * The demo's product pictures, drawn at seed time (nothing is downloaded): an SVG per kind of
 * product (the top-level category: a plant pot for Home & Garden, a dumbbell for Sports …)
 * in its brand's colours, rasterized by sharp into a JPEG original. A product's cover is
 * its category's drawing in its brand's palette; its other pictures are the category's
 * close-up, side and boxed views. So 12 × 8 covers and 12 × 3 views (132 pictures, ~1.5 MB)
 * serve any number of products: the image rows share them (app.image_blobs, by hash).
 * Deterministic: the same drawings on every run.
 */
import type { Queryable } from '../types.ts';
import { readPicture } from '../../images/picture.ts';
import { storePicture } from '../../images/store.ts';
import { loadSharp } from '../../images/sharp.ts';

/** Side of the originals: the largest square preset (productDetails, 850) is a slight enlargement, the others reductions. */
const SIDE = 800;
/** Brand palettes (body, accent, background tint hue), by brand id modulo their number. */
export const PALETTES: readonly (readonly [string, string, number])[] = [
  ['#2f6f9f', '#f2b134', 205],
  ['#b8432f', '#f4e3c1', 15],
  ['#3d7d4f', '#e8d36a', 120],
  ['#6b4fa0', '#9fd8cb', 265],
  ['#c77d2e', '#2e3b4e', 35],
  ['#1f8a8a', '#f07167', 180],
  ['#8a8f98', '#ffcf56', 220],
  ['#a23e6b', '#cde7b0', 330],
];
/** The other views of a product after its cover (positions 2–4). */
const VIEWS = 3;

/** Each top-level category's drawing (ids 1–12, seed/categories.ts), in a 0..100 box; `b` body colour, `a` accent. */
const DRAWINGS: Readonly<Record<number, (b: string, a: string) => string>> = {
  // Home & Garden: a plant in a pot
  1: (b, a) =>
    `<path d="M50 55 C30 45 25 25 38 12 C45 25 48 38 50 55 Z" fill="#4f9d58"/><path d="M50 55 C68 42 78 24 66 10 C58 24 52 38 50 55 Z" fill="#3b8048"/><path d="M30 55 H70 L64 90 H36 Z" fill="${b}"/><rect x="27" y="52" width="46" height="8" rx="2" fill="${a}"/>`,
  // Kitchen: a pot with a lid
  2: (b, a) =>
    `<rect x="20" y="42" width="60" height="40" rx="6" fill="${b}"/><rect x="10" y="48" width="12" height="6" rx="3" fill="${b}"/><rect x="78" y="48" width="12" height="6" rx="3" fill="${b}"/><path d="M18 42 Q50 22 82 42 Z" fill="${a}"/><circle cx="50" cy="29" r="4" fill="${b}"/>`,
  // Tools: a hammer
  3: (b, a) => `<rect x="46" y="30" width="9" height="60" rx="3" fill="${a}"/><path d="M24 16 H74 L80 28 H24 Z" fill="${b}"/><rect x="20" y="16" width="8" height="12" fill="${b}"/>`,
  // Lighting: a table lamp
  4: (b, a) =>
    `<circle cx="50" cy="40" r="30" fill="${a}" opacity="0.25"/><path d="M32 18 H68 L78 48 H22 Z" fill="${a}"/><rect x="47" y="48" width="6" height="32" fill="${b}"/><rect x="30" y="80" width="40" height="8" rx="3" fill="${b}"/>`,
  // Furniture: a chair
  5: (b, a) =>
    `<rect x="30" y="12" width="40" height="38" rx="4" fill="${b}"/><rect x="26" y="50" width="48" height="10" rx="3" fill="${a}"/><rect x="29" y="60" width="6" height="30" fill="${b}"/><rect x="65" y="60" width="6" height="30" fill="${b}"/>`,
  // Toys: stacked blocks and a ball
  6: (b, a) =>
    `<rect x="16" y="60" width="28" height="28" rx="3" fill="${b}"/><rect x="46" y="60" width="28" height="28" rx="3" fill="${a}"/><rect x="31" y="32" width="28" height="28" rx="3" fill="${a}"/><circle cx="76" cy="40" r="12" fill="${b}"/>`,
  // Sports: a dumbbell
  7: (b, a) =>
    `<rect x="22" y="47" width="56" height="6" rx="3" fill="#777"/><rect x="12" y="30" width="12" height="40" rx="3" fill="${b}"/><rect x="76" y="30" width="12" height="40" rx="3" fill="${b}"/><rect x="24" y="36" width="6" height="28" rx="2" fill="${a}"/><rect x="70" y="36" width="6" height="28" rx="2" fill="${a}"/>`,
  // Electronics: a screen on a stand
  8: (b, a) =>
    `<rect x="12" y="16" width="76" height="50" rx="4" fill="${b}"/><rect x="16" y="20" width="68" height="42" rx="2" fill="${a}"/><rect x="46" y="66" width="8" height="14" fill="${b}"/><rect x="32" y="80" width="36" height="6" rx="3" fill="${b}"/>`,
  // Office: a binder and a pen
  9: (b, a) =>
    `<rect x="22" y="12" width="44" height="76" rx="3" fill="${b}"/><rect x="30" y="22" width="28" height="14" rx="2" fill="${a}"/><circle cx="44" cy="70" r="5" fill="${a}"/><rect x="74" y="18" width="6" height="62" rx="3" fill="${a}" transform="rotate(12 77 49)"/>`,
  // Pets: a bowl and a bone
  10: (b, a) =>
    `<path d="M16 58 H84 L76 84 H24 Z" fill="${b}"/><rect x="14" y="54" width="72" height="8" rx="4" fill="${a}"/><g fill="${a}"><rect x="34" y="28" width="32" height="8" rx="4"/><circle cx="34" cy="27" r="5"/><circle cx="34" cy="37" r="5"/><circle cx="66" cy="27" r="5"/><circle cx="66" cy="37" r="5"/></g>`,
  // Bathroom: a pump bottle
  11: (b, a) =>
    `<rect x="32" y="36" width="36" height="54" rx="8" fill="${b}"/><rect x="44" y="22" width="12" height="14" fill="${a}"/><rect x="40" y="14" width="30" height="8" rx="3" fill="${a}"/><rect x="38" y="52" width="24" height="20" rx="3" fill="#ffffff" opacity="0.7"/>`,
  // Outdoor: a tent
  12: (b, a) => `<path d="M50 14 L90 86 H10 Z" fill="${b}"/><path d="M50 40 L64 86 H36 Z" fill="${a}"/><rect x="6" y="86" width="88" height="4" rx="2" fill="#6b8f5e"/>`,
};
const CATEGORY_DRAWINGS = Object.keys(DRAWINGS).length;

const svg = (background: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 100 100">` +
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">${background}</linearGradient></defs>` +
  `<rect width="100" height="100" fill="url(#bg)"/><ellipse cx="50" cy="91" rx="34" ry="3.5" fill="#000" opacity="0.12"/>${body}</svg>`;
const stops = (top: string, bottom: string) => `<stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>`;

/** A product's cover: its category's drawing in its brand's palette. */
function coverSvg(category: number, palette: number): string {
  const [b, a, hue] = PALETTES[palette % PALETTES.length]!;
  return svg(stops(`hsl(${hue} 40% 97%)`, `hsl(${hue} 30% 88%)`), DRAWINGS[category]!(b, a));
}

/** A product's other views (1: close-up, 2: from the side, 3: in its box), in neutral colours. */
function viewSvg(category: number, view: number): string {
  const draw = DRAWINGS[category]!;
  if (view === 1) return svg(stops('#fafafa', '#e6e6e6'), `<g transform="translate(-30 -22) scale(1.6)">${draw('#555b66', '#d9a441')}</g>`);
  if (view === 2) return svg(stops('#eef3f6', '#cfdbe3'), `<g transform="translate(100 8) scale(-0.84 0.84)">${draw('#3a4a5c', '#9fb4c7')}</g>`);
  return svg(
    stops('#f6f1ea', '#e3d7c6'),
    `<path d="M14 34 L50 22 L86 34 V86 L50 96 L14 86 Z" fill="#c89f6a"/><path d="M14 34 L50 46 L86 34 L50 22 Z" fill="#dcb783"/><path d="M50 46 V96" stroke="#a87f4e" stroke-width="0.8"/><g transform="translate(21 48) scale(0.26)">${draw('#5b4330', '#f5ecdf')}</g>`,
  );
}

const jpeg = async (s: string) => (await loadSharp())(Buffer.from(s)).jpeg({ quality: 82 }).toBuffer();

/**
 * Draws and stores every demo picture; answers the hashes by key: cover `c{category}-{palette}`,
 * view `v{category}-{view}`.
 */
export async function seedPictures(tx: Queryable): Promise<Map<string, string>> {
  const jobs: [string, string][] = [];
  for (let c = 1; c <= CATEGORY_DRAWINGS; c++) {
    for (let p = 0; p < PALETTES.length; p++) jobs.push([`c${c}-${p}`, coverSvg(c, p)]);
    for (let v = 1; v <= VIEWS; v++) jobs.push([`v${c}-${v}`, viewSvg(c, v)]);
  }
  const hashes = new Map<string, string>();
  // Rasterized two at a time: libvips threads each one.
  for (let i = 0; i < jobs.length; i += 2) {
    const done = await Promise.all(jobs.slice(i, i + 2).map(async ([key, s]) => [key, await readPicture(new Uint8Array(await jpeg(s)), key)] as const));
    for (const [key, picture] of done) hashes.set(key, await storePicture(tx, picture));
  }
  return hashes;
}
