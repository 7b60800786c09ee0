/** The procedures of POST /rpc/{name}. */
import { ApiActionInput, ApiActionOutput } from './apiAction.ts';
import {
  ChangePasswordInput,
  EndOtherSessionsInput,
  ForgotPasswordInput,
  ForgotPasswordOutput,
  LoginInput,
  LogoutInput,
  LogoutOutput,
  RefreshInput,
  SessionsEndedOutput,
  SetPasswordInput,
  SetPasswordOutput,
  TokenPair,
  TotpConfirmInput,
  TotpConfirmOutput,
  TotpDisableInput,
  TotpDisableOutput,
  TotpEnrolInput,
  TotpEnrolOutput,
  TotpStatusInput,
  TotpStatusOutput,
} from './auth.ts';
import { BootstrapInput, BootstrapOutput } from './bootstrap.ts';
import { PageErrorLogInput, PageErrorLogOutput, PageLogInput, PageLogOutput } from './logs.ts';
import { CategoryTreeInput, CategoryTreeOutput, CurrenciesInput, CurrenciesOutput, ViewRatesInput, ViewRatesOutput } from './reference.ts';
import { InitInput, InitOutput, SetUserLanguageInput, SetUserLanguageOutput, UserInput, UserOutput } from './session.ts';

/**
 * Every named procedure of /rpc/{name}: who may call it, its input and its output.
 * auth 'none': no session is resolved (login; refresh and logout read the Bearer themselves); 'optional': a
 * guest may call, a token is still checked when sent; 'user': a signed-in user only.
 */
export const procedures = {
  login: { auth: 'none', input: LoginInput, output: TokenPair },
  refresh_token: { auth: 'none', input: RefreshInput, output: TokenPair },
  logout: { auth: 'none', input: LogoutInput, output: LogoutOutput },
  forgot_password: { auth: 'none', input: ForgotPasswordInput, output: ForgotPasswordOutput },
  set_password: { auth: 'none', input: SetPasswordInput, output: SetPasswordOutput },
  change_password: { auth: 'user', input: ChangePasswordInput, output: SessionsEndedOutput },
  end_other_sessions: { auth: 'user', input: EndOtherSessionsInput, output: SessionsEndedOutput },
  totp_status: { auth: 'user', input: TotpStatusInput, output: TotpStatusOutput },
  totp_enrol: { auth: 'user', input: TotpEnrolInput, output: TotpEnrolOutput },
  totp_confirm: { auth: 'user', input: TotpConfirmInput, output: TotpConfirmOutput },
  totp_disable: { auth: 'user', input: TotpDisableInput, output: TotpDisableOutput },
  user: { auth: 'user', input: UserInput, output: UserOutput },
  set_user_language: { auth: 'user', input: SetUserLanguageInput, output: SetUserLanguageOutput },
  init: { auth: 'optional', input: InitInput, output: InitOutput },
  currencies: { auth: 'user', input: CurrenciesInput, output: CurrenciesOutput },
  view_currency_rates: { auth: 'user', input: ViewRatesInput, output: ViewRatesOutput },
  category_tree: { auth: 'optional', input: CategoryTreeInput, output: CategoryTreeOutput },
  page_log: { auth: 'user', input: PageLogInput, output: PageLogOutput },
  bootstrap: { auth: 'user', input: BootstrapInput, output: BootstrapOutput },
  page_error_log: { auth: 'user', input: PageErrorLogInput, output: PageErrorLogOutput },
  api_action: { auth: 'user', input: ApiActionInput, output: ApiActionOutput },
} as const;
export type ProcedureName = keyof typeof procedures;
export type Auth = (typeof procedures)[ProcedureName]['auth'];
