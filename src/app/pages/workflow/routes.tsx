/**
 * The workflow pages' route components: one small chunk the route tree loads, which loads
 * each page with the catalogue's later part (the pages speak workflow.* keys). The tree
 * names only this chunk: the pages' own dependencies (elkjs, @xyflow/react) are listed
 * here, not in the list route's code.
 */
import { lazyWithMessages } from '../../i18n/lazy.tsx';

const Kanban = lazyWithMessages(() => import('./KanbanPage.tsx').then((m) => ({ default: m.KanbanPage })));
const Diagram = lazyWithMessages(() => import('./DiagramPage.tsx').then((m) => ({ default: m.DiagramPage })));

export const KanbanRoute = () => <Kanban />;
export const DiagramRoute = () => <Diagram />;
