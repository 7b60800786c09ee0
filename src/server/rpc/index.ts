import type { ProcedureName } from '../../../schemas/api.ts';
import { apiAction } from '../actions/index.ts';
import { change_password, end_other_sessions, forgot_password, set_password, totp_confirm, totp_disable, totp_enrol, totp_status } from './account.ts';
import { login, logout, refresh_token } from './auth.ts';
import { bootstrap } from './bootstrap.ts';
import type { Procedure } from './context.ts';
import { page_error_log, page_log } from './logs.ts';
import { category_tree, currencies, view_currency_rates } from './reference.ts';
import { init, set_user_language, user } from './session.ts';

const api_action: Procedure<'api_action'> = {
  run: async (ctx, input) => ({ data: await apiAction(ctx, input) }),
};

/** Every /rpc/{name}; the compiler keeps it in step with schemas/api.ts. */
export const registry: { [N in ProcedureName]: Procedure<N> } = {
  login,
  refresh_token,
  logout,
  forgot_password,
  set_password,
  change_password,
  end_other_sessions,
  totp_status,
  totp_enrol,
  totp_confirm,
  totp_disable,
  user,
  set_user_language,
  init,
  currencies,
  view_currency_rates,
  category_tree,
  page_log,
  bootstrap,
  page_error_log,
  api_action,
};
