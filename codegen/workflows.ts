import type { ScreenDescriptor } from '../schemas/screen.ts';

/**
 * A descriptor's `workflow.type` must be a seeded workflow type: codegen cannot read the
 * database, so it checks against the definitions the seed writes (seed/workflows.ts).
 */
export function workflowTypeProblems(screens: { file: string; screen: ScreenDescriptor }[], types: readonly string[]): string[] {
  const known = new Set(types);
  return screens.flatMap(({ file, screen }) =>
    screen.workflow && !known.has(screen.workflow.type) ? [`${file}: workflow.type: expected one of ${[...known].join(', ')}, got "${screen.workflow.type}"`] : [],
  );
}

/** The types of seed/workflows.ts. */
export async function seededWorkflowTypes(): Promise<string[]> {
  const { workflows } = await import('../src/server/db/seed/workflows.ts');
  return workflows.map((w) => w.type);
}
