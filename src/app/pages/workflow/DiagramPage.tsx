/**
 * /settings/gojs: a workflow type's diagram — its states laid out by elkjs, drawn with
 * @xyflow/react, each transition an arrow named by its event. With the rights of the
 * transitions page, a drag from one state to another adds a transition and a click on one
 * changes or deletes it, through the fsm_transitions form: the same validation as its grid
 * (the server's rules, 409 already_exists for a second transition of an event from a state).
 */
import '@xyflow/react/dist/style.css';
import './workflowPages.css';
import { Background, Controls, MarkerType, Position, ReactFlow, type Connection, type Edge, type Node } from '@xyflow/react';
import { Suspense, use, useMemo, useState, useTransition } from 'react';
import { useIntl } from 'react-intl';
import { eventName, type FsmAction } from '../../../core/workflowActions.ts';
import { say, type Said } from '../../api/said.ts';
import { describeError } from '../../api/said.ts';
import { usePageTitle } from '../../chrome/pageTitle.ts';
import { permsOf } from '../../session/pagePerms.ts';
import { useSession } from '../../session/session.ts';
import { loadBoard, nameIn, type Board, type BoardTransition } from './board.ts';
import { layoutStates } from './diagramLayout.ts';
import { TransitionDialog, type Editing } from './TransitionDialog.tsx';
import { TypePicker, useTypes } from './TypePicker.tsx';

/** The grid of transitions: its page's rights are the diagram's rights to change them. */
const TRANSITIONS_PAGE = '/fsm/fsm_transitions';

interface Drawn {
  board: Board;
  nodes: Node[];
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
    const nodes: Node[] = board.states.map((s) => ({
      id: String(s.state_id),
      position: at.get(s.state_id) ?? { x: 0, y: 0 },
      data: { label: nameIn(s.state_names, lang) || s.state_code },
      // Laid out left to right: arrows leave a state on its right and enter on its left.
      sourcePosition: Position.Right,
      targetPosition: Position.Left,
      className: `wf-node${s.initial_state ? ' wf-node-initial' : ''}${s.final_state ? ' wf-node-final' : ''}`,
      ariaLabel: nameIn(s.state_names, lang),
    }));
    const edges: Edge[] = board.transitions.map((t) => ({
      id: String(t.transition_id),
      source: String(t.from_state_id),
      target: String(t.to_state_id),
      label: label(t),
      markerEnd: { type: MarkerType.ArrowClosed },
      className: t.show_in_fsm_actions ? 'wf-edge' : 'wf-edge wf-edge-hidden',
      // A self-transition and parallel ones stay apart.
      type: 'smoothstep',
    }));
    return { board, nodes, edges };
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

function DiagramView({ data, redraw }: { data: Promise<Drawn | { error: Said }>; redraw: () => void }) {
  const drawn = use(data);
  const intl = useIntl();
  const menu = useSession((s) => s.user?.menu);
  const perms = useMemo(() => permsOf(menu ?? [], TRANSITIONS_PAGE), [menu]);
  const [editing, setEditing] = useState<Editing | null>(null);
  if ('error' in drawn) {
    return (
      <div className="alert alert-danger" role="alert">
        {say(intl, drawn.error)}
      </div>
    );
  }
  const { board, nodes, edges } = drawn;
  const onConnect = (c: Connection) => {
    if (!perms.add || !c.source || !c.target) return;
    setEditing({ kind: 'add', from: Number(c.source), to: Number(c.target) });
  };
  const onEdgeClick = (_: unknown, edge: Edge) => {
    const t = board.transitions.find((x) => String(x.transition_id) === edge.id);
    if (t) setEditing({ kind: 'edit', transition: t });
  };
  return (
    <>
      <p className="wf-hint">{intl.formatMessage({ id: perms.add || perms.set ? 'workflow.diagram_hint' : 'workflow.diagram_read_only' })}</p>
      <div className="wf-diagram" data-type={board.type.type_code}>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          fitView
          nodesDraggable={false}
          nodesConnectable={perms.add}
          elementsSelectable
          onConnect={onConnect}
          onEdgeClick={onEdgeClick}
          proOptions={{ hideAttribution: true }}
        >
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      {editing && (
        <TransitionDialog
          board={board}
          editing={editing}
          perms={perms}
          onClose={(changed) => {
            setEditing(null);
            if (changed) redraw();
          }}
        />
      )}
    </>
  );
}
