/** Captions (src/server/texts/captions.ts): an administrator's texts instead of the catalogue's, as the browser merges them over its catalogue. */
import * as v from 'valibot';
import { LANGS } from '../../src/core/langs.ts';
import type { HttpRoute } from './http.ts';

/** Message key → its text: a plain text, or the ICU message's AST (@formatjs/icu-messageformat-parser) when it has arguments. */
export const CaptionsOutput = v.record(v.string(), v.union([v.string(), v.array(v.unknown())]));

export const captionRoutes: readonly HttpRoute[] = [
  {
    method: 'get',
    path: '/api/captions/{lang}',
    operationId: 'captions',
    tag: 'rest',
    summary:
      'A language’s captions (settings/captions) compiled as the catalogue’s parts ship. Public like the catalogue (the sign-in page reads it); never cached, so a caption shows on the next load.',
    auth: 'none',
    params: [{ name: 'lang', in: 'path', description: 'One of the UI’s languages.', schema: v.picklist(LANGS), example: 'en' }],
    answers: { 200: { description: 'The captions.', content: [{ kind: 'json', schema: CaptionsOutput }] } },
    errors: { 404: '`not_found`: not a UI language.' },
  },
];
