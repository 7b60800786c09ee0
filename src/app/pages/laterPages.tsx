/**
 * Route components of the pages that speak the catalogue's later part (core/catalogueParts.ts: the AI
 * page's ai.*, the workflow pages' workflow.*): one small chunk the route tree loads, which
 * loads each page with that part. The tree names only this chunk: the pages' own
 * dependencies (elkjs, @xyflow/react, bwip-js) are listed here, not in the list route's code.
 */
import type { PrintDocumentKey } from '../../core/printDocuments.ts';
import { lazyWithMessages } from '../i18n/lazy.tsx';

const Kanban = lazyWithMessages(() => import('./workflow/KanbanPage.tsx').then((m) => ({ default: m.KanbanPage })));
const Diagram = lazyWithMessages(() => import('./workflow/DiagramPage.tsx').then((m) => ({ default: m.DiagramPage })));
const PrintDocument = lazyWithMessages(() => import('./print/PrintDocumentPage.tsx').then((m) => ({ default: m.PrintDocumentPage })));
const ForgotPassword = lazyWithMessages(() => import('./account/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const SetPassword = lazyWithMessages(() => import('./account/SetPasswordPage.tsx').then((m) => ({ default: m.SetPasswordPage })));
const Profile = lazyWithMessages(() => import('./account/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })));
const ChatgptTwin = lazyWithMessages(() => import('./ai/ChatTwinPage.tsx').then((m) => ({ default: m.ChatTwinPage })));
const AiQuery = lazyWithMessages(() => import('./AiQueryPage.tsx').then((m) => ({ default: m.AiQueryPage })));

export const KanbanRoute = () => <Kanban />;
export const DiagramRoute = () => <Diagram />;
export const AiQueryRoute = () => <AiQuery />;
export const ChatgptTwinRoute = () => <ChatgptTwin />;
export const ForgotPasswordRoute = () => <ForgotPassword />;
export const SetPasswordRoute = () => <SetPassword />;
export const ProfileRoute = () => <Profile />;
/** A print document (its page's texts, e.g. the server's refusals, are in the later part). */
export const PrintDocumentRoute = ({ doc }: { doc: PrintDocumentKey }) => <PrintDocument doc={doc} />;
