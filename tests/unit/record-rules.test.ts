/**
 * Rules of the record (issue 43; core/recordRules.ts): what a refusal concerns and says, from
 * the database's error to the words at the field — the server's parameters (fromDbError),
 * the text in each language (said.ts: the rule's own message, or a bound's validation
 * message; never "not saved" inside it), and the cell a grid flags (ruleCell).
 */
import { readFileSync } from 'node:fs';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/app/api/client.ts';
import { describeError, refusedFields, say } from '../../src/app/api/said.ts';
import { ruleCell } from '../../src/app/grid/features/edits/writes.ts';
import { problemOf } from '../../src/core/errorCodes.ts';
import { LANGS, LOCALE } from '../../src/core/langs.ts';
import { RECORD_RULES, recordRule, ruleMessageIds } from '../../src/core/recordRules.ts';
import { M, parseMessage } from '../../src/core/validation/messages.ts';
import { fromDbError } from '../../src/server/http/errors.ts';

const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
/** A refusal as the browser receives it, from the database's error as the server maps it. */
const refusalOf = (pg: Record<string, unknown>) => {
  const e = fromDbError(pg)!;
  return new ApiError(e.status, e.code, e.message, 'messages.status_text', typeof e.params?.rule === 'string' ? e.params.rule : undefined, e.params);
};

describe('the record rules', () => {
  it('say ETA before ETD at the ETA field, in every language, with no "not saved" inside', () => {
    const e = refusalOf({ code: '23514', constraint: 'eta_after_etd', table: 'purchase_orders', message: 'new row for relation "purchase_orders" violates check constraint "eta_after_etd"' });
    expect(e.params).toEqual({ rule: 'eta_after_etd', fields: 'eta,etd', field: 'payload.eta' });
    expect(refusedFields(e)).toEqual(['eta', 'etd']);
    const texts = LANGS.map((l) => say(createIntl({ locale: LOCALE[l], messages: catalogue(l) }), describeError(e)));
    expect(texts[0]).toBe('ETA must be on or after ETD: the goods cannot arrive before they leave.');
    for (const [i, t] of texts.entries()) {
      expect(t, LANGS[i]).toBe(catalogue(LANGS[i]!)['rules.eta_after_etd']);
      expect(t, LANGS[i]).not.toMatch(/not saved|nicht gespeichert|nincs mentve|neulož|nesalvat|neulož|не е записано/i);
    }
    // An unnamed database error without a rule: the general text, which no longer says "not saved" either (the form says it once).
    const general = say(createIntl({ locale: 'en-GB', messages: catalogue('en') }), describeError(new ApiError(400, 'rule_violated', 'x', 'messages.status_text')));
    expect(general).toBe('A value breaks a rule of this record.');
  });

  it("say a bound PostgreSQL named by its validation message, and a rule shared by tables at the table's column", () => {
    const zero = refusalOf({ code: '23514', constraint: 'stock_corrections_quantity_check', table: 'stock_corrections' });
    expect(zero.params).toEqual({ rule: 'stock_corrections_quantity_check', fields: 'quantity', field: 'payload.quantity', reason: 'validation.not_zero' });
    expect(say(createIntl({ locale: 'de-DE', messages: catalogue('de') }), describeError(zero))).toBe('Darf nicht null sein');
    const vat = refusalOf({ code: '23514', constraint: 'vats_vat_rate_check', table: 'vats' });
    expect(say(createIntl({ locale: 'de-DE', messages: catalogue('de') }), describeError(vat))).toBe('Muss zwischen 0 und 100 liegen');
    // Imported rows say the same.
    expect(problemOf('rule_violated', vat.params!)).toBe('validation.between?min=0&max=100');
    expect(recordRule('unit_price_not_negative', 'product_suppliers')!.fields).toEqual(['purchase_price']);
    expect(recordRule('unit_price_not_negative', 'purchase_order_items')!.fields).toEqual(['unit_price']);
    // A rule refusing the actor (403) carries its fields too; one of the record as a whole none.
    expect(refusalOf({ code: '42501', constraint: 'user_blocks_self', table: 'users' }).params).toMatchObject({ fields: 'blocked' });
    expect(refusalOf({ code: '23514', constraint: 'purchase_order_closed', table: 'purchase_order_items' }).params).toEqual({ rule: 'purchase_order_closed' });
  });

  it('have a message in every catalogue: their own text, or a known validation message with its values', () => {
    for (const l of LANGS) {
      const c = catalogue(l);
      expect(
        ruleMessageIds().filter((id) => !c[id]),
        l,
      ).toEqual([]);
    }
    const known = new Set<string>(Object.values(M));
    for (const [rule, r] of Object.entries(RECORD_RULES) as [string, { says?: string }][]) if (r.says) expect(known.has(parseMessage(r.says).id), rule).toBe(true);
  });

  it('flag the edited cell when the rule concerns it, else the rule’s first field the grid has', () => {
    const e = refusalOf({ code: '23514', constraint: 'eta_after_etd', table: 'purchase_orders' });
    const has = (f: string) => ['etd', 'eta', 'comments'].includes(f);
    expect(ruleCell(e, 'etd', has)).toBe('etd');
    expect(ruleCell(e, 'eta', has)).toBe('eta');
    expect(ruleCell(e, 'comments', has)).toBe('eta');
    expect(ruleCell(e, 'comments', (f) => f === 'comments')).toBeUndefined();
    expect(ruleCell(new ApiError(409, 'stale_row', 'x', 'messages.status_text'), 'eta', has)).toBeUndefined();
  });
});
