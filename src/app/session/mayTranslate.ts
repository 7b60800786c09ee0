import { AI_TRANSLATE_PAGE } from '../../core/aiLimits.ts';
import { permsOf } from './pagePerms.ts';
import { useSession } from './session.ts';

/** Whether the user may machine-translate: `list` on the translation engines' page, which the server's translate routes ask for (issue 42). */
export const useMayTranslate = (): boolean => useSession((s) => permsOf(s.user?.menu ?? [], AI_TRANSLATE_PAGE).list);
