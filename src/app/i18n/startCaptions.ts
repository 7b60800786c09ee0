import type { ShippedMessages } from '../../core/catalogue.ts';

/**
 * The captions a signed-in page's start brought for its language (server/http/startData.ts,
 * read by api/startData.ts): the catalogue's first load of that language takes them instead
 * of asking GET /api/captions/{lang} — a round trip less before the page's first render.
 */
let kept: { lang: string; messages: ShippedMessages } | undefined;

export function keepStartCaptions(c: { lang: string; messages: ShippedMessages } | undefined): void {
  kept = c;
}

/** The start's captions of `lang`, once (undefined: none came for it; the catalogue asks the server). */
export function takeStartCaptions(lang: string): ShippedMessages | undefined {
  if (kept?.lang !== lang) return undefined;
  const m = kept.messages;
  kept = undefined;
  return m;
}
