/**
 * Property: random sequences of events (users' triggers, known or not, allowed or not, and
 * scheduler ticks far in the future) on random instances of the reference workflows never
 * leave an instance in a state from which no final state can be reached, never leave one
 * without history, and its history always chains: creation from nothing into the initial
 * state, each row from the state the previous one entered, the last into the current state.
 * A refused trigger changes nothing; an accepted one follows the transition table exactly.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/server/http/errors.ts';
import type { Session } from '../../src/server/rpc/context.ts';
import { createInstance } from '../../src/server/workflow/instances.ts';
import { tick } from '../../src/server/workflow/scheduler.ts';
import { trigger } from '../../src/server/workflow/trigger.ts';
import { workflows } from '../../src/server/db/seed/workflows.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

interface Graph {
  initial: string;
  finals: Set<string>;
  /** state → event → next state */
  next: Map<string, Map<string, string>>;
  events: string[];
}

async function graphOf(s: TestServer, type: string): Promise<Graph> {
  const states = (
    await s.db.query<{ state_code: string; initial_state: boolean; final_state: boolean }>('select state_code, initial_state, final_state from app.fsm_states where type_code = $1', [type])
  ).rows;
  const edges = (
    await s.db.query<{ event_code: string; f: string; t: string }>(
      `select tr.event_code, f.state_code as f, t.state_code as t from app.fsm_transitions tr
       join app.fsm_states f on f.state_id = tr.from_state_id join app.fsm_states t on t.state_id = tr.to_state_id where tr.type_code = $1`,
      [type],
    )
  ).rows;
  const next = new Map(states.map((x) => [x.state_code, new Map<string, string>()]));
  for (const e of edges) next.get(e.f)!.set(e.event_code, e.t);
  const events = (await s.db.query<{ event_code: string }>('select event_code from app.fsm_events where type_code = $1', [type])).rows.map((e) => e.event_code);
  return { initial: states.find((x) => x.initial_state)!.state_code, finals: new Set(states.filter((x) => x.final_state).map((x) => x.state_code)), next, events };
}

/** Whether a final state can be reached from `state` (a breadth-first walk of the transitions). */
function reachesFinal(g: Graph, state: string): boolean {
  const seen = new Set([state]);
  const queue = [state];
  while (queue.length) {
    const cur = queue.shift()!;
    if (g.finals.has(cur)) return true;
    for (const to of g.next.get(cur)!.values()) {
      if (seen.has(to)) continue;
      seen.add(to);
      queue.push(to);
    }
  }
  return false;
}

type Step = { kind: 'fire'; instance: number; event: number } | { kind: 'tick'; days: number };

describe.each(engines)('workflow property on %s', (engine) => {
  let s: TestServer;
  const session: Session = { userId: 1, languageCode: 'en', companies: ['SK01'], company: 'SK01' };
  beforeAll(async () => void (s = await startTestServer(engine, { config: { demoProducts: 50 } })));
  afterAll(() => s?.close());

  it('never strands an instance and always keeps a chained history', async () => {
    const graphs = new Map<string, Graph>();
    for (const w of workflows) graphs.set(w.type, await graphOf(s, w.type));
    let clockDays = 0;
    const base = Date.now();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...workflows.map((w) => w.type)),
        fc.array(
          fc.oneof(
            { weight: 6, arbitrary: fc.record({ kind: fc.constant('fire' as const), instance: fc.nat(2), event: fc.nat(20) }) },
            { weight: 1, arbitrary: fc.record({ kind: fc.constant('tick' as const), days: fc.integer({ min: 1, max: 60 }) }) },
          ),
          { maxLength: 25 },
        ),
        async (type, steps: Step[]) => {
          const g = graphs.get(type)!;
          const ids = [await createInstance(s.db, type, 'SK01'), await createInstance(s.db, type, 'SK01'), await createInstance(s.db, type, 'SK01')];
          const stateOf = async (id: number) =>
            (await s.db.query<{ state_code: string }>('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where fsm_instance_id = $1', [id])).rows[0]!.state_code;
          for (const step of steps) {
            if (step.kind === 'tick') {
              clockDays += step.days;
              await tick(s.db, new Date(base + clockDays * 86_400_000));
            } else {
              const id = ids[step.instance]!;
              const event = step.event < g.events.length ? g.events[step.event]! : `no_event_${step.event}`;
              const before = await stateOf(id);
              const expected = g.next.get(before)!.get(event);
              try {
                const [row] = (await trigger(s.db, session, { event_code: event, ids: [id], params: {} })).rows;
                expect(expected, `${type}: ${event} from ${before} was accepted`).toBeDefined();
                expect(row!.state_code).toBe(expected);
              } catch (e) {
                if (!(e instanceof HttpError)) throw e;
                expect(e.code).toBe(g.events.includes(event) ? 'event_not_allowed' : 'unknown_event');
                expect(expected).toBeUndefined();
                expect(await stateOf(id)).toBe(before);
              }
            }
          }
          for (const id of ids) {
            const state = await stateOf(id);
            expect(reachesFinal(g, state), `${type}: ${state} reaches no final state`).toBe(true);
            const h = (
              await s.db.query<{ f: string | null; t: string; event_code: string | null }>(
                `select f.state_code as f, t.state_code as t, h.event_code from app.fsm_history h
                 left join app.fsm_states f on f.state_id = h.from_state_id join app.fsm_states t on t.state_id = h.to_state_id
                 where fsm_instance_id = $1 order by history_id`,
                [id],
              )
            ).rows;
            expect(h.length).toBeGreaterThanOrEqual(1);
            expect(h[0]).toEqual({ f: null, t: g.initial, event_code: null });
            for (let i = 1; i < h.length; i++) {
              expect(h[i]!.f).toBe(h[i - 1]!.t);
              expect(g.next.get(h[i]!.f!)!.get(h[i]!.event_code!)).toBe(h[i]!.t);
            }
            expect(h.at(-1)!.t).toBe(state);
          }
        },
      ),
      { numRuns: engine === 'pglite' ? 40 : 25 },
    );
  });
});
