/**
 * What the kanban board and the workflow diagram read: the workflow types, one type's
 * definition with its instances per state (`fsm_board`), the records' form (the type's
 * page is a descriptor route) and, per state, the records in it.
 */
import { pickText } from '../../../core/multiText.ts';
import { pressable, type FsmAction } from '../../../core/workflowActions.ts';
import { screenRoutes } from '../../../generated/routeList.ts';
import { actions, type AnswerOf } from '../../api/actions.ts';
import { api } from '../../api/client.ts';

export type Board = AnswerOf<'fsm_board'>;
export type BoardState = Board['states'][number];
export type BoardTransition = Board['transitions'][number];
export type Row = Record<string, unknown>;

/** Cards per column: the board shows a state's newest records, the list page has them all. */
const CARDS_PER_STATE = 50;

export interface WorkflowType {
  type_code: string;
  type_names: Record<string, string>;
}

export const loadTypes = async (): Promise<WorkflowType[]> => (await api.action<'ListOutput'>('fsm_types_brief', 'list', { startRow: 0, endRow: 100 })).rows as unknown as WorkflowType[];

export const loadBoard = (type: string): Promise<Board> => actions.fsm_board({ type_code: type });

/** The form listing the type's records: the descriptor routed at the type's page. */
export const formOf = (url: string): string | undefined => screenRoutes.find((r) => r.path === url)?.form;

/** A state's records (newest first by the form's own order) and how many there are. */
export async function loadCards(form: string, state: string): Promise<{ rows: Row[]; total: number }> {
  const r = await api.action<'ListOutput'>(form, 'list', {
    startRow: 0,
    endRow: CARDS_PER_STATE,
    filterModel: { state_code: { filterType: 'text', type: 'equals', filter: state } },
    count: 'exact',
  });
  return { rows: r.rows, total: r.total };
}

/** One record by its workflow instance (the card just moved, when its new column's newest do not include it). */
export async function loadCard(form: string, instance: number): Promise<Row | undefined> {
  const r = await api.action<'ListOutput'>(form, 'list', { startRow: 0, endRow: 1, filterModel: { fsm_instance_id: { filterType: 'number', type: 'equals', filter: instance } } });
  return r.rows[0];
}

/** A multi-language name in the language (English, then any, as cells show them). */
export const nameIn = (v: unknown, lang: string): string => pickText(v, lang)?.text ?? '';

/**
 * The event that moves a record from its state to `to`: among the actions its state offers
 * (its fsm_actions, those of the menu), the one whose transition leads to `to`; null when
 * none does (the board refuses the drop), or only one the user may not press (`denied`: reserved
 * to roles she lacks, migration 122).
 */
export function moveEvent(board: Board, row: Row, to: number, denied?: ReadonlySet<string>): FsmAction | null {
  const from = board.states.find((s) => s.state_code === row.state_code)?.state_id;
  if (from === undefined || from === to) return null;
  const actions = pressable(Array.isArray(row.fsm_actions) ? (row.fsm_actions as FsmAction[]) : [], denied);
  for (const t of board.transitions) {
    if (t.from_state_id !== from || t.to_state_id !== to) continue;
    const a = actions.find((x) => x.event_code === t.event_code && x.menu !== false);
    if (a) return a;
  }
  return null;
}
