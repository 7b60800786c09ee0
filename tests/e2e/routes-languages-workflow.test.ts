/** The languages walk (routeWalk.ts) of the workflow group (routeAreas.ts LANGUAGE_GROUPS). */
import { walkLanguages } from './routeWalk.ts';

walkLanguages('workflow');
