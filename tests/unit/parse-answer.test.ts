import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAnswer } from '../../src/app/api/parseAnswer.ts';

describe("the client's parse of an answer (src/app/api/parseAnswer.ts)", () => {
  it('reads any JSON value as JSON.parse does (keys naming a prototype aside: the next case)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        fc.pre(!text.includes('__proto__') && !text.includes('"constructor"'));
        expect(parseAnswer(text)).toStrictEqual(JSON.parse(text));
      }),
    );
  });

  it('drops keys that would name a prototype, written out or escaped, as destr does', () => {
    const polluting = parseAnswer('{"a":1,"__proto__":{"admin":true},"b":{"\\u005f\\u005fproto\\u005f\\u005f":{"x":1},"c":2}}') as Record<string, unknown>;
    expect(polluting).toStrictEqual({ a: 1, b: { c: 2 } });
    expect(Object.hasOwn(polluting, '__proto__')).toBe(false);
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
    expect(parseAnswer('{"constructor":{"prototype":{"x":1}},"y":1}')).toStrictEqual({ y: 1 });
    // A plain value named "constructor" (a column's text) stays.
    expect(parseAnswer('{"constructor":"Builder Ltd","note":"caf\\u00e9"}')).toStrictEqual({ constructor: 'Builder Ltd', note: 'café' });
  });

  it('leaves an answer that is no JSON as its text (a proxy error page)', () => {
    expect(parseAnswer('<html>502 Bad Gateway</html>')).toBe('<html>502 Bad Gateway</html>');
    expect(parseAnswer('')).toBe('');
  });
});
