import { viewCurrency } from '../../core/viewCurrency.ts';
import { apiAction } from '../actions/index.ts';
import { screens } from '../actions/engine/screens.ts';
import { RawJson } from '../http/rawJson.ts';
import type { Procedure, UserCtx } from './context.ts';
import { page_log } from './logs.ts';
import { currencies, shopsOf, view_currency_rates } from './reference.ts';
import { init, user } from './session.ts';

/** An api_action answer as a value (a list's rows come as the database's JSON text). */
const valueOf = (x: unknown): unknown => (x instanceof RawJson ? JSON.parse(x.text) : x);

/** An api_action the user may not do (or that fails) is left out of the bootstrap: the browser asks again by itself and hears why. */
const orNull = <T>(p: Promise<T>): Promise<T | null> => p.catch(() => null);

/** The lookups a screen's ref columns show that are read whole (a searched lookup resolves keys on demand). */
function wholeLookups(form: string): string[] {
  const screen = screens.get(form);
  if (!screen) return [];
  const out = new Set<string>();
  for (const c of Object.values(screen.columns)) {
    if (c.type !== 'ref' || !c.lookup) continue;
    const l = screens.get(c.lookup);
    if (l && !l.source.search) out.add(c.lookup);
  }
  return [...out];
}

/** The screen's part: the saved grid state and the whole lookups, each through api_action with its own checks. */
async function screenPart(ctx: UserCtx, form: string) {
  // A session held to enrolling its second factor reads no data (api_action refuses it).
  if (ctx.session.enrolOnly || !screens.has(form)) return null;
  const gridState = orNull(apiAction(ctx, { entity: 'grid_state', action: 'list', payload: { form } }).then(valueOf));
  const names = wholeLookups(form);
  const lists = await Promise.all(names.map((entity) => orNull(apiAction(ctx, { entity, action: 'list', payload: {} }).then(valueOf))));
  const lookups: Record<string, unknown> = {};
  names.forEach((name, i) => {
    if (lists[i]) lookups[name] = lists[i];
  });
  return { form, grid_state: await gridState, lookups };
}

/**
 * A session's start in one round trip (issue 27): what the browser asked for in a chain —
 * user, init, shops, currencies, the view currency's rates, page_log, then the screen's grid
 * state and lookups — from the procedures themselves, so every part has the checks of its
 * own call (the company is the request's verified X-Company). The separate calls stay for
 * later refreshes (a company or currency switch).
 */
export const bootstrap: Procedure<'bootstrap'> = {
  async run(ctx, { currency_code, page, form }) {
    const { db, session } = ctx;
    const [u, ini, shops, cur, logged, screen] = await Promise.all([
      user.run(ctx, {}),
      init.run(ctx, {}),
      shopsOf(db, session.company),
      currencies.run(ctx, { currency_code: null }),
      page ? page_log.run(ctx, { _page_name: page }) : null,
      form ? screenPart(ctx, form) : null,
    ]);
    const chosen = viewCurrency(currency_code, cur.data.currencies, cur.data.company_rates, cur.data.currency?.currency_code);
    const rates = chosen ? await orNull(view_currency_rates.run(ctx, { currency_code: chosen })) : null;
    return {
      data: {
        user: u,
        init: ini.data,
        shops,
        currencies: cur.data,
        view_rates: rates?.data ?? null,
        page: logged?.data ?? null,
        screen: screen as never,
      },
    };
  },
};
