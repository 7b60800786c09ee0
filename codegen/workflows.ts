import type { EditableInSpec, ScreenDescriptor } from '../schemas/screen.ts';

/** A seeded workflow type and its state codes. */
export interface SeededWorkflow {
  type: string;
  states: readonly string[];
}

/**
 * A descriptor's `workflow.type` must be a seeded workflow type, and every `editableIn`
 * (of the screen or a column) must name states of the governing workflow: the row's own
 * type, or that of its `parent` — a workflow screen listing this form among its details.
 * Codegen cannot read the database, so it checks against the definitions the seed writes
 * (seed/workflows.ts).
 */
export function workflowTypeProblems(screens: { file: string; screen: ScreenDescriptor }[], workflows: readonly SeededWorkflow[]): string[] {
  const known = new Map(workflows.map((w) => [w.type, new Set(w.states)]));
  const byForm = new Map(screens.map((s) => [s.screen.form, s.screen]));
  return screens.flatMap(({ file, screen }) => {
    const out: string[] = [];
    if (screen.workflow && !known.has(screen.workflow.type)) out.push(`${file}: workflow.type: expected one of ${[...known.keys()].join(', ')}, got "${screen.workflow.type}"`);
    const check = (at: string, rule: EditableInSpec) => {
      const governing = rule.parent === undefined ? screen : byForm.get(rule.parent);
      if (rule.parent !== undefined && !governing?.details?.includes(screen.form)) {
        out.push(`${file}: ${at}.parent: expected a form listing ${screen.form} among its details, got "${rule.parent}"`);
        return;
      }
      const states = governing?.workflow ? known.get(governing.workflow.type) : undefined;
      if (!states) {
        out.push(`${file}: ${at}: expected ${rule.parent ?? screen.form} to be a workflow screen`);
        return;
      }
      for (const st of rule.states) if (!states.has(st)) out.push(`${file}: ${at}.states: expected states of ${governing!.workflow!.type}, got "${st}"`);
    };
    if (screen.editableIn) check('editableIn', screen.editableIn);
    for (const [f, c] of Object.entries(screen.columns)) if (c.editableIn) check(`columns.${f}.editableIn`, c.editableIn);
    return out;
  });
}

/** The types of seed/workflows.ts with their states. */
export async function seededWorkflowTypes(): Promise<SeededWorkflow[]> {
  const { workflows } = await import('../src/server/db/seed/workflows.ts');
  return workflows.map((w) => ({ type: w.type, states: w.states.map((s) => s.code) }));
}
