/**
 * The catalogue keys naming a workflow type's parts, by convention (issue 45): a definition
 * in a descriptor (schemas/screen.ts `workflow`) states codes only, and the seed and the
 * reference sync read the names in every language from these keys (codegen checks each is in
 * the seven catalogues).
 */
export const workflowTitleId = (type: string): string => `workflows.${type}.title`;
export const workflowStateId = (type: string, state: string): string => `workflows.${type}.states.${state}`;
export const workflowEventId = (type: string, event: string): string => `workflows.${type}.events.${event}`;
/** The label of the checkbox an event's confirmation offers (`checkbox: true`). */
export const workflowCheckboxId = (type: string, event: string): string => `workflows.${type}.checkboxes.${event}`;
