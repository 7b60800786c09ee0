import { actionContracts, type ActionAnswer } from '../../../schemas/api.ts';
import { screens } from './engine/screens.ts';
import { setRow } from './engine/write.ts';
import { implement } from './implement.ts';

/**
 * The keep-in-stock cell cycles 0 → 1 → 2 → 0 with one click: an operation, not a row
 * edit, so it carries no row version. It is the product_list row write otherwise
 * (company scope, change log, version bump).
 */
export const keepInStock = implement(actionContracts.keep_in_stock, async ({ db, session }, input) => {
  const { row, log_id } = await setRow(db, screens.get('product_list')!, input, { company: session.company, userId: session.userId }, { versionCheck: false });
  // log_id: the product_list change, which product_list's undo reverts.
  const { product_code, keep_in_stock, row_version } = row as Omit<ActionAnswer<typeof actionContracts.keep_in_stock>, 'log_id'>;
  return { product_code, keep_in_stock, row_version, log_id };
});
