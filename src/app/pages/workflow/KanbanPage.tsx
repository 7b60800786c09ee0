/**
 * /settings/kanban: a workflow type's states as columns and its records as cards (the
 * records' own form lists them, per state). A card moves by dragging only where a
 * transition its state offers leads (the other columns refuse the drop), or by its "move
 * to" list from the keyboard; either asks the event's confirmation and fires the same
 * trigger call as the grid's buttons (workflow.utils.ts). Only for a user with the events
 * right on the type's page (migration 094): anyone else sees the board without moves; an
 * event reserved to roles she lacks moves nothing either (migration 122). Retired states have
 * no column.
 */
import { Suspense, use, useState, useTransition, type DragEvent } from 'react';
import './workflowPages.css';
import { useIntl } from 'react-intl';
import type { ScreenDescriptor } from '../../../../schemas/screen.ts';
import { eventName } from '../../../core/workflowActions.ts';
import { actions } from '../../api/actions.ts';
import { describeError, say, type Said } from '../../api/said.ts';
import { ask } from '../../chrome/confirm.ts';
import { usePageTitle } from '../../chrome/pageTitle.ts';
import { toast } from '../../chrome/toasts.tsx';
import { paymentQuestion, paymentSaid } from '../../grid/features/workflow/workflow.trigger.ts';
import { confirmOptions, referenceOf, triggerCall } from '../../grid/features/workflow/workflow.utils.ts';
import { mayRunEvents } from '../../session/pagePerms.ts';
import { useSession } from '../../session/session.ts';
import { loadScreen } from '../loadScreen.ts';
import { formOf, loadBoard, loadCard, loadCards, moveEvent, nameIn, type Board, type Row } from './board.ts';
import { cardText } from './cardText.ts';
import { TypePicker, useTypes } from './TypePicker.tsx';

interface Loaded {
  board: Board;
  screen: ScreenDescriptor;
  cards: Map<number, { rows: Row[]; total: number }>;
}

/** The board with its cards; `moved`: the card just moved stays in sight at the top of its new column. */
async function loadAll(type: string, moved: number | null): Promise<Loaded | { error: Said }> {
  try {
    const board = await loadBoard(type);
    const form = formOf(board.url);
    if (!form) return { error: { id: 'workflow.kanban_no_records' } };
    // A retired state holds no records (the definitions' rule fsm_state_occupied): no column.
    board.states = board.states.filter((s) => !s.retired);
    const [screen, lists, card] = await Promise.all([loadScreen(form), Promise.all(board.states.map((s) => loadCards(form, s.state_code))), moved === null ? undefined : loadCard(form, moved)]);
    const cards = new Map(board.states.map((s, i) => [s.state_id, lists[i]!]));
    const into = card && board.states.find((s) => s.state_code === card.state_code);
    const list = into && cards.get(into.state_id);
    if (card && list && !list.rows.some((r) => r.fsm_instance_id === card.fsm_instance_id)) list.rows.unshift(card);
    return { board, screen, cards };
  } catch (e) {
    return { error: describeError(e) };
  }
}

export function KanbanPage() {
  usePageTitle('kanban.title');
  const intl = useIntl();
  // The board's load is made where the type is chosen or a card moved, never in render: a
  // render that suspends is thrown away, and a promise made there would be made again.
  const [view, setView] = useState<{ type: string; data: Promise<Loaded | { error: Said }> } | null>(null);
  const types = useTypes((type) => setView((v) => v ?? { type, data: loadAll(type, null) }));
  const [pending, startTransition] = useTransition();
  const show = (type: string) => setView({ type, data: loadAll(type, null) });
  // A move reloads the board (counts and both columns change), the moved card in sight.
  const reload = (moved: number | null) => {
    if (!view) return;
    const next = { type: view.type, data: loadAll(view.type, moved) };
    startTransition(() => setView(next));
  };
  return (
    <div className="kanban" aria-busy={pending || undefined}>
      <TypePicker types={types} value={view?.type} onChange={show} />
      {view && (
        <Suspense fallback={<p className="grid-muted">{intl.formatMessage({ id: 'grid.loading' })}</p>}>
          <BoardView data={view.data} reload={reload} />
        </Suspense>
      )}
    </div>
  );
}

function BoardView({ data, reload }: { data: Promise<Loaded | { error: Said }>; reload: (moved: number | null) => void }) {
  const loaded = use(data);
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  const eventTypes = useSession((s) => s.user?.event_types);
  const deniedEvents = useSession((s) => s.user?.denied_events);
  const [dragging, setDragging] = useState<Row | null>(null);
  if ('error' in loaded) {
    return (
      <div className="alert alert-danger" role="alert">
        {say(intl, loaded.error)}
      </div>
    );
  }
  const { board, screen, cards } = loaded;
  const fields = screen.workflow?.card ?? [Array.isArray(screen.source.key) ? screen.source.key[0]! : screen.source.key];
  // A move runs an event: none is offered without the right (no drag, no "Move to…").
  const canFire = mayRunEvents(eventTypes, board.type.type_code);
  // Nor one reserved to roles the user lacks (migration 122).
  const denied = new Set(deniedEvents?.[board.type.type_code] ?? []);
  const moveOf = (row: Row, to: number) => (canFire ? moveEvent(board, row, to, denied) : null);

  async function move(row: Row, to: number) {
    const action = moveOf(row, to);
    if (!action) return;
    // The question names the card's record: its type and reference (SO-…), with buttons of their own (workflow.utils.ts).
    // A payment event (Record payment) asks amount, day and method as the grid does: an order is paid by its money (migration 128).
    const payment = action.params.payment ? await paymentQuestion(row) : undefined;
    const reference = referenceOf(screen, row);
    const answer = await ask(confirmOptions(action, lang, { type: nameIn(board.type.type_names, lang), references: [reference] }, payment));
    if (!answer) return;
    const call = triggerCall(action, [row], answer);
    try {
      const r = await (call.entity === 'trigger_fsm' ? actions.trigger_fsm(call.payload) : actions.trigger_fsms(call.payload));
      if ('payment' in r && r.payment && answer.payment) toast({ variant: 'success', ...paymentSaid(r.payment, answer.payment.amount, reference, lang) });
      else toast({ variant: 'success', id: 'workflow.done', values: { count: 1 } });
      reload(Number(row.fsm_instance_id));
    } catch (e) {
      toast({ variant: 'danger', ...describeError(e) });
      reload(null);
    }
  }

  const onDragOver = (e: DragEvent, to: number) => {
    if (dragging && moveOf(dragging, to)) {
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
    }
  };
  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    const row = dragging;
    setDragging(null);
    if (row) void move(row, to);
  };

  return (
    <>
      {!canFire && <p className="wf-hint kanban-read-only">{intl.formatMessage({ id: 'workflow.kanban_read_only' })}</p>}
      <div className="kanban-board" data-type={board.type.type_code}>
        {board.states.map((s) => {
          const list = cards.get(s.state_id) ?? { rows: [], total: 0 };
          const drop = dragging ? (moveOf(dragging, s.state_id) ? 'allowed' : 'blocked') : undefined;
          return (
            <section key={s.state_id} className="kanban-col" data-state={s.state_code} data-drop={drop} onDragOver={(e) => onDragOver(e, s.state_id)} onDrop={(e) => onDrop(e, s.state_id)}>
              <header className="kanban-col-head">
                <h2>{nameIn(s.state_names, lang)}</h2>
                <span className="kanban-count">{intl.formatNumber(list.total)}</span>
              </header>
              {/* A column that scrolls is reached by the keyboard too (its cards may hold nothing focusable). */}
              <ul className="kanban-cards" tabIndex={0} aria-label={nameIn(s.state_names, lang)}>
                {list.rows.map((row) => {
                  const targets = board.states.filter((t) => moveOf(row, t.state_id));
                  const key = String(row.fsm_instance_id);
                  return (
                    <li
                      key={key}
                      className="kanban-card"
                      data-key={key}
                      draggable={targets.length > 0}
                      onDragStart={(e) => {
                        e.dataTransfer.effectAllowed = 'move';
                        e.dataTransfer.setData('text/plain', key);
                        setDragging(row);
                      }}
                      onDragEnd={() => setDragging(null)}
                    >
                      {fields.map((f, i) => {
                        const text = cardText(screen, f, row, intl, lang);
                        return i === 0 ? <strong key={f}>{text}</strong> : text && <span key={f}>{text}</span>;
                      })}
                      {targets.length > 0 && (
                        <select className="kanban-move" aria-label={intl.formatMessage({ id: 'workflow.kanban_move' })} value="" onChange={(e) => void move(row, Number(e.target.value))}>
                          <option value="">{intl.formatMessage({ id: 'workflow.kanban_move' })}</option>
                          {targets.map((t) => (
                            <option key={t.state_id} value={t.state_id}>
                              {`${eventName(moveOf(row, t.state_id)!, lang)} → ${nameIn(t.state_names, lang)}`}
                            </option>
                          ))}
                        </select>
                      )}
                    </li>
                  );
                })}
              </ul>
              {list.total > list.rows.length && <p className="kanban-more">{intl.formatMessage({ id: 'workflow.kanban_more' }, { count: list.total - list.rows.length })}</p>}
            </section>
          );
        })}
      </div>
    </>
  );
}
