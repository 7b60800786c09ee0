/**
 * The catalogue keys naming a change log entry's action and logged screen: the grid's
 * `logAction` and `screenTitle` renderers and the server's export (transfer/named.ts).
 */
export const logActionId = (action: unknown): string => `grid.log_${String(action)}`;
export const screenTitleId = (form: unknown): string => `screens.${String(form)}.title`;
