/** The route walk (routeWalk.ts) of the settings group of menu areas (routeAreas.ts ROUTE_GROUPS), the areas no group names, and the login, home and not-found pages. */
import { walkRoutes } from './routeWalk.ts';

walkRoutes('settings');
