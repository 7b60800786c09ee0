/**
 * /settings/gojs: a workflow type's diagram — its states laid out by elkjs, drawn with
 * @xyflow/react, each transition an arrow named by its event — and its editor (issue 48). With
 * the rights of the /fsm pages it writes through (editor.ts): the toolbar adds a state or an
 * event; a state's name is renamed in place (double click), its menu (right click, or the
 * keyboard's menu key) renames, moves it earlier or later, retires or restores and deletes it;
 * an event's button (above the diagram, as it will look) opens its editor — style, icon, who
 * may press it, retired, order; a drag from one state to another adds a transition, with one
 * of the events or a new one; a click on a transition changes or deletes it. Every change goes
 * through the forms of the /fsm grids: the same validation, and a change that would strand
 * records (retiring a state they are in, removing their only way out) is refused naming them,
 * said above the diagram.
 */
import '@xyflow/react/dist/style.css';
import './workflowPages.css';
import { Background, Controls, MarkerType, Position, ReactFlow, type Connection, type Edge, type NodeMouseHandler } from '@xyflow/react';
import { Suspense, use, useMemo, useRef, useState, useTransition, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { eventName, type FsmAction } from '../../../core/workflowActions.ts';
import { say, type Said } from '../../api/said.ts';
import { describeError } from '../../api/said.ts';
import { EventButtonPreview } from '../../chrome/EventButtonPreview.tsx';
import { usePageTitle } from '../../chrome/pageTitle.ts';
import { toast } from '../../chrome/toasts.tsx';
import { permsOf } from '../../session/pagePerms.ts';
import { useSession } from '../../session/session.ts';
import { loadBoard, nameIn, type Board, type BoardState, type BoardTransition } from './board.ts';
import { layoutStates } from './diagramLayout.ts';
import { EventDialog } from './EventDialog.tsx';
import { deleteState, EVENTS_PAGE, move, renamed, setState, STATES_PAGE } from './editor.ts';
import { StateDialog } from './StateDialog.tsx';
import { StateNode, type StateNodeType } from './StateNode.tsx';
import { TransitionDialog, type Editing } from './TransitionDialog.tsx';
import { TypePicker, useTypes } from './TypePicker.tsx';

/** The grid of transitions: its page's rights are the diagram's rights to change them. */
const TRANSITIONS_PAGE = '/fsm/fsm_transitions';

const nodeTypes = { state: StateNode };

interface Drawn {
  board: Board;
  /** Where elk put each state. */
  at: Map<number, { x: number; y: number }>;
  edges: Edge[];
}

const eventOf = (board: Board, code: string): FsmAction | undefined => {
  const e = board.events.find((x) => x.event_code === code);
  return e && { event_code: e.event_code, event_names: e.event_names, params: e.event_params };
};

async function draw(type: string, lang: string): Promise<Drawn | { error: Said }> {
  try {
    const board = await loadBoard(type);
    const label = (t: BoardTransition) => {
      const e = eventOf(board, t.event_code);
      return e ? eventName(e, lang) : t.event_code;
    };
    const at = await layoutStates(board.states, board.transitions, label);
    const retiredEvents = new Set(board.events.filter((e) => e.retired).map((e) => e.event_code));
    const edges: Edge[] = board.transitions.map((t) => ({
      id: String(t.transition_id),
      source: String(t.from_state_id),
      target: String(t.to_state_id),
      label: label(t),
      markerEnd: { type: MarkerType.ArrowClosed },
      className: `wf-edge${t.show_in_fsm_actions ? '' : ' wf-edge-hidden'}${retiredEvents.has(t.event_code) ? ' wf-edge-retired' : ''}`,
      // A self-transition and parallel ones stay apart.
      type: 'smoothstep',
    }));
    return { board, at, edges };
  } catch (e) {
    return { error: describeError(e) };
  }
}

export function DiagramPage() {
  usePageTitle('diagram.title');
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  // Drawn where the type is chosen or a transition changed, never in render (KanbanPage).
  const [view, setView] = useState<{ type: string; data: Promise<Drawn | { error: Said }> } | null>(null);
  const types = useTypes((type) => setView((v) => v ?? { type, data: draw(type, lang) }));
  const [pending, startTransition] = useTransition();
  const redraw = () => {
    if (!view) return;
    const next = { type: view.type, data: draw(view.type, lang) };
    startTransition(() => setView(next));
  };
  return (
    <div className="wf-diagram-page" aria-busy={pending || undefined}>
      <TypePicker types={types} value={view?.type} onChange={(type) => setView({ type, data: draw(type, lang) })} />
      {view && (
        <Suspense fallback={<p className="grid-muted">{intl.formatMessage({ id: 'grid.loading' })}</p>}>
          <DiagramView data={view.data} redraw={redraw} />
        </Suspense>
      )}
    </div>
  );
}

type Opened = { kind: 'transition'; editing: Editing } | { kind: 'state' } | { kind: 'event'; event: Board['events'][number] | null };

function DiagramView({ data, redraw }: { data: Promise<Drawn | { error: Said }>; redraw: () => void }) {
  const drawn = use(data);
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const lang = useSession((s) => s.lang);
  const menu = useSession((s) => s.user?.menu);
  const perms = useMemo(() => permsOf(menu ?? [], TRANSITIONS_PAGE), [menu]);
  const statePerms = useMemo(() => permsOf(menu ?? [], STATES_PAGE), [menu]);
  const eventPerms = useMemo(() => permsOf(menu ?? [], EVENTS_PAGE), [menu]);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [stateMenu, setStateMenu] = useState<{ state: BoardState; x: number; y: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  if ('error' in drawn) {
    return (
      <div className="alert alert-danger" role="alert">
        {say(intl, drawn.error)}
      </div>
    );
  }
  const { board, at, edges } = drawn;
  const stateName = (s: BoardState) => nameIn(s.state_names, lang) || s.state_code;

  /** A change of the definition: redrawn when it is made; a refusal said above the diagram. */
  const change = async (what: () => Promise<unknown>, done: string) => {
    setProblem(null);
    try {
      await what();
      toast({ variant: 'success', id: done });
      redraw();
    } catch (e) {
      setProblem(say(intl, describeError(e)));
    }
  };
  const startRename = (id: number) => setRenaming(id);
  const rename = (s: BoardState, text: string | null) => {
    setRenaming(null);
    if (text === null || !text.trim() || text.trim() === stateName(s)) return;
    void change(() => setState(s, { state_names: renamed(s.state_names, lang, text) }), 'workflow.state_saved');
  };

  const nodes: StateNodeType[] = board.states.map((s) => ({
    id: String(s.state_id),
    type: 'state',
    position: at.get(s.state_id) ?? { x: 0, y: 0 },
    data: {
      label: stateName(s),
      renaming: renaming === s.state_id,
      canRename: statePerms.set,
      startRename: () => startRename(s.state_id),
      rename: (text) => rename(s, text),
    },
    // Laid out left to right: arrows leave a state on its right and enter on its left.
    sourcePosition: Position.Right,
    targetPosition: Position.Left,
    className: `wf-node${s.initial_state ? ' wf-node-initial' : ''}${s.final_state ? ' wf-node-final' : ''}${s.retired ? ' wf-node-retired' : ''}`,
    ariaLabel: stateName(s),
  }));

  const onConnect = (c: Connection) => {
    if (!perms.add || !c.source || !c.target) return;
    setOpened({ kind: 'transition', editing: { kind: 'add', from: Number(c.source), to: Number(c.target) } });
  };
  const onEdgeClick = (_: unknown, edge: Edge) => {
    const tr = board.transitions.find((x) => String(x.transition_id) === edge.id);
    if (tr) setOpened({ kind: 'transition', editing: { kind: 'edit', transition: tr } });
  };
  const canEditStates = statePerms.set || statePerms.delete;
  const onNodeContextMenu: NodeMouseHandler = (e, node) => {
    const s = board.states.find((x) => String(x.state_id) === node.id);
    const box = boxRef.current?.getBoundingClientRect();
    if (!s || !box || !canEditStates) return;
    e.preventDefault();
    // From the keyboard's menu key the event has no pointer position: the menu opens at the diagram's corner.
    setStateMenu({ state: s, x: Math.max(0, e.clientX - box.left), y: Math.max(0, e.clientY - box.top) });
  };
  const closeMenu = () => setStateMenu(null);
  const menuItem = (id: string, run: () => void, cls: string) => (
    <button
      type="button"
      role="menuitem"
      className={`wf-menu-item ${cls}`}
      onClick={() => {
        closeMenu();
        run();
      }}
    >
      {t(id)}
    </button>
  );
  const onMenuKey = (e: ReactKeyboardEvent) => {
    if (e.key === 'Escape') closeMenu();
  };

  return (
    <>
      <p className="wf-hint">{t(perms.add || perms.set || canEditStates || eventPerms.set ? 'workflow.diagram_hint' : 'workflow.diagram_read_only')}</p>
      {(statePerms.add || eventPerms.add) && (
        <div className="wf-toolbar" role="toolbar" aria-label={t('diagram.title')}>
          {statePerms.add && (
            <button type="button" className="btn btn-secondary wf-add-state" onClick={() => setOpened({ kind: 'state' })}>
              {t('workflow.add_state')}
            </button>
          )}
          {eventPerms.add && (
            <button type="button" className="btn btn-secondary wf-add-event" onClick={() => setOpened({ kind: 'event', event: null })}>
              {t('workflow.add_event')}
            </button>
          )}
        </div>
      )}
      <ul className="wf-events" aria-label={t('workflow.events')}>
        {board.events.map((e) => (
          <li key={e.event_code}>
            <button
              type="button"
              className={`wf-event${e.retired ? ' wf-event-retired' : ''}`}
              data-event={e.event_code}
              title={e.retired ? t('fields.retired') : undefined}
              onClick={() => setOpened({ kind: 'event', event: e })}
            >
              <EventButtonPreview variant={e.event_params.bv_variant} icon={e.event_params.bv_icon} name={nameIn(e.event_names, lang) || e.event_code} />
              {e.reserved && <span className="wf-event-roles">{t('workflow.reserved')}</span>}
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <div className="alert alert-danger wf-problem" role="alert">
          {problem}
        </div>
      )}
      <div className="wf-diagram" data-type={board.type.type_code} ref={boxRef}>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          fitView
          nodesDraggable={false}
          nodesConnectable={perms.add}
          elementsSelectable
          onConnect={onConnect}
          onEdgeClick={onEdgeClick}
          onNodeContextMenu={onNodeContextMenu}
          onPaneClick={closeMenu}
          proOptions={{ hideAttribution: true }}
        >
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
        {stateMenu && (
          <div
            className="wf-menu"
            role="menu"
            aria-label={stateName(stateMenu.state)}
            data-state={stateMenu.state.state_code}
            style={{ left: stateMenu.x, top: stateMenu.y }}
            onKeyDown={onMenuKey}
            ref={(el) => el?.querySelector('button')?.focus()}
          >
            {statePerms.set && menuItem('workflow.rename', () => startRename(stateMenu.state.state_id), 'wf-rename-item')}
            {statePerms.set && menuItem('workflow.earlier', () => void change(() => move('fsm_states', 'state_id', board.states, stateMenu.state, -1), 'workflow.state_saved'), 'wf-earlier')}
            {statePerms.set && menuItem('workflow.later', () => void change(() => move('fsm_states', 'state_id', board.states, stateMenu.state, 1), 'workflow.state_saved'), 'wf-later')}
            {statePerms.set &&
              !stateMenu.state.initial_state &&
              menuItem(
                stateMenu.state.retired ? 'workflow.restore' : 'workflow.retire',
                () => void change(() => setState(stateMenu.state, { retired: !stateMenu.state.retired }), 'workflow.state_saved'),
                'wf-retire',
              )}
            {statePerms.delete && menuItem('common.delete', () => void change(() => deleteState(stateMenu.state), 'workflow.state_deleted'), 'wf-delete-state')}
          </div>
        )}
      </div>
      {opened?.kind === 'transition' && (
        <TransitionDialog
          board={board}
          editing={opened.editing}
          perms={perms}
          eventPerms={eventPerms}
          onClose={(changed) => {
            setOpened(null);
            if (changed) redraw();
          }}
        />
      )}
      {opened?.kind === 'state' && (
        <StateDialog
          type={board.type.type_code}
          onClose={(changed) => {
            setOpened(null);
            if (changed) redraw();
          }}
        />
      )}
      {opened?.kind === 'event' && (
        <EventDialog
          board={board}
          event={opened.event}
          perms={eventPerms}
          onClose={(changed) => {
            setOpened(null);
            if (changed) redraw();
          }}
        />
      )}
    </>
  );
}
