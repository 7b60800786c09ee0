/**
 * The app's parts that load as one chunk each (loadTogether.ts): a screen route's page
 * with its grid and everything they import statically. Paths from the project root.
 */
import type { Together } from './loadTogether.ts';

export const APP_PARTS: readonly Together[] = [{ name: 'screen-page', roots: ['src/app/pages/ScreenPage.tsx'] }];
