/**
 * The catalogue key naming a change log entry's logged screen: the grid's `screenTitle`
 * renderer and the server's export (transfer/named.ts). Its action (add, set, delete) is an
 * option set like any other (core/optionNames.ts: `options.log_action.<action>`).
 */
export const screenTitleId = (form: unknown): string => `screens.${String(form)}.title`;
