/**
 * The typed client's parse of a JSON answer (ofetch `parseResponse`, client.ts). ofetch's
 * default, destr, trims a copy of the text and runs two expressions over all of it before
 * its JSON.parse: ~12 ms of a product list's load on the nav bench (the list's answers carry
 * every language of the names, ~350 KB a block), and again with each sort and filter. Here
 * JSON.parse alone, with destr's guard where a key could name a prototype — `__proto__` or
 * `constructor`, written out or escaped (`\u00…`) — dropping them as destr does. An answer
 * that is no JSON (a proxy's error page) stays its text, as destr leaves it.
 */
// Quoted (a key, or a whole value of that text: only a slower parse then), as destr's expressions look for keys.
const suspect = (text: string) => text.includes('"__proto__"') || text.includes('"constructor"') || text.includes('\\u00');

const dropPrototypeKeys = (key: string, value: unknown) => (key === '__proto__' || (key === 'constructor' && value && typeof value === 'object' && 'prototype' in value) ? undefined : value);

export function parseAnswer(text: string): unknown {
  try {
    return suspect(text) ? (JSON.parse(text, dropPrototypeKeys) as unknown) : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}
