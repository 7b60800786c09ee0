/** The route walk (routeWalk.ts) of the products group of menu areas (routeAreas.ts ROUTE_GROUPS). */
import { walkRoutes } from './routeWalk.ts';

walkRoutes('products');
