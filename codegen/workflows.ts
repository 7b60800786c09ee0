import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { definesWorkflow, transitionsOf, type EditableInSpec, type ScreenDescriptor } from '../schemas/screen.ts';
import { workflowCheckboxId, workflowEventId, workflowStateId, workflowTitleId } from '../src/core/workflowKeys.ts';
import { root } from './screens.ts';

/**
 * A workflow type as a descriptor defines it (schemas/screen.ts `workflow`), with its page (the
 * defining screen's) and its transitions one per state left: what src/generated/workflows.ts
 * holds for the seed and the reference sync.
 */
export interface ScreenWorkflow {
  type: string;
  page: string;
  states: Record<string, { initial?: true; final?: true; filter?: false }>;
  events: Record<string, { variant: string; icon: string; checkbox?: true; email?: true; payment?: true }>;
  transitions: { event: string; from: string; to: string; timeout?: number; actions?: false; button?: true }[];
  timeoutEvent?: string;
  loop?: { event: string; interval: number };
}

type Screens = readonly { file: string; screen: ScreenDescriptor }[];

/** A page's code from its route, as seed/menu.ts names the rows: /sales/sales_orders → sales.sales_orders. */
const pageCodeOf = (route: string): string => route.slice(1).replaceAll('/', '.');

/** Every workflow type the descriptors define, in the order of their files. */
export function workflowDefinitions(screens: Screens): ScreenWorkflow[] {
  return screens.flatMap(({ screen: s }) => {
    const w = s.workflow;
    if (!definesWorkflow(w) || !s.route) return [];
    return [
      {
        type: w.type,
        page: pageCodeOf(s.route),
        states: w.states,
        events: w.events,
        transitions: transitionsOf(w.transitions),
        ...(w.timeoutEvent ? { timeoutEvent: w.timeoutEvent } : {}),
        ...(w.loop ? { loop: w.loop } : {}),
      },
    ];
  });
}

/**
 * A descriptor's `workflow.type` must be a type one descriptor defines (two defining one type
 * is refused), and every `editableIn` (of the screen or a column) must name states of the
 * governing workflow: the row's own type, or that of its `parent` — a workflow screen listing
 * this form among its details.
 */
export function workflowTypeProblems(screens: Screens, workflows: readonly ScreenWorkflow[]): string[] {
  const known = new Map(workflows.map((w) => [w.type, new Set(Object.keys(w.states))]));
  const byForm = new Map(screens.map((s) => [s.screen.form, s.screen]));
  const definedIn = new Map<string, string>();
  const out: string[] = [];
  for (const { file, screen } of screens) {
    if (!definesWorkflow(screen.workflow)) continue;
    const first = definedIn.get(screen.workflow.type);
    if (first) out.push(`${file}: workflow: expected the type ${screen.workflow.type} defined once, got a second definition (the first in ${first})`);
    else definedIn.set(screen.workflow.type, file);
  }
  return out.concat(
    screens.flatMap(({ file, screen }) => {
      const problems: string[] = [];
      if (screen.workflow && !known.has(screen.workflow.type)) {
        problems.push(`${file}: workflow.type: expected a type some descriptor defines (${[...known.keys()].join(', ')}), got "${screen.workflow.type}"`);
      }
      const check = (at: string, rule: EditableInSpec) => {
        const governing = rule.parent === undefined ? screen : byForm.get(rule.parent);
        if (rule.parent !== undefined && !governing?.details?.includes(screen.form)) {
          problems.push(`${file}: ${at}.parent: expected a form listing ${screen.form} among its details, got "${rule.parent}"`);
          return;
        }
        const states = governing?.workflow ? known.get(governing.workflow.type) : undefined;
        if (!states) {
          problems.push(`${file}: ${at}: expected ${rule.parent ?? screen.form} to be a workflow screen`);
          return;
        }
        for (const st of rule.states) if (!states.has(st)) problems.push(`${file}: ${at}.states: expected states of ${governing!.workflow!.type}, got "${st}"`);
      };
      if (screen.editableIn) check('editableIn', screen.editableIn);
      for (const [f, c] of Object.entries(screen.columns)) if (c.editableIn) check(`columns.${f}.editableIn`, c.editableIn);
      return problems;
    }),
  );
}

/** The catalogue keys a definition's names are read from (core/workflowKeys.ts), each with where it is used. */
export function workflowKeys(workflows: readonly ScreenWorkflow[]): Map<string, string> {
  const keys = new Map<string, string>();
  for (const w of workflows) {
    const where = `workflow ${w.type}`;
    keys.set(workflowTitleId(w.type), where);
    for (const st of Object.keys(w.states)) keys.set(workflowStateId(w.type, st), where);
    for (const [e, def] of Object.entries(w.events)) {
      keys.set(workflowEventId(w.type, e), where);
      if (def.checkbox) keys.set(workflowCheckboxId(w.type, e), where);
    }
  }
  return keys;
}

/** lucide-react's icons by name (aliases included), each with its module: the names an event's `icon` may use. */
export function lucideIcons(): Map<string, string> {
  const text = readFileSync(join(root, 'node_modules/lucide-react/dist/esm/dynamicIconImports.mjs'), 'utf8');
  return new Map([...text.matchAll(/"([a-z0-9-]+)": \(\) => import\('\.\/icons\/([a-z0-9-]+)\.mjs'\)/g)].map((m) => [m[1]!, m[2]!]));
}

/** Events whose icon lucide-react does not have. */
export function iconProblems(screens: Screens, icons: ReadonlyMap<string, string>): string[] {
  return screens.flatMap(({ file, screen }) =>
    Object.entries(screen.workflow?.events ?? {}).flatMap(([e, def]) => (icons.has(def.icon) ? [] : [`${file}: workflow.events.${e}.icon: expected a lucide icon name, got "${def.icon}"`])),
  );
}

/** src/generated/workflows.ts: the definitions the seed writes and the reference sync adds (seed/workflows.ts names them from the catalogues). */
export function workflowsSource(workflows: readonly ScreenWorkflow[]): string {
  return [
    '// Generated by codegen from screens/ — do not edit.',
    '',
    '/** A workflow type as its descriptor defines it (codegen/workflows.ts), its transitions one per state left. */',
    'export interface ScreenWorkflow {',
    '  type: string;',
    '  page: string;',
    '  states: Record<string, { initial?: true; final?: true; filter?: false }>;',
    '  events: Record<string, { variant: string; icon: string; checkbox?: true; email?: true; payment?: true }>;',
    '  transitions: { event: string; from: string; to: string; timeout?: number; actions?: false; button?: true }[];',
    '  timeoutEvent?: string;',
    '  loop?: { event: string; interval: number };',
    '}',
    '',
    'export const screenWorkflows: readonly ScreenWorkflow[] = [',
    ...workflows.map((w) => `  ${JSON.stringify(w)},`),
    '];',
    '',
  ].join('\n');
}

/**
 * src/generated/eventIcons.ts: the icon of every event the descriptors define, by its name, as
 * lucide-react draws it (one module per icon: only these reach the bundle). The browser's
 * chrome/eventIcons.tsx reads it: a new icon is a name in a descriptor, nothing to add by hand.
 */
export function eventIconsSource(workflows: readonly ScreenWorkflow[], icons: ReadonlyMap<string, string>): string {
  const names = [...new Set(workflows.flatMap((w) => Object.values(w.events).map((e) => e.icon)))].filter((n) => icons.has(n)).sort();
  return [
    '// Generated by codegen from screens/ — do not edit.',
    "import type { LucideIcon } from 'lucide-react';",
    ...names.map((n, i) => `import i${i} from 'lucide-react/icons/${icons.get(n)}';`),
    '',
    '/** The workflow events’ icons (their `icon`, fsm_events.event_params.bv_icon), by lucide name. */',
    'export const eventIcons: Readonly<Record<string, LucideIcon>> = {',
    ...names.map((n, i) => `  ${JSON.stringify(n)}: i${i},`),
    '};',
    '',
  ].join('\n');
}
