/** bootstrap: a session's start in one round trip (issue 27). */
import * as v from 'valibot';
import { ListOutput } from './apiAction.ts';
import { currencyCode, formName } from './fields.ts';
import { GridStateListOutput } from './gridState.ts';
import { PageLogInput, PageLogOutput } from './logs.ts';
import { CurrenciesOutput, ShopsOutput, ViewRatesOutput } from './reference.ts';
import { InitOutput, UserOutput } from './session.ts';

/**
 * `currency_code`: the view currency the browser remembers (kept when the company has a rate
 * for it, else the company's own); `page`: the page being opened, logged as page_log logs it;
 * `form`: its screen, whose saved grid state and whole lookups come along.
 */
export const BootstrapInput = v.strictObject({
  currency_code: v.optional(v.nullable(currencyCode)),
  page: v.optional(v.nullable(PageLogInput.entries._page_name)),
  form: v.optional(v.nullable(formName)),
});
/**
 * What `user`, `init`, GET /shops, `currencies`, `view_currency_rates` (of the chosen view
 * currency; null without one), `page_log` (null without `page`) and, for `form`, grid_state
 * `list` and each whole (not searched) lookup's `list` answer, under the same checks: a part
 * the user may not have is left out (null, or a lookup missing), never an error of the whole.
 */
export const BootstrapOutput = v.object({
  data: v.object({
    user: UserOutput,
    init: InitOutput.entries.data,
    shops: ShopsOutput,
    currencies: CurrenciesOutput.entries.data,
    view_rates: v.nullable(ViewRatesOutput.entries.data),
    page: v.nullable(PageLogOutput.entries.data),
    screen: v.nullable(
      v.object({
        form: v.string(),
        grid_state: v.nullable(v.object({ ...GridStateListOutput.entries.data.entries, totalExact: v.optional(v.boolean()) })),
        /** Each lookup's `list` with an empty payload, by lookup form. */
        lookups: v.record(v.string(), ListOutput.entries.data),
      }),
    ),
  }),
});
