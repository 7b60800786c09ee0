/**
 * The workflow diagram's layout: elkjs's layered algorithm places the states left to right
 * along their transitions (the initial state first), leaving room for the event names on
 * the edges. Loaded with the diagram page only.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { BoardState, BoardTransition } from './board.ts';

const NODE_WIDTH = 180;
const NODE_HEIGHT = 48;

const elk = new ELK();

/** State id → its top-left corner. `label`: an edge's text (its width is estimated from its length). */
export async function layoutStates(states: readonly BoardState[], transitions: readonly BoardTransition[], label: (t: BoardTransition) => string): Promise<Map<number, { x: number; y: number }>> {
  const graph = await elk.layout({
    id: 'workflow',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.spacing.nodeNode': '48',
      'elk.layered.spacing.nodeNodeBetweenLayers': '110',
      'elk.spacing.edgeLabel': '6',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
    },
    children: states.map((s) => ({
      id: String(s.state_id),
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      // The initial state starts the first layer.
      ...(s.initial_state ? { layoutOptions: { 'elk.layered.layering.layerConstraint': 'FIRST' } } : {}),
    })),
    edges: transitions.map((t) => ({
      id: String(t.transition_id),
      sources: [String(t.from_state_id)],
      targets: [String(t.to_state_id)],
      labels: [{ text: label(t), width: Math.max(30, label(t).length * 7), height: 16 }],
    })),
  });
  return new Map((graph.children ?? []).map((c) => [Number(c.id), { x: c.x ?? 0, y: c.y ?? 0 }]));
}
