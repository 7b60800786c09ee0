/** The route walk (routeWalk.ts) of the stock group of menu areas (routeAreas.ts ROUTE_GROUPS). */
import { walkRoutes } from './routeWalk.ts';

walkRoutes('stock');
